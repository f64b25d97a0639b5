import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type CatalogStats, type Category, type Envelope, type Item, type Preview } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfSignedPath } from '../../lib/media-signature';
import { category, item, itemCategory, preview } from '../../db/schema';
import type { Handle } from '../../db/transaction';
import { CATEGORY } from '../../test/fixtures';
import { eventually } from '../../test/helpers';
import { call, createTestApp, type TestApp } from '../../test/test-app';

/**
 * The read cache (docs/decisions/036-catalogue-read-cache.md): every catalogue reply is served
 * from a per-process cache, and a catalogue write by any path (here: SQL straight into the
 * tables, as an importer or another process would) is seen by every cached reply.
 */
let t: TestApp;
/** The server's log lines (info: every request), for the answers of the cached-read lane. */
const logLines: string[] = [];
/** The app listening on loopback: requests over HTTP meet the cached-read lane first. */
let httpBase = '';
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'info', stream: sink } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  httpBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/** How many requests the cached-read lane answered so far (its log lines say `cached: true`). */
const laneAnswers = () => logLines.filter((line) => (JSON.parse(line) as { cached?: boolean }).cached === true).length;

type Get = <T>(url: string, body?: unknown, token?: string) => Promise<Envelope<T>>;
const viaInject: Get = async (url, body, token) =>
  (await call(t.app, { method: body === undefined ? 'GET' : 'POST', url: `${API_PREFIX}${url}`, payload: body as object, token })).body as never;

/** A request over HTTP as a browser sends it: a GET, or a POST of a JSON body. */
const fetchApi = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${httpBase}${API_PREFIX}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const viaHttp: Get = async (url, body, token) => (await fetchApi(url, body, token ? { authorization: token } : {})).json() as never;

type List<T> = { arr: T[]; total: number };
const newsPage = { page: 1, pageSize: 8, platform: false, rank: 'N' } as const;

/** What a visitor's replies show of the catalogue, read through `get`. */
async function snapshot(get: Get, itemId: number) {
  const [list, stats, detail, previews, groups] = await Promise.all([
    get<List<Item>>('/platform', newsPage),
    get<CatalogStats>('/platform/stats'),
    get<Item>(`/platform/${itemId}`),
    get<List<Preview>>('/platform/app', { appSiteId: itemId, page: 1, pageSize: 10 }),
    get<List<Category>>(`/group/child?preId=9`),
  ]);
  for (const reply of [list, stats, detail, previews, groups]) expect(reply.code).toBe(0);
  return {
    firstNews: list.data!.arr[0]!.name,
    listTotal: list.data!.total,
    apps: stats.data!.apps,
    screenshots: stats.data!.screenshots,
    detailName: detail.data!.name,
    firstPreview: keyOfSignedPath(detail.data!.preview[0]!.path),
    previewsTotal: previews.data!.total,
    financeName: groups.data!.arr.find((c) => c.id === CATEGORY.finance)!.nameEn,
  };
}

let writes = 0;
/** Write to every catalogue table the replies read: a new newest app, a first screen, renames. */
async function writeCatalogue(itemId: number) {
  const n = ++writes;
  const db: Handle = t.db;
  const [added] = await db
    .insert(item)
    .values({ isSite: false, name: `Fresh app ${n}`, logo: 'logos/fresh.webp', publishedAt: new Date(Date.now() + n * 60_000) })
    .returning({ id: item.id });
  await t.db.insert(itemCategory).values({ itemId: added!.id, categoryId: CATEGORY.finance });
  await t.db.insert(preview).values({ itemId, path: `shots/${itemId}/fresh-${n}.webp`, width: 390, height: 844, sort: -n });
  await t.db.update(item).set({ name: `Renamed ${n}` }).where(eq(item.id, itemId));
  await t.db.update(category).set({ nameEn: `Finance ${n}` }).where(eq(category.id, CATEGORY.finance));
  return n;
}

function expectWritten(after: Awaited<ReturnType<typeof snapshot>>, before: Awaited<ReturnType<typeof snapshot>>, itemId: number, n: number) {
  expect(after).toEqual({
    firstNews: `Fresh app ${n}`,
    listTotal: before.listTotal + 1,
    apps: before.apps + 1,
    screenshots: before.screenshots + 1,
    detailName: `Renamed ${n}`,
    firstPreview: `shots/${itemId}/fresh-${n}.webp`,
    previewsTotal: before.previewsTotal + 1,
    financeName: `Finance ${n}`,
  });
}

/** The views counted for item `id` while `read` runs. */
async function viewsCountedDuring(id: number, read: () => Promise<void>): Promise<number[]> {
  const views = t.services.activity;
  const counted: number[] = [];
  const record = views.record.bind(views);
  views.record = (itemId, activity) => {
    if (itemId === id) counted.push(activity.views ?? 0);
    record(itemId, activity);
  };
  try {
    await read();
  } finally {
    views.record = record;
  }
  return counted;
}

describe('catalogue read cache', () => {
  it('serves repeated reads from the cache and shows a write in every reply', async () => {
    const itemId = t.fixtures.alphaId;
    const before = await snapshot(viaInject, itemId);
    expect(t.services.catalogCache.size).toBeGreaterThanOrEqual(5);
    // Untouched, the cache answers with the very same replies.
    expect(await snapshot(viaInject, itemId)).toEqual(before);

    const n = await writeCatalogue(itemId);
    await eventually(async () => (await snapshot(viaInject, itemId)).financeName === `Finance ${n}`);
    expectWritten(await snapshot(viaInject, itemId), before, itemId, n);
  });

  it('answers an anonymous GET with an ETag, 304 for the same tag, and a new tag after a write', async () => {
    const url = `${API_PREFIX}/platform/${t.fixtures.alphaId}`;
    const first = await t.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const n = await writeCatalogue(t.fixtures.alphaId);
    await eventually(async () => (await viaInject<Item>(`/platform/${t.fixtures.alphaId}`)).data!.name === `Renamed ${n}`);
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.name).toBe(`Renamed ${n}`);
  });

  it('keeps what a subscriber was served away from everybody else', async () => {
    const { vip, regular } = t.fixtures.tokens;
    const secondPage = { appSiteId: t.fixtures.alphaId, page: 2, pageSize: 10 };
    expect((await viaInject<List<Preview>>('/platform/app', secondPage, vip)).code).toBe(0);
    for (const token of [regular, undefined]) {
      const refused = await viaInject('/platform/app', secondPage, token);
      expect(refused.code).toBe(1002);
      expect(refused.data).toBeNull();
    }
    const filtered = { ...secondPage, page: 1, group: [CATEGORY.screenLogin] };
    expect((await viaInject('/platform/app', filtered, vip)).code).toBe(0);
    expect((await viaInject('/platform/app', filtered, regular)).code).toBe(1002);
  });

  it('counts a view for every detail read, cached or not', async () => {
    const id = t.fixtures.appIds.at(-1)!;
    const counted = await viewsCountedDuring(id, async () => {
      for (let i = 0; i < 3; i++) expect((await viaInject(`/platform/${id}`)).code).toBe(0);
    });
    expect(counted).toEqual([1, 1, 1]);
  });
});

/** A reply's headers but those of the connection and the clock. */
function headersOf(response: Response): Record<string, string> {
  const kept = Object.fromEntries(response.headers);
  for (const name of ['date', 'connection', 'keep-alive']) delete kept[name];
  return kept;
}

describe('the cached-read lane (over HTTP)', () => {
  it('keeps the connection settings Fastify gives a server it makes (idle keep-alive connections stay open 72 s, not 5)', () => {
    const { keepAliveTimeout, connectionTimeout } = t.app.initialConfig;
    expect(keepAliveTimeout).toBe(72_000);
    expect(t.app.server.keepAliveTimeout).toBe(keepAliveTimeout);
    expect(t.app.server.timeout).toBe(connectionTimeout);
    expect(t.app.server.requestTimeout).toBe(0); // Fastify's default (node's own is 300 s)
  });

  it('answers a repeated read before routing, with the status, headers and body the route sent', async () => {
    const reads: Array<[string, unknown?]> = [
      [`/platform/${t.fixtures.appIds[1]}`],
      ['/platform/stats'],
      ['/group/child?preId=11'],
      ['/platform', { page: 1, pageSize: 5, platform: false, rank: 'N' }],
      ['/platform?pageSize=4', { page: 1, platform: true, rank: 'N' }],
      ['/platform/app', { appSiteId: t.fixtures.appIds[1], page: 1, pageSize: 3 }],
    ];
    for (const [url, body] of reads) {
      const first = await fetchApi(url, body);
      const answered = laneAnswers();
      const again = await fetchApi(url, body);
      expect(laneAnswers(), url).toBe(answered + 1);
      expect(again.status, url).toBe(first.status);
      expect(headersOf(again), url).toEqual(headersOf(first));
      expect(headersOf(again)['x-content-type-options'], url).toBe('nosniff');
      expect(await again.text(), url).toBe(await first.text());
    }
  });

  it('shows a write in the next read', async () => {
    const itemId = t.fixtures.alphaId;
    const before = await snapshot(viaHttp, itemId);
    const answered = laneAnswers();
    expect(await snapshot(viaHttp, itemId)).toEqual(before);
    expect(laneAnswers()).toBe(answered + 5);

    const n = await writeCatalogue(itemId);
    await eventually(async () => (await snapshot(viaHttp, itemId)).financeName === `Finance ${n}`);
    expectWritten(await snapshot(viaHttp, itemId), before, itemId, n);
  });

  it('answers 304 to an If-None-Match naming the reply', async () => {
    const url = `/platform/${t.fixtures.appIds[2]}`;
    const etag = (await fetchApi(url)).headers.get('etag')!;
    const answered = laneAnswers();
    const again = await fetchApi(url, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(laneAnswers()).toBe(answered + 1);
  });

  it('keeps what a subscriber was served away from everybody else', async () => {
    const { vip, regular } = t.fixtures.tokens;
    const thirdPage = { appSiteId: t.fixtures.alphaId, page: 3, pageSize: 5 };
    for (let i = 0; i < 2; i++) expect((await viaHttp<List<Preview>>('/platform/app', thirdPage, vip)).data!.arr.length).toBeGreaterThan(0);
    // A signed-in reader's hit is the lane's too (their session remembered from the read before).
    const answered = laneAnswers();
    expect((await viaHttp<List<Preview>>('/platform/app', thirdPage, vip)).data!.arr.length).toBeGreaterThan(0);
    expect(laneAnswers()).toBe(answered + 1);
    for (const token of [regular, undefined]) {
      const refused = await viaHttp('/platform/app', thirdPage, token);
      expect(refused.code).toBe(1002);
      expect(refused.data).toBeNull();
    }
    const vipReply = await fetchApi('/platform/app', thirdPage, { authorization: vip });
    expect(vipReply.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('counts a view for every detail read it answers', async () => {
    const id = t.fixtures.appIds[3]!;
    const answered = laneAnswers();
    const counted = await viewsCountedDuring(id, async () => {
      for (let i = 0; i < 3; i++) expect((await viaHttp(`/platform/${id}`)).code).toBe(0);
    });
    expect(laneAnswers()).toBe(answered + 2);
    expect(counted).toEqual([1, 1, 1]);
  });

  it('hands a body it read but could not answer to the route whole', async () => {
    const fresh = await viaHttp<List<Item>>('/platform', { page: 1, pageSize: 2, platform: false, rank: 'N' });
    expect(fresh.code).toBe(0);
    expect(fresh.data!.arr).toHaveLength(2);

    const malformed = await fetchApi('/platform', '{"page": 1,');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Envelope<null>).code).not.toBe(0);

    // Too large for the lane to read: Fastify reads it and the schema refuses the name.
    const large = await fetchApi('/platform', { page: 1, pageSize: 2, platform: false, rank: 'N', name: 'x'.repeat(9000) });
    expect(large.status).toBe(400);
    expect(((await large.json()) as Envelope<null>).code).not.toBe(0);
  });
});

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('two server processes on one PostgreSQL', () => {
  let child: ChildProcess | null = null;
  let childDir = '';
  let base = '';
  const viaChild: Get = async (url, body, token) => {
    const response = await fetch(`${base}${API_PREFIX}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as never;
  };

  beforeAll(async () => {
    if (!t.database.url) return;
    childDir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-second-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        DATA_DIR: childDir,
        PORT: String(port),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        APP_SECRET: t.config.APP_SECRET,
        WEB_DIST: path.join(childDir, 'no-web-build'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await eventually(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 60_000);
  }, 90_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (childDir) await rm(childDir, { recursive: true, force: true });
  });

  it('a write is seen by the other process’s cached replies (PostgreSQL LISTEN/NOTIFY)', async (context) => {
    if (!t.database.url) return context.skip('PGlite is one process’s database; this runs in the server-postgres project');
    const itemId = t.fixtures.alphaId;
    const before = await snapshot(viaChild, itemId);
    expect(await snapshot(viaInject, itemId)).toEqual(before); // both processes agree, both now cached

    // This process writes; the other one hears it.
    const n = await writeCatalogue(itemId);
    await eventually(async () => (await snapshot(viaChild, itemId)).financeName === `Finance ${n}`);
    expectWritten(await snapshot(viaChild, itemId), before, itemId, n);
    await eventually(async () => (await snapshot(viaInject, itemId)).financeName === `Finance ${n}`);
    expect(await snapshot(viaInject, itemId)).toEqual(await snapshot(viaChild, itemId));
  });
});
