import { API_PREFIX, ReplyCode } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RuleError,
  TooManyRequestsError,
  UnauthorizedError,
  VipRequiredError,
} from './lib/errors';
import { call, createTestApp, type TestApp } from './test/test-app';

const SECRET = 'db password is hunter2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      const api = app.withTypeProvider<ZodTypeProvider>();
      api.get(`${API_PREFIX}/test/boom`, async () => {
        throw new Error(SECRET);
      });
      api.get(
        `${API_PREFIX}/test/bad-reply`,
        { schema: { response: { 200: z.object({ n: z.number() }) } } },
        async () => ({ n: 'not a number' }) as unknown as { n: number },
      );
      const errors = {
        rule: new RuleError('You may not do that.'),
        vip: new VipRequiredError('Subscribe first.'),
        unauthorized: new UnauthorizedError(),
        forbidden: new ForbiddenError(),
        notfound: new NotFoundError('No such thing.'),
        conflict: new ConflictError('Already there.'),
        toomany: new TooManyRequestsError(),
      };
      api.get(`${API_PREFIX}/test/error/:kind`, async (request) => {
        throw errors[(request.params as { kind: keyof typeof errors }).kind];
      });
    },
  });
});
afterAll(() => t.close());

describe('envelope and error handler', () => {
  it('wraps success as code 0, message ok', async () => {
    const res = await call(t.app, { method: 'GET', url: `${API_PREFIX}/grade` });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.message).toBe('ok');
  });

  it('answers bad input with 400 and a message naming the field', async () => {
    const cases = [
      { method: 'POST' as const, url: `${API_PREFIX}/platform`, payload: { pageSize: 51 }, field: 'pageSize: Too big: expected number to be <=50' },
      { method: 'POST' as const, url: `${API_PREFIX}/platform`, payload: { rank: 'X' }, field: 'rank:' },
      { method: 'GET' as const, url: `${API_PREFIX}/group/child?preId=abc`, field: 'preId:' },
      { method: 'GET' as const, url: `${API_PREFIX}/group/child`, field: 'preId:' },
      { method: 'GET' as const, url: `${API_PREFIX}/platform/0`, field: 'id:' },
      { method: 'GET' as const, url: `${API_PREFIX}/article?lang=fr`, field: 'lang:' },
      { method: 'GET' as const, url: `${API_PREFIX}/grade/9`, field: 'grade:' },
      { method: 'POST' as const, url: `${API_PREFIX}/platform/app`, payload: {}, field: 'appSiteId:' },
    ];
    for (const c of cases) {
      const res = await call(t.app, c);
      expect(res.status, c.url).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
      expect(res.body.data).toBeNull();
      expect(res.body.message).toContain(c.field);
    }
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await call(t.app, { method: 'POST', url: `${API_PREFIX}/platform`, payload: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body: /);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${API_PREFIX}/platform`,
      headers: { 'content-type': 'application/json' },
      payload: '{"page": ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, data: null });
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', `${API_PREFIX}/nothing-here`],
      ['POST', `${API_PREFIX}/nothing/here`],
      ['GET', '/ui/other'],
    ] as const) {
      const res = await call(t.app, { method, url, headers: { accept: 'text/html' } });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Not Found', data: null });
    }
  });

  it('hides the message of unexpected errors behind a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/test/boom` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: 'Internal Server Error', data: null });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers a reply that breaks its schema with a 500, not the bad data', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/test/bad-reply` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: 'Internal Server Error', data: null });
  });

  it('maps each domain error to its status, code and message', async () => {
    const expected = {
      rule: [200, ReplyCode.rule, 'You may not do that.'],
      vip: [200, ReplyCode.vipRequired, 'Subscribe first.'],
      unauthorized: [401, ReplyCode.unauthorized, 'Please log in.'],
      forbidden: [403, ReplyCode.forbidden, 'Forbidden'],
      notfound: [404, ReplyCode.notFound, 'No such thing.'],
      conflict: [409, ReplyCode.conflict, 'Already there.'],
      toomany: [429, ReplyCode.tooManyRequests, 'Too many requests, please try again later.'],
    } as const;
    for (const [kind, [status, code, message]] of Object.entries(expected)) {
      const res = await call(t.app, { method: 'GET', url: `${API_PREFIX}/test/error/${kind}` });
      expect(res.status, kind).toBe(status);
      expect(res.body).toEqual({ code, message, data: null });
    }
  });
});

describe('security headers', () => {
  it('sends pages a CSP that allows the SPA and a popup-friendly opener policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends API replies the short policy of a JSON API: nothing to run, nothing to frame', async () => {
    for (const url of [`${API_PREFIX}/config`, `${API_PREFIX}/platform/stats`, `${API_PREFIX}/no/such/route`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('allows images from an external media host', async () => {
    const other = await createTestApp({ env: { MEDIA_BASE_URL: 'https://cdn.example.com/media' } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/healthz' });
      expect(String(res.headers['content-security-policy'])).toContain('https://cdn.example.com');
    } finally {
      await other.close();
    }
  });
});

describe('OpenAPI', () => {
  it('serves the docs UI and a document listing the API routes', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/ui/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const doc = await t.app.inject({ method: 'GET', url: '/ui/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of ['/platform', '/platform/stats', '/platform/{id}', '/platform/app', '/group/child', '/grade', '/grade/{grade}', '/article', '/article/{id}', '/config']) {
      expect(paths).toContain(`${API_PREFIX}${p}`);
    }
    expect(paths).toContain('/healthz');
    // Every $ref points at a component the document holds (the recursive Category tree).
    const text = doc.body;
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs).toContain('Category');
    for (const ref of refs) expect(Object.keys(doc.json().components.schemas)).toContain(ref);
  });

  it('describes refusals in every 200 and lists each error status with the error envelope (decision 049)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/ui/docs/json' })).json();
    expect(doc.components.schemas.RefusalEnvelope).toMatchObject({
      properties: { code: { enum: [ReplyCode.rule, ReplyCode.vipRequired] }, data: { nullable: true, enum: [null] } },
      required: ['code', 'message', 'data'],
    });
    const config = doc.paths[`${API_PREFIX}/config`].get.responses;
    const [success, refusal] = config['200'].content['application/json'].schema.oneOf;
    expect(success.properties.code).toEqual({ type: 'integer', enum: [0] });
    expect(refusal).toEqual({ $ref: '#/components/schemas/RefusalEnvelope' });
    // A public read: no 401; a member's call: 401; an admin's: 401 and 403; a body: 413 and 415.
    expect(Object.keys(config)).toEqual(['200', '400', '404', '429', '500']);
    expect(Object.keys(doc.paths[`${API_PREFIX}/member/info`].get.responses)).toContain('401');
    expect(Object.keys(doc.paths[`${API_PREFIX}/login`].post.responses)).toEqual(expect.arrayContaining(['413', '415']));
    expect(Object.keys(doc.paths[`${API_PREFIX}/admin/orders`].get.responses)).toEqual(expect.arrayContaining(['401', '403']));
    expect(config['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    expect(doc.components.responses.BadRequest.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(doc.components.responses.MethodNotAllowed.headers.Allow.required).toBe(true);
    expect(doc.components.responses.TooManyRequests.headers['Retry-After'].required).toBe(true);
    // No status range or default stands in for the statuses themselves.
    for (const [path, operations] of Object.entries<Record<string, { responses: object }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses).filter((status) => !/^\d{3}$/.test(status)), `${method} ${path}`).toEqual([]);
      }
    }
  });

  it('answers a method a known path does not answer with 405 and Allow, an unknown path with 404', async () => {
    for (const method of ['TRACE', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: `${API_PREFIX}/config` });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD');
      expect(res.json(), method).toEqual({ code: 405, message: 'Method Not Allowed', data: null });
    }
    const login = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/login` });
    expect([login.statusCode, login.headers.allow]).toEqual([405, 'POST']);
    const item = await t.app.inject({ method: 'PUT', url: `${API_PREFIX}/platform/1?x=1` });
    expect([item.statusCode, item.headers.allow]).toEqual([405, 'GET, HEAD']);
    // HEAD of a read is still the read.
    expect((await t.app.inject({ method: 'HEAD', url: `${API_PREFIX}/config` })).statusCode).toBe(200);
    for (const method of ['GET', 'TRACE', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `${API_PREFIX}/no/such/route` });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow, method).toBeUndefined();
      expect(res.json(), method).toEqual({ code: 404, message: 'Not Found', data: null });
    }
  });
});
