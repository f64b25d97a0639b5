import { Writable } from 'node:stream';
import { API_PREFIX, ECHO_MAX, ID_MAX, ValidationMessage } from '@shotlib/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSession } from './modules/session/session.service';
import { createRng } from './seed/prng';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Walks every route the server registers with the classes of hostile input seen in the wild
 * (out-of-range ids, NUL and lone surrogates, huge values, wrong types, deep nesting, prototype
 * keys, wrong content types, malformed multipart) and asserts what a client may rely on: never a
 * 5xx, an envelope with a short message on every refusal, and nothing written to the error log.
 * Deterministic: the same requests every run.
 */

type Route = { method: string; url: string; schema?: { params?: unknown; querystring?: unknown; body?: unknown } };

/** Field names of a zod object schema (through unions, optionals and pipes); [] when not an object. */
function fieldsOf(schema: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number) => {
    if (!(node instanceof z.ZodType) || depth > 6) return;
    if (node instanceof z.ZodObject) for (const key of Object.keys(node.shape)) names.add(key);
    const def = (node as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    for (const inner of [def.innerType, def.in, def.out, def.schema]) visit(inner, depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  visit(schema, 0);
  return [...names];
}

/** The date formats a field's schema takes ('date': an ISO day, 'datetime': an instant), through optionals, defaults, pipes and unions. */
function dateFormatsOf(node: unknown, formats = new Set<string>(), depth = 0): Set<string> {
  if (!(node instanceof z.ZodType) || depth > 6) return formats;
  const zod = (node as unknown as { _zod: { def: Record<string, unknown>; bag?: { format?: string } } })._zod;
  const format = String(zod.bag?.format ?? zod.def.format);
  if (zod.def.type === 'string' && (format === 'date' || format === 'datetime')) formats.add(format);
  const inner = [zod.def.innerType, zod.def.in, zod.def.out, zod.def.schema, ...(Array.isArray(zod.def.options) ? zod.def.options : [])];
  for (const next of inner) dateFormatsOf(next, formats, depth + 1);
  return formats;
}

/** The date fields of a zod object schema (through unions, optionals and pipes), with whether each takes a day. */
function dateFieldsOf(schema: unknown): Array<{ name: string; days: boolean }> {
  const fields = new Map<string, boolean>();
  const visit = (node: unknown, depth: number) => {
    if (!(node instanceof z.ZodType) || depth > 6) return;
    if (node instanceof z.ZodObject) {
      for (const [key, field] of Object.entries(node.shape as Record<string, unknown>)) {
        const formats = dateFormatsOf(field);
        if (formats.size > 0) fields.set(key, formats.has('date'));
      }
    }
    const def = (node as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    for (const inner of [def.innerType, def.in, def.out, def.schema]) visit(inner, depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1);
  };
  visit(schema, 0);
  return [...fields].map(([name, days]) => ({ name, days }));
}

/**
 * Dates at the edges of the calendar: PostgreSQL has no year 0 and ends in 294276; JS dates end at
 * ±8.64e15 ms (+275760-09-13) and toISOString writes years past 9999 as `+010000`. Well-formed ones
 * outside 1970..9999 must be refused with the contract's date message.
 */
const EDGE_DATES: unknown[] = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '-000001-01-01',
  '-000001-01-01T00:00:00Z',
  '0001-01-01',
  '0001-01-01T00:00:00Z',
  '1969-12-31',
  '1969-12-31T23:59:59Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:59:59+01:00',
  '1970-01-01',
  '1970-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.9999999Z',
  '9999-12-31T23:59:59-05:00',
  '10000-01-01',
  '+010000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '275760-09-13',
  '275761-01-01',
  '-271821-04-20T00:00:00Z',
  '2024-02-30',
  '2024-02-30T12:00:00Z',
  '2024-02-29T24:00:00Z',
  0,
  -1,
  8.64e15,
  8.64e15 + 1,
  '0',
  '-1',
  '8640000000000000',
  '8640000000000001',
];
/** Of EDGE_DATES, the well-formed instants outside 1970-01-01..9999-12-31: refused with the contract's date message. */
const OUT_OF_RANGE = new Set<unknown>(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:59:59+01:00', '9999-12-31T23:59:59-05:00']);
/** And the well-formed days outside it, for the fields that take a day. */
const DAYS_OUT_OF_RANGE = new Set<unknown>(['0000-01-01', '0001-01-01', '1969-12-31']);

/** Values that make the rest of a body valid, so a date reaches the service and the database. */
const COMPANIONS: Record<string, unknown> = {
  name: 'Fuzz dates',
  platform: false,
  texts: { enUS: { title: 'Fuzz dates', content: '<p>x</p>' } },
  action: 'grant',
  reason: 'fuzzing dates',
};

/** A date probe, and whether the reply must be the contract's date message. */
type DateProbe = Probe & { outOfRange: boolean };

/** For each date field of a route, a request carrying each edge date in it (and nothing else wrong). */
function dateProbesFor(route: Route): DateProbe[] {
  const probes: DateProbe[] = [];
  const method = route.method as InjectOptions['method'];
  const base = validPath(route.url);
  const outOfRange = (value: unknown, days: boolean) => OUT_OF_RANGE.has(value) || (days && DAYS_OUT_OF_RANGE.has(value));
  for (const { name: field, days } of dateFieldsOf(route.schema?.querystring)) {
    for (const value of EDGE_DATES) probes.push({ label: `date query ${field}=${String(value)}`, outOfRange: outOfRange(value, days), method, url: `${base}?${field}=${encodeURIComponent(String(value))}` });
  }
  const bodyFields = fieldsOf(route.schema?.body);
  for (const { name: field, days } of dateFieldsOf(route.schema?.body)) {
    for (const value of EDGE_DATES) {
      const body: Record<string, unknown> = {};
      for (const [key, companion] of Object.entries(COMPANIONS)) if (bodyFields.includes(key)) body[key] = companion;
      body[field] = value;
      probes.push({ label: `date body ${field}=${JSON.stringify(value)}`, outOfRange: outOfRange(value, days), method, url: base, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    }
  }
  return probes;
}

const HUGE = 'x'.repeat(900 * 1024);

/** Values that must never reach the database or a log as they are. */
const BAD_SCALARS: unknown[] = [
  0,
  -1,
  ID_MAX + 1,
  2 ** 53,
  1e308,
  '1e+308',
  '2147483648',
  '-0',
  'NaN',
  'abc',
  '',
  ' ',
  'a\u0000b@x.cc',
  '\u0000',
  'lone \uD800 surrogate',
  '\uDC00',
  HUGE,
  true,
  null,
  [],
  [2147483648],
  ['1e+308'],
  {},
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  [[[[[[[[[[1]]]]]]]]]],
];

/** Nest `levels` arrays: `[[[…]]]`. */
const deep = (levels: number): string => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

type Probe = Omit<InjectOptions, 'url'> & { label: string; url: string };

/** encodeURIComponent, except that lone surrogates (which it refuses) go as the raw bytes a hostile client would send. */
function encode(text: string): string {
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function pathWith(url: string, value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  return url.replace(/:[A-Za-z]+|\*/g, () => encode(text.length > 4096 ? text.slice(0, 4096) : text));
}

function validPath(url: string): string {
  return url.replace(/:[A-Za-z]+|\*/g, '1');
}

/** The requests for one route: each field of each part with each bad value, then whole-body abuse. */
function probesFor(route: Route, random: () => number): Probe[] {
  const probes: Probe[] = [];
  const method = route.method as InjectOptions['method'];
  const url = route.url;
  const hasParams = /:[A-Za-z]+|\*/.test(url);
  if (hasParams) {
    for (const value of BAD_SCALARS) probes.push({ label: `param ${JSON.stringify(value)?.slice(0, 30)}`, method, url: pathWith(url, value) });
    probes.push({ label: 'param %00', method, url: url.replace(/:[A-Za-z]+|\*/g, '%00') });
    probes.push({ label: 'param a%00b', method, url: url.replace(/:[A-Za-z]+|\*/g, 'a%00b') });
    probes.push({ label: 'param %ED%A0%80', method, url: url.replace(/:[A-Za-z]+|\*/g, '%ED%A0%80') });
    probes.push({ label: 'param %', method, url: url.replace(/:[A-Za-z]+|\*/g, '%') });
  }
  const base = validPath(url);
  const queryFields = fieldsOf(route.schema?.querystring);
  for (const field of queryFields.length > 0 ? queryFields : ['id']) {
    for (const value of BAD_SCALARS) {
      if (value === HUGE) continue; // a 900 KB URL is refused by the HTTP layer, not by us
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      probes.push({ label: `query ${field}`, method, url: `${base}?${field}=${encode(String(text))}` });
    }
    probes.push({ label: `query ${field}[]`, method, url: `${base}?${field}=1&${field}=2&${field}[__proto__]=x` });
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const bodyFields = fieldsOf(route.schema?.body);
    for (const field of bodyFields.length > 0 ? bodyFields : ['id', 'name']) {
      for (const value of BAD_SCALARS) {
        // Pair the bad field with plausible other fields, so the bad one is what the schema meets.
        const body: Record<string, unknown> = { emailAddr: 'fuzz@example.com', page: 1 };
        body[field] = value;
        if (random() < 0.3) body.__proto__ = { [field]: 1 };
        probes.push({ label: `body ${field}`, method, url: base, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      }
    }
    const wholeBodies: Array<[string, string, string]> = [
      ['invalid json', '{"a":', 'application/json'],
      ['json array', '[1,2,3]', 'application/json'],
      ['json string', '"x"', 'application/json'],
      ['json null', 'null', 'application/json'],
      ['deep 40', deep(40), 'application/json'],
      ['deep 5000', deep(5000), 'application/json'],
      ['deep object', `${'{"a":'.repeat(60)}1${'}'.repeat(60)}`, 'application/json'],
      ['proto keys', '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}', 'application/json'],
      ['text plain', 'hello', 'text/plain'],
      ['form urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded'],
      ['xml', '<a>1</a>', 'application/xml'],
      ['multipart no boundary', '--x\r\n\r\n', 'multipart/form-data'],
      ['multipart long boundary', `--${'b'.repeat(300)}\r\n`, `multipart/form-data; boundary=${'b'.repeat(300)}`],
      ['multipart cut short', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx', 'multipart/form-data; boundary=abc'],
      ['huge json', JSON.stringify({ name: HUGE, emailAddr: HUGE }), 'application/json'],
      ['nul json', '{"emailAddr":"a\\u0000b@x.cc","nickname":"ab\\u0000cd","password":"\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000"}', 'application/json'],
    ];
    for (const [label, payload, type] of wholeBodies) probes.push({ label, method, url: base, payload, headers: { 'content-type': type } });
  }
  return probes;
}

let t: TestApp;
const routes: Route[] = [];
const errorLog: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      errorLog.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: { AUTH_IP_LIMITS: 'false' },
    logger: { level: 'error', stream: sink },
    beforeReady: (app) => {
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          routes.push({ method, url: route.url, schema: route.schema as Route['schema'] });
        }
      });
    },
  });
});
afterAll(() => t.close());

/** What every reply to a hostile request must be. */
function expectSafeReply(probe: Probe, response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const where = `${probe.method} ${probe.url.slice(0, 120)} (${probe.label})`;
  expect(response.statusCode, where).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('text/html')) {
    // A page for people (the sandbox's pay page): its refusals are pages, and never echo the input in bulk.
    expect(response.body.length, where).toBeLessThan(64 * 1024);
    return;
  }
  const api = String(probe.url).startsWith(API_PREFIX);
  if (response.statusCode >= 400 || (api && type.startsWith('application/json'))) {
    // Refusals are envelopes, and short: the input is never echoed in bulk.
    if (response.statusCode >= 400) expect(type, where).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { code: unknown; message: unknown; data: unknown };
    expect(typeof body.code, where).toBe('number');
    expect(typeof body.message, where).toBe('string');
    if (response.statusCode >= 400 || body.code !== 0) {
      expect(body.code, where).not.toBe(0);
      expect((body.message as string).length, where).toBeLessThanOrEqual(300);
      expect(response.body.length, where).toBeLessThan(4096);
    }
  }
  if (response.statusCode === 429) expect(Number(response.headers['retry-after']), where).toBeGreaterThan(0);
}

describe('every route against hostile input', () => {
  it('finds the contract routes', () => {
    const api = routes.filter((route) => route.url.startsWith(API_PREFIX));
    expect(api.length).toBeGreaterThanOrEqual(30);
    expect(routes.some((route) => route.url === '/media/*')).toBe(true);
  });

  it('answers 2,000+ hostile requests without a 5xx, each refusal an envelope, nothing in the error log', async () => {
    const rng = createRng('contract-fuzz');
    const random = rng.next;
    let sent = 0;
    for (const route of routes) {
      if (route.url.startsWith('/ui/docs')) continue; // the static OpenAPI viewer has no input
      // Fresh sessions per route: the probes of /logout or a password change end the old ones.
      const tokens = [undefined, 'x'.repeat(5000), 'bad\u00e9token', ...(await memberTokens())];
      for (const probe of probesFor(route, random)) {
        const token = tokens[Math.floor(random() * tokens.length)];
        const headers = { ...(probe.headers as Record<string, string> | undefined), ...(token ? { authorization: token } : {}) };
        const response = await t.app.inject({ ...probe, headers });
        expectSafeReply(probe, response);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(2000);
    expect(errorLog.join('')).toBe('');
  }, 300_000);
});

describe('every date field against the edges of the calendar', () => {
  it('finds the date fields: orders and audit from/to, items and articles publishedAt, a vip grant until', () => {
    const found = routes.flatMap((route) =>
      [...dateFieldsOf(route.schema?.querystring), ...dateFieldsOf(route.schema?.body)].map(({ name }) => `${route.method} ${route.url.slice(API_PREFIX.length)} ${name}`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /admin/orders from',
        'GET /admin/orders to',
        'GET /admin/audit from',
        'GET /admin/audit to',
        'POST /admin/items publishedAt',
        'PUT /admin/items/:id publishedAt',
        'POST /admin/articles publishedAt',
        'PATCH /admin/articles/:id publishedAt',
        'POST /admin/members/:id/vip until',
      ]),
    );
  });

  it('answers every edge date, sent as an admin, without a 5xx; out of range is a 4xx with the date message; nothing in the error log', async () => {
    const logged = errorLog.length;
    let sent = 0;
    for (const route of routes) {
      const probes = dateProbesFor(route);
      if (probes.length === 0) continue;
      const [admin] = await adminTokens();
      for (const { outOfRange, ...probe } of probes) {
        const response = await t.app.inject({ ...probe, headers: { ...(probe.headers as Record<string, string> | undefined), authorization: admin } });
        expectSafeReply(probe, response);
        if (outOfRange) {
          const where = `${probe.method} ${probe.url} (${probe.label})`;
          expect(response.statusCode, where).toBe(400);
          expect(response.json().message, where).toContain(ValidationMessage.dateRange);
        }
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(9 * EDGE_DATES.length);
    expect(errorLog.slice(logged).join('')).toBe('');
  }, 120_000);

  it('the reported cases: from=0000-01-01 and to=9999-12-31 of orders, a vip extended past 9999-12-31', async () => {
    const [admin] = await adminTokens();
    const get = (url: string) => t.app.inject({ method: 'GET', url: `${API_PREFIX}/admin${url}`, headers: { authorization: admin } });
    const early = await get('/orders?from=0000-01-01');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: expect.any(Number), message: `from: ${ValidationMessage.dateRange}`, data: null });
    expect(early.json().code).not.toBe(0);
    // The last day is a day like any other: the orders up to its end (all of them).
    expect((await get('/orders?to=9999-12-31')).json()).toMatchObject({ code: 0 });
    expect((await get('/audit?to=9999-12-31T23:59:59.999Z')).json()).toMatchObject({ code: 0 });

    const vip = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${API_PREFIX}/admin/members/${t.fixtures.members.lapsed}/vip`, payload: { reason: 'the edge of the calendar', ...payload }, headers: { authorization: admin } });
    const granted = await vip({ action: 'grant', until: '9999-12-31T23:59:59.999Z' });
    expect(granted.json()).toMatchObject({ code: 0, data: { vipExpiresAt: '9999-12-31T23:59:59.999Z' } });
    const extended = await vip({ action: 'extend', months: 1 });
    expect(extended.statusCode).toBe(400);
    expect(extended.json()).toMatchObject({ message: ValidationMessage.dateRange, data: null });
    expect(errorLog.join('')).toBe('');
  });
});

/** A new session of the fixture admin. */
async function adminTokens(): Promise<string[]> {
  return [await createSession(t.db, t.fixtures.members.admin, new Date())];
}

/** New sessions of the fixture members: regular, vip and admin. */
async function memberTokens(): Promise<string[]> {
  const { regular, vip, admin } = t.fixtures.members;
  return Promise.all([regular, vip, admin].map((id) => createSession(t.db, id, new Date())));
}

describe('the reported cases', () => {
  const cases: Array<[string, InjectOptions]> = [
    ['item id above int4', { method: 'GET', url: `${API_PREFIX}/platform/2147483648` }],
    ['article id above int4', { method: 'GET', url: `${API_PREFIX}/article/2147483648` }],
    ['collect id above int4', { method: 'PUT', url: `${API_PREFIX}/platform/preview/2147483648` }],
    ['uncollect id above int4', { method: 'DELETE', url: `${API_PREFIX}/platform/preview/2147483648` }],
    ['group id above int4', { method: 'POST', url: `${API_PREFIX}/platform`, payload: { group: [2147483648] } }],
    ['group 1e+308', { method: 'POST', url: `${API_PREFIX}/platform`, payload: { group: '1e+308' } }],
    ['previews appSiteId above int4', { method: 'POST', url: `${API_PREFIX}/platform/app`, payload: { appSiteId: 2147483648 } }],
    ['flow id above int4', { method: 'GET', url: `${API_PREFIX}/flow/2147483648` }],
    ['collect flow id above int4', { method: 'PUT', url: `${API_PREFIX}/flow/2147483648/fav` }],
    ['uncollect flow id above int4', { method: 'DELETE', url: `${API_PREFIX}/flow/2147483648/fav` }],
    ['flow type not a number', { method: 'POST', url: `${API_PREFIX}/flow`, payload: { type: 'abc' } }],
    ['flow kind unknown', { method: 'POST', url: `${API_PREFIX}/flow?kind=x` }],
    ['flow page 0', { method: 'POST', url: `${API_PREFIX}/flow`, payload: { page: 0 } }],
    ['flow appSiteId above int4', { method: 'POST', url: `${API_PREFIX}/flow`, payload: { appSiteId: 2147483648 } }],
    ['business flag not a boolean', { method: 'POST', url: `${API_PREFIX}/platform`, payload: { business: 'maybe' } }],
    ['flow collection page 0', { method: 'POST', url: `${API_PREFIX}/flow/fav`, payload: { page: 0 } }],
    ['NUL in sign e-mail', { method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: 'a\u0000b@x.cc' } }],
    ['NUL in login e-mail', { method: 'POST', url: `${API_PREFIX}/login`, payload: { emailAddr: 'a\u0000b@x.cc', code: '123456' } }],
    ['NUL in nickname', { method: 'PUT', url: `${API_PREFIX}/member`, payload: { nickname: 'ab\u0000cd' } }],
    ['NUL in order number', { method: 'GET', url: `${API_PREFIX}/order/%00` }],
    ['NUL in pay token', { method: 'GET', url: `${API_PREFIX}/pay/a%00b` }],
    ['lone surrogate in nickname', { method: 'PUT', url: `${API_PREFIX}/member`, payload: '{"nickname":"ab\\ud800cd"}', headers: { 'content-type': 'application/json' } }],
  ];
  for (const [name, request] of cases) {
    it(`${name}: a 4xx envelope`, async () => {
      const response = await t.app.inject({
        ...request,
        headers: { ...(request.headers as Record<string, string> | undefined), authorization: (await memberTokens())[0]! },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ code: expect.any(Number), data: null });
      expect(response.json().code).not.toBe(0);
    });
  }

  it('multipart without a boundary, or with a 257+ character one, is a 400', async () => {
    for (const type of ['multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(257)}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/upload/file`,
        headers: { 'content-type': type, authorization: (await memberTokens())[0]! },
        payload: '--b\r\n\r\n',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).not.toBe(0);
    }
  });

  it('a 900 KB value is quoted in at most a few dozen characters', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/sign`, payload: { emailAddr: `${'a'.repeat(900 * 1024)}@x` } });
    expect(response.statusCode).toBe(400);
    const { message } = response.json() as { message: string };
    expect(message).toContain('is not a valid email address.');
    expect(message.length).toBeLessThan(ECHO_MAX + 120);
  });

  it('nothing above was logged as a server error', () => {
    expect(errorLog.join('')).toBe('');
  });
});
