import {
  API_PREFIX,
  CollectMessage,
  LIMITS,
  openableScreens,
  PAGE_SIZE,
  PaywallMessage,
  ReplyCode,
  type CollectedIds,
  type CollectedPreview,
  type CollectReply,
  type Item,
} from '@shotlib/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfSignedPath } from '../../lib/media-signature';
import { collect, item, itemActivity, member, preview } from '../../db/schema';
import { call, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** Every preview id of the fixture catalogue, by id; alpha's 25 first. */
let previewIds: number[] = [];
/** The previews among the free screens of their app (what a regular member may open), by id. */
let freeIds: number[] = [];
/** The previews past the free screens of their app (subscribers only), by id. */
let paidIds: number[] = [];
/** The item each preview belongs to. */
const itemOf = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: preview.id, itemId: preview.itemId }).from(preview).orderBy(asc(preview.id));
  previewIds = rows.map((row) => row.id);
  for (const row of rows) itemOf.set(row.id, row.itemId);
  // Each app's screens in the app's own order (sort, then id): the first openableScreens(false) are free.
  const ordered = await t.db.select({ id: preview.id, itemId: preview.itemId }).from(preview).orderBy(asc(preview.itemId), asc(preview.sort), asc(preview.id));
  const seen = new Map<number, number>();
  const free = new Set<number>();
  for (const row of ordered) {
    const position = seen.get(row.itemId) ?? 0;
    seen.set(row.itemId, position + 1);
    if (position < openableScreens(false)) free.add(row.id);
  }
  freeIds = previewIds.filter((id) => free.has(id));
  paidIds = previewIds.filter((id) => !free.has(id));
});
afterAll(() => t.close());

type List<T> = { arr: T[]; total: number };
const put = (id: number | string, token?: string) =>
  call<CollectReply>(t.app, { method: 'PUT', url: `${API_PREFIX}/platform/preview/${id}`, token });
const del = (id: number | string, token?: string) =>
  call<CollectReply>(t.app, { method: 'DELETE', url: `${API_PREFIX}/platform/preview/${id}`, token });
const fav = (token: string | undefined, options: { query?: string; payload?: Record<string, unknown> } = {}) =>
  call<List<CollectedPreview>>(t.app, {
    method: 'POST',
    url: `${API_PREFIX}/platform/fav${options.query ?? ''}`,
    token,
    ...(options.payload ? { payload: options.payload } : {}),
  });
const ids = (token: string) => call<CollectedIds>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/fav/ids`, token });
/** The whole collection, newest first, as preview ids. */
const collection = async (token: string) => (await fav(token, { payload: { pageSize: 50 } })).body.data.arr.map((p) => p.id);

async function clearCollection(memberId: number) {
  await t.db.delete(collect).where(eq(collect.memberId, memberId));
}

describe('without a live session', () => {
  it('answers 401 to every collect call: no token, an expired one, a revoked one', async () => {
    const id = previewIds[0]!;
    for (const token of [undefined, t.fixtures.tokens.expired, t.fixtures.tokens.revoked, 'not-a-token']) {
      for (const res of [await put(id, token), await del(id, token), await fav(token), await call(t.app, { method: 'GET', url: `${API_PREFIX}/platform/fav/ids`, token })]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: ReplyCode.unauthorized, message: 'Please log in.', data: null });
      }
    }
    // Before any input is read: a malformed id or body is still a 401.
    expect((await put('abc')).status).toBe(401);
    expect((await fav(undefined, { payload: { page: 'x' } })).status).toBe(401);
    expect(await t.db.select().from(collect)).toEqual([]);
  });
});

describe('PUT and DELETE /platform/preview/{id}', () => {
  const token = () => t.fixtures.tokens.regular;

  it('collects a preview once however often it is sent, and removes it however often that is sent', async () => {
    const id = freeIds[3]!;
    const first = await put(id, token());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 0, message: 'ok', data: { id, collected: true } });
    expect((await put(id, token())).body).toEqual({ code: 0, message: 'ok', data: { id, collected: true } });
    expect(await collection(token())).toEqual([id]);
    expect((await ids(token())).body.data).toEqual({ arr: [id], total: 1 });

    expect((await del(id, token())).body).toEqual({ code: 0, message: 'ok', data: { id, collected: false } });
    expect((await del(id, token())).body).toEqual({ code: 0, message: 'ok', data: { id, collected: false } });
    expect(await collection(token())).toEqual([]);
  });

  it('removing what was never collected, or does not exist, is not an error', async () => {
    expect((await del(freeIds[5]!, token())).body).toEqual({ code: 0, message: 'ok', data: { id: freeIds[5], collected: false } });
    expect((await del(987654, token())).body).toEqual({ code: 0, message: 'ok', data: { id: 987654, collected: false } });
  });

  it('refuses a preview that does not exist with a clear message, and bad ids as bad input', async () => {
    const missing = await put(987654, token());
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: ReplyCode.notFound, message: CollectMessage.previewMissing, data: null });
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await put(bad, token());
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
    }
    expect(await collection(token())).toEqual([]);
  });

  it('refuses a screen of an unpublished app as missing, for a subscriber as for a member, and stores nothing', async () => {
    const shot = previewIds[0]!;
    const itemId = itemOf.get(shot)!;
    await t.db.update(item).set({ unpublishedAt: new Date() }).where(eq(item.id, itemId));
    try {
      for (const caller of [t.fixtures.tokens.vip, t.fixtures.tokens.regular]) {
        const res = await put(shot, caller);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(CollectMessage.previewMissing);
      }
      expect(await t.db.select().from(collect).where(eq(collect.previewId, shot))).toEqual([]);
    } finally {
      await t.db.update(item).set({ unpublishedAt: null }).where(eq(item.id, itemId));
    }
  });
});

describe('POST /platform/fav', () => {
  const token = () => t.fixtures.tokens.vip;

  it('lists the collection newest first with each preview’s app, in pages of 8 by default', async () => {
    await clearCollection(t.fixtures.members.vip);
    // Ten previews of different apps, collected one after another; the last one is newest.
    const chosen = [previewIds[30]!, previewIds[0]!, ...previewIds.slice(40, 48)];
    for (const id of chosen) expect((await put(id, token())).body.code).toBe(0);
    const newestFirst = [...chosen].reverse();

    const page1 = await fav(token());
    expect(page1.status).toBe(200);
    expect(page1.body.data.total).toBe(10);
    expect(page1.body.data.arr.map((p) => p.id)).toEqual(newestFirst.slice(0, PAGE_SIZE));
    const page2 = await fav(token(), { query: '?page=2' });
    expect(page2.body.data.arr.map((p) => p.id)).toEqual(newestFirst.slice(PAGE_SIZE));
    expect(page2.body.data.total).toBe(10);
    // The JSON body works as the query does (body fields win).
    const viaBody = await fav(token(), { query: '?page=9', payload: { page: 2, pageSize: 3 } });
    expect(viaBody.body.data.arr.map((p) => p.id)).toEqual(newestFirst.slice(3, 6));
    expect((await fav(token(), { query: '?page=5&pageSize=3' })).body.data.arr).toEqual([]);

    // The entry: the preview's fields and its app's.
    const alphaShot = page2.body.data.arr.find((p) => p.id === previewIds[0])!;
    const [row] = await t.db.select().from(preview).where(eq(preview.id, previewIds[0]!));
    // The path comes signed for the caller (docs/decisions/028-protected-media.md).
    expect(alphaShot.path).toMatch(/^_s\d+\.[\w-]{22}\//);
    expect(keyOfSignedPath(alphaShot.path)).toBe(row!.path);
    expect(alphaShot).toMatchObject({
      id: row!.id,
      width: 390,
      height: 844,
      group: row!.categoryId,
      itemId: t.fixtures.alphaId,
      name: 'Alpha Notes',
      logo: 'logos/app-0.webp',
      platform: false,
    });
    expect(Number.isNaN(Date.parse(alphaShot.collectedAt))).toBe(false);
    expect(alphaShot).not.toHaveProperty('nameCn');
    expect((await ids(token())).body.data).toEqual({ arr: newestFirst, total: 10 });
  });

  it('marks websites and carries Chinese names when the app has them', async () => {
    await clearCollection(t.fixtures.members.vip);
    const siteId = t.fixtures.siteIds[0]!;
    await t.db.update(item).set({ nameCn: '网站零', nameTw: '網站零' }).where(eq(item.id, siteId));
    const [shot] = await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, siteId)).limit(1);
    await put(shot!.id, token());
    const [entry] = (await fav(token())).body.data.arr;
    expect(entry).toMatchObject({ id: shot!.id, itemId: siteId, name: 'Site 0', nameCn: '网站零', nameTw: '網站零', platform: true });
  });

  it('orders previews collected at the same instant by id, so pages never overlap', async () => {
    const admin = t.fixtures.members.admin;
    const at = new Date('2026-01-01T00:00:00Z');
    const chosen = freeIds.slice(10, 15);
    await t.db.insert(collect).values(chosen.map((previewId) => ({ memberId: admin, previewId, createdAt: at })));
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await fav(t.fixtures.tokens.admin, { payload: { page, pageSize: 2 } })).body.data.arr.map((p) => p.id));
    expect(pages).toEqual([...chosen].sort((a, b) => b - a));
  });

  it('checks its input', async () => {
    for (const payload of [{ page: 0 }, { pageSize: 51 }, { page: 'x' }]) {
      const res = await fav(token(), { payload });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
    }
  });
});

describe('ownership', () => {
  it('a member only ever sees and changes their own collection', async () => {
    const first = t.fixtures.tokens.lapsed;
    const second = t.fixtures.tokens.admin;
    await clearCollection(t.fixtures.members.lapsed);
    await clearCollection(t.fixtures.members.admin);
    const mine = [freeIds[20]!, freeIds[21]!];
    for (const id of mine) await put(id, first);

    expect((await fav(second)).body.data).toEqual({ arr: [], total: 0 });
    expect((await ids(second)).body.data).toEqual({ arr: [], total: 0 });
    // The second member removing "it" removes nothing of the first's.
    expect((await del(mine[0]!, second)).body.data).toEqual({ id: mine[0], collected: false });
    expect(await collection(first)).toEqual([...mine].reverse());

    // Both may collect the same screen; each sees only their own entry.
    await put(mine[0]!, second);
    expect(await collection(second)).toEqual([mine[0]]);
    await del(mine[0]!, first);
    expect(await collection(first)).toEqual([mine[1]]);
    expect(await collection(second)).toEqual([mine[0]]);
  });
});

describe('the collections entitlement', () => {
  const max = LIMITS.regular.collectMax;

  it(`lets a regular member collect ${max} previews and refuses more with code 1002`, async () => {
    const token = t.fixtures.tokens.regular;
    await clearCollection(t.fixtures.members.regular);
    // The last ten are sent at once, across the limit: it holds when calls race.
    const wanted = freeIds.slice(0, max + 5);
    const results = [];
    for (const id of wanted.slice(0, max - 5)) results.push(await put(id, token));
    results.push(...(await Promise.all(wanted.slice(max - 5).map((id) => put(id, token)))));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(max);
    const refused = results.filter((r) => r.body.code !== 0);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: ReplyCode.vipRequired, message: CollectMessage.limitReached, data: null });
    }
    expect((await ids(token)).body.data.total).toBe(max);

    // At the limit: repeating a collect is still fine; a removal makes room for one more.
    const kept = (await ids(token)).body.data.arr;
    expect((await put(kept[0]!, token)).body.code).toBe(0);
    await del(kept[0]!, token);
    const outside = freeIds.find((id) => !kept.includes(id))!;
    expect((await put(outside, token)).body.code).toBe(0);
    expect((await put(kept[0]!, token)).body.code).toBe(ReplyCode.vipRequired);
  });

  it('lets a subscriber collect without that limit', async () => {
    const token = t.fixtures.tokens.vip;
    await clearCollection(t.fixtures.members.vip);
    for (const id of previewIds.slice(0, max + 3)) expect((await put(id, token)).body.code).toBe(0);
    expect((await ids(token)).body.data.total).toBe(max + 3);
  });
});

describe('collecting obeys the paywall', () => {
  it('refuses a regular member a screen past the free ones with code 1002, and stores nothing', async () => {
    const token = t.fixtures.tokens.regular;
    await clearCollection(t.fixtures.members.regular);
    expect(paidIds.length).toBeGreaterThan(0);
    const paid = paidIds[0]!;
    const res = await put(paid, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: ReplyCode.vipRequired, message: PaywallMessage.screens, data: null });
    expect((await ids(token)).body.data).toEqual({ arr: [], total: 0 });
    expect((await fav(token)).body.data).toEqual({ arr: [], total: 0 });
    // A free screen of the same app is fine.
    const free = freeIds.find((id) => itemOf.get(id) === itemOf.get(paid))!;
    expect((await put(free, token)).body.code).toBe(0);
  });

  it('lets a subscriber collect any screen, and hides the paid ones once the subscription has lapsed', async () => {
    const { vip: memberId } = t.fixtures.members;
    const token = t.fixtures.tokens.vip;
    await clearCollection(memberId);
    const paid = paidIds[0]!;
    const free = freeIds[0]!;
    expect((await put(paid, token)).body.code).toBe(0);
    expect((await put(free, token)).body.code).toBe(0);
    expect((await fav(token)).body.data.arr.map((p) => p.id)).toEqual([free, paid]);

    const [{ vipExpiresAt }] = (await t.db.select({ vipExpiresAt: member.vipExpiresAt }).from(member).where(eq(member.id, memberId))) as [{ vipExpiresAt: Date | null }];
    await t.db.update(member).set({ vipExpiresAt: new Date(Date.now() - 1000) }).where(eq(member.id, memberId));
    try {
      const lapsed = (await fav(token)).body.data;
      expect(lapsed).toMatchObject({ total: 1 });
      expect(lapsed.arr.map((p) => p.id)).toEqual([free]);
    } finally {
      await t.db.update(member).set({ vipExpiresAt }).where(eq(member.id, memberId));
    }
    // Renewed: the paid screen is back; it was never deleted.
    expect((await fav(token)).body.data.arr.map((p) => p.id)).toEqual([free, paid]);
  });
});

describe('the Hot ranking', () => {
  const collectsToday = async (itemId: number) => {
    const day = new Date().toISOString().slice(0, 10);
    const rows = await t.db
      .select({ collects: itemActivity.collects })
      .from(itemActivity)
      .where(and(eq(itemActivity.itemId, itemId), eq(itemActivity.day, day)));
    return rows[0]?.collects ?? 0;
  };
  const waitForCollects = async (itemId: number, expected: number) => {
    // Activity is written in batches (about every half second).
    for (let i = 0; i < 250 && (await collectsToday(itemId)) < expected; i++) await new Promise((r) => setTimeout(r, 20));
    return collectsToday(itemId);
  };
  const hotOrder = async () => {
    const res = await call<List<Item>>(t.app, { method: 'POST', url: `${API_PREFIX}/platform`, payload: { rank: 'H', pageSize: 50 } });
    return res.body.data.arr.map((i) => i.id);
  };

  it('counts a new collect for the preview’s app (once, however often it is sent) and moves the app up', async () => {
    const before = await hotOrder();
    // The coldest app none of whose screens the tests above collected (their counts may still be on their way).
    const touched = new Set(previewIds.slice(0, LIMITS.regular.collectMax + 5).map((id) => itemOf.get(id)));
    const coldest = before.filter((id) => !touched.has(id)).at(-1)!;
    const shots = (await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, coldest)).orderBy(asc(preview.id))).map((r) => r.id);
    expect(shots.length).toBeGreaterThanOrEqual(2);
    const token = t.fixtures.tokens.admin;
    await t.db.delete(collect).where(and(eq(collect.memberId, t.fixtures.members.admin), inArray(collect.previewId, shots)));

    await put(shots[0]!, token);
    await put(shots[0]!, token);
    await put(shots[1]!, token);
    // Batches are written in order: once the third call's count is in, so are the first two.
    expect(await waitForCollects(coldest, 2)).toBe(2);
    // Removing does not subtract.
    await del(shots[1]!, token);
    expect(await collectsToday(coldest)).toBe(2);

    // The score is refreshed with the counts: the app now ranks above every app without activity
    // (a cached Hot page follows moved scores within 5 s: docs/decisions/036).
    let after = await hotOrder();
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && after.indexOf(coldest) >= before.indexOf(coldest); ) {
      await new Promise((r) => setTimeout(r, 20));
      after = await hotOrder();
    }
    const quiet = await t.db.select({ itemId: itemActivity.itemId }).from(itemActivity);
    const withActivity = new Set(quiet.map((r) => r.itemId));
    const firstQuiet = after.findIndex((id) => !withActivity.has(id));
    expect(after.indexOf(coldest)).toBeLessThan(before.indexOf(coldest));
    expect(after.indexOf(coldest)).toBeLessThan(firstQuiet);
    expect(itemOf.get(shots[0]!)).toBe(coldest);
  });
});
