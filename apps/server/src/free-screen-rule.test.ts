import { API_PREFIX, ReplyCode, openableScreens, type Envelope } from '@shotlib/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collect, preview } from './db/schema';
import { keyOfSignedPath } from './lib/media-signature';
import { CATEGORY, insertFlowFixtures, makeFlow, type FlowFixtures } from './test/fixtures';
import { useTestApp } from './test/helpers';
import { call } from './test/test-app';

/**
 * Issue 28: the one rule of free screens (packages/contract entitlements.ts `openableScreens`,
 * docs/product-spec.md §6): a regular reader opens the first screens of every item in its order,
 * a subscriber every screen, and every surface agrees. One locked screen (Alpha's 13th, the second
 * step of a flow: decision 045 once opened the first three steps of every flow to everybody) and one
 * free screen (Alpha's first, that flow's first step) are looked for on every surface that can show a screen:
 * the item's page and its viewer (the same previews), the item's card and detail, the flows (cards,
 * steps, collected flows), the Screens view and screen search, similar screens, collecting and the
 * collections list, boards (one's own, and a subscriber's board shared by its link), and the media they sign.
 */

const t = useTestApp();
let f: FlowFixtures;
/** A flow through the free screen, the locked one, then another free one. */
let flowId: number;
let locked: { id: number; key: string };
let free: { id: number; key: string };
/** The share token of a subscriber's board that holds both screens. */
let shared: string;
/** A word only the two screens' text holds, for screen search. */
const WORD = 'quokkaterrace';

beforeAll(async () => {
  f = await insertFlowFixtures(t.db, t.fixtures);
  const [freeId, lockedId] = [f.screens.alpha[0]!, f.screens.alpha[12]!];
  // The two look alike (same type, same layout hash) and share a word: each is the other's nearest similar screen.
  await t.db.update(preview).set({ categoryId: CATEGORY.screenLogin, phash: 4242n, ocrText: `${WORD} welcome` }).where(inArray(preview.id, [freeId, lockedId]));
  const rows = await t.db.select({ id: preview.id, path: preview.path, position: preview.position }).from(preview).where(inArray(preview.id, [freeId, lockedId]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.get(freeId)!.position).toBeLessThan(openableScreens(false));
  expect(byId.get(lockedId)!.position).toBeGreaterThanOrEqual(openableScreens(false));
  free = { id: freeId, key: byId.get(freeId)!.path };
  locked = { id: lockedId, key: byId.get(lockedId)!.path };
  flowId = await makeFlow(t.db, { itemId: t.fixtures.alphaId, name: 'Free, locked, free', steps: [freeId, lockedId, f.screens.alpha[1]!] });
  // A subscriber's board with both screens, shared by its link.
  const vipCall = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    call<{ id: number; shareToken: string | null }>(t.app, { method, url: `${API_PREFIX}${url}`, payload, token: t.fixtures.tokens.vip });
  const board = (await vipCall('POST', '/boards', { name: 'Sign-in references' })).body.data;
  for (const id of [freeId, lockedId]) expect((await vipCall('PUT', `/boards/${board.id}/screens/${id}`)).body.code).toBe(0);
  shared = (await vipCall('PUT', `/boards/${board.id}/share`)).body.data.shareToken!;
  expect(shared).toMatch(/^[\w-]{22}$/);
  // The lapsed member collected the locked screen while subscribed.
  await t.db.insert(collect).values({ memberId: t.fixtures.members.lapsed, previewId: lockedId });
});

type Seen = { surface: string; reply: Envelope<unknown> };

/** Every reply a reader gets from every surface that can show Alpha's screens. */
async function walk(token: string | undefined): Promise<Seen[]> {
  const seen: Seen[] = [];
  const get = async (surface: string, request: Parameters<typeof call>[1]) => {
    const res = await call(t.app, { ...request, token });
    expect(res.status, surface).toBeLessThan(500);
    seen.push({ surface, reply: res.body });
    return res.body;
  };
  const alpha = t.fixtures.alphaId;
  for (let page = 1; page <= 3; page++) {
    // The item's page and the viewer read the same previews, page by page.
    const reply = await get(`item page ${page}`, { method: 'POST', url: `${API_PREFIX}/platform/app`, payload: { appSiteId: alpha, page } });
    if (reply.code !== 0) break;
  }
  await get('item detail', { method: 'GET', url: `${API_PREFIX}/platform/${alpha}` });
  await get('app list', { method: 'POST', url: `${API_PREFIX}/platform`, payload: { pageSize: 50 } });
  await get('flow cards', { method: 'POST', url: `${API_PREFIX}/flow`, payload: { appSiteId: alpha } });
  await get('flow steps', { method: 'GET', url: `${API_PREFIX}/flow/${flowId}` });
  await get('screen search', { method: 'POST', url: `${API_PREFIX}/screen`, payload: { q: WORD } });
  await get('screens by type', { method: 'POST', url: `${API_PREFIX}/screen`, payload: { type: [CATEGORY.screenLogin], pageSize: 48 } });
  await get('similar to the free screen', { method: 'GET', url: `${API_PREFIX}/screen/${free.id}/similar` });
  await get('similar to the locked screen', { method: 'GET', url: `${API_PREFIX}/screen/${locked.id}/similar` });
  await get('shared board', { method: 'GET', url: `${API_PREFIX}/shared-boards/${shared}/screens` });
  if (token) {
    const board = await get('make a board', { method: 'POST', url: `${API_PREFIX}/boards`, payload: { name: `Mine ${Math.random()}` } });
    const boardId = (board.data as { id: number } | null)?.id;
    if (boardId) {
      await get('put the locked screen on the board', { method: 'PUT', url: `${API_PREFIX}/boards/${boardId}/screens/${locked.id}` });
      await get('put the free screen on the board', { method: 'PUT', url: `${API_PREFIX}/boards/${boardId}/screens/${free.id}` });
      await get('own board', { method: 'GET', url: `${API_PREFIX}/boards/${boardId}/screens` });
    }
    await get('collect the locked screen', { method: 'PUT', url: `${API_PREFIX}/platform/preview/${locked.id}` });
    await get('collect the free screen', { method: 'PUT', url: `${API_PREFIX}/platform/preview/${free.id}` });
    await get('collections', { method: 'POST', url: `${API_PREFIX}/platform/fav`, payload: { pageSize: 50 } });
    await get('collect the flow', { method: 'PUT', url: `${API_PREFIX}/flow/${flowId}/fav` });
    await get('collected flows', { method: 'POST', url: `${API_PREFIX}/flow/fav`, payload: {} });
  }
  return seen;
}

/** The surfaces whose reply shows the screen (by id, by its signed media path). */
function surfacesShowing(seen: Seen[], screen: { id: number; key: string }): string[] {
  const shows = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(shows);
    if (value === null || typeof value !== 'object') return false;
    const record = value as Record<string, unknown>;
    if (typeof record.path === 'string' && keyOfSignedPath(record.path) === screen.key) return true;
    if (record.id === screen.id && typeof record.path === 'string') return true;
    return Object.values(record).some(shows);
  };
  return seen.filter(({ reply }) => shows(reply.data)).map(({ surface }) => surface);
}

const EVERY_SURFACE_WITH_THE_FREE_SCREEN = [
  'item page 1',
  'flow cards',
  'flow steps',
  'screen search',
  'screens by type',
  'shared board',
  'collections',
  'own board',
  'collected flows',
];

describe('one rule of free screens, on every surface', () => {
  for (const who of ['visitor', 'regular', 'lapsed'] as const) {
    it(`shows a ${who} the free screen everywhere and the locked screen nowhere`, async () => {
      const token = who === 'visitor' ? undefined : t.fixtures.tokens[who];
      const seen = await walk(token);
      expect(surfacesShowing(seen, locked)).toEqual([]);
      // Not even its media path, anywhere in any reply.
      for (const { surface, reply } of seen) expect(JSON.stringify(reply), surface).not.toContain(locked.key);
      const expected = EVERY_SURFACE_WITH_THE_FREE_SCREEN.filter((surface) => token || !/collect|own board/.test(surface));
      expect(surfacesShowing(seen, free)).toEqual(expect.arrayContaining(expected));
      // The refusals say why: the second page, the locked screen's similar screens, collecting it.
      const refused = seen.filter(({ reply }) => reply.code === ReplyCode.vipRequired).map(({ surface }) => surface);
      expect(refused).toEqual(['item page 2', 'similar to the locked screen', ...(token ? ['put the locked screen on the board', 'collect the locked screen'] : [])]);
      // The flow plays up to its first locked screen: its first step only.
      const flow = seen.find(({ surface }) => surface === 'flow steps')!.reply.data as { steps: unknown[]; locked: boolean };
      expect(flow.steps).toHaveLength(1);
      expect(flow.locked).toBe(true);
    });
  }

  it('shows a subscriber the locked screen on every surface', async () => {
    const seen = await walk(t.fixtures.tokens.vip);
    expect(seen.filter(({ reply }) => reply.code !== 0).map(({ surface }) => surface)).toEqual([]);
    expect(surfacesShowing(seen, locked)).toEqual(
      expect.arrayContaining(['item page 2', 'flow steps', 'screen search', 'screens by type', 'similar to the free screen', 'shared board', 'own board', 'collections']),
    );
    expect(surfacesShowing(seen, free)).toEqual(expect.arrayContaining([...EVERY_SURFACE_WITH_THE_FREE_SCREEN, 'similar to the locked screen']));
  });

  it('keeps the locked screen collected for the lapsed member, unseen, to come back on renewal', async () => {
    const rows = await t.db.select().from(collect).where(eq(collect.memberId, t.fixtures.members.lapsed));
    expect(rows.map((row) => row.previewId)).toContain(locked.id);
  });
});
