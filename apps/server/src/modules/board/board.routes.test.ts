import {
  API_PREFIX,
  BoardMessage,
  CollectMessage,
  LIMITS,
  openableScreens,
  PaywallMessage,
  ReplyCode,
  type Board,
  type BoardEntryReply,
  type BoardFlowPage,
  type BoardList,
  type BoardScreenPage,
  type SharedBoard,
} from '@shotlib/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { board, boardScreen, collect, collectFlow, preview } from '../../db/schema';
import { keyOfSignedPath } from '../../lib/media-signature';
import { insertFlowFixtures } from '../../test/fixtures';
import { call, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** Screens a regular reader may open (the first of each item), and screens only subscribers open, by id. */
const freeIds: number[] = [];
const paidIds: number[] = [];
let flows: Awaited<ReturnType<typeof insertFlowFixtures>>['flows'];

beforeAll(async () => {
  t = await createTestApp();
  flows = (await insertFlowFixtures(t.db, t.fixtures)).flows;
  const ordered = await t.db
    .select({ id: preview.id, itemId: preview.itemId })
    .from(preview)
    .orderBy(asc(preview.itemId), asc(preview.sort), asc(preview.id));
  const seen = new Map<number, number>();
  for (const row of ordered) {
    const position = seen.get(row.itemId) ?? 0;
    seen.set(row.itemId, position + 1);
    (position < openableScreens(false) ? freeIds : paidIds).push(row.id);
  }
});
afterAll(() => t.close());

const tokens = () => t.fixtures.tokens;
const members = () => t.fixtures.members;
const url = (path: string) => `${API_PREFIX}${path}`;

const list = (token: string | undefined, query = '') => call<BoardList>(t.app, { method: 'GET', url: url(`/boards${query}`), token });
const create = (token: string | undefined, name: unknown) => call<Board>(t.app, { method: 'POST', url: url('/boards'), token, payload: { name } });
const get = (token: string | undefined, id: number | string) => call<Board>(t.app, { method: 'GET', url: url(`/boards/${id}`), token });
const rename = (token: string | undefined, id: number | string, name: unknown) =>
  call<Board>(t.app, { method: 'PATCH', url: url(`/boards/${id}`), token, payload: { name } });
const remove = (token: string | undefined, id: number | string) => call(t.app, { method: 'DELETE', url: url(`/boards/${id}`), token });
const move = (token: string | undefined, id: number | string, position: unknown) =>
  call<BoardList>(t.app, { method: 'PUT', url: url(`/boards/${id}/position`), token, payload: { position } });
const entry = (method: 'PUT' | 'DELETE', kind: 'screens' | 'flows', token: string | undefined, id: number | string, target: number | string) =>
  call<BoardEntryReply>(t.app, { method, url: url(`/boards/${id}/${kind}/${target}`), token });
const screens = (token: string | undefined, id: number | string, query = '') =>
  call<BoardScreenPage>(t.app, { method: 'GET', url: url(`/boards/${id}/screens${query}`), token });
const boardFlows = (token: string | undefined, id: number | string) => call<BoardFlowPage>(t.app, { method: 'GET', url: url(`/boards/${id}/flows`), token });
const share = (method: 'PUT' | 'POST' | 'DELETE', token: string | undefined, id: number | string) =>
  call<Board>(t.app, { method, url: url(`/boards/${id}/share`), token });
const shared = (shareToken: string, token?: string) => call<SharedBoard>(t.app, { method: 'GET', url: url(`/shared-boards/${shareToken}`), token });
const sharedScreens = (shareToken: string, token?: string, query = '') =>
  call<BoardScreenPage>(t.app, { method: 'GET', url: url(`/shared-boards/${shareToken}/screens${query}`), token });
const sharedFlows = (shareToken: string, token?: string) => call<BoardFlowPage>(t.app, { method: 'GET', url: url(`/shared-boards/${shareToken}/flows`), token });
const collectScreen = (method: 'PUT' | 'DELETE', token: string, id: number) => call(t.app, { method, url: url(`/platform/preview/${id}`), token });

/** A fresh start for every test: no boards, nothing collected. */
beforeEach(async () => {
  await t.db.delete(board);
  await t.db.delete(collect);
  await t.db.delete(collectFlow);
});

async function made(token: string, name: string): Promise<Board> {
  const res = await create(token, name);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

const collectedBy = async (memberId: number) =>
  (await t.db.select({ id: collect.previewId }).from(collect).where(eq(collect.memberId, memberId))).map((row) => row.id).sort((a, b) => a - b);

describe('without a live session', () => {
  it('answers 401 to every owner call, before the input is read', async () => {
    for (const token of [undefined, tokens().expired, tokens().revoked, 'not-a-token']) {
      const replies = [
        await list(token),
        await create(token, 'Mine'),
        await get(token, 1),
        await rename(token, 1, 'x'),
        await remove(token, 1),
        await move(token, 1, 0),
        await entry('PUT', 'screens', token, 1, freeIds[0]!),
        await entry('DELETE', 'screens', token, 1, freeIds[0]!),
        await entry('PUT', 'flows', token, 1, flows.siteSignup),
        await entry('DELETE', 'flows', token, 1, flows.siteSignup),
        await screens(token, 1),
        await boardFlows(token, 1),
        await share('PUT', token, 1),
        await share('POST', token, 1),
        await share('DELETE', token, 1),
        await create(token, ''),
        await get(token, 'abc'),
      ];
      for (const res of replies) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: ReplyCode.unauthorized, message: 'Please log in.', data: null });
      }
    }
    expect(await t.db.select().from(board)).toEqual([]);
  });
});

describe('making, naming, ordering and deleting boards', () => {
  it('makes a board first in the list, renames it, moves it and deletes it, numbering the rest', async () => {
    const token = tokens().vip;
    const a = await made(token, '  Onboarding  ');
    expect(a).toMatchObject({ name: 'Onboarding', screens: 0, flows: 0, cover: [], shareToken: null });
    expect(Number.isNaN(Date.parse(a.createdAt))).toBe(false);
    const b = await made(token, 'Checkout');
    const c = await made(token, '看板');
    expect((await list(token)).body.data.arr.map((x) => x.name)).toEqual(['看板', 'Checkout', 'Onboarding']);
    expect((await list(token)).body.data.total).toBe(3);

    const renamed = await rename(token, b.id, 'Payments');
    expect(renamed.body.data).toMatchObject({ id: b.id, name: 'Payments' });
    expect((await get(token, b.id)).body.data.name).toBe('Payments');

    // Move the last to the front, then the front past the end (last).
    expect((await move(token, a.id, 0)).body.data.arr.map((x) => x.id)).toEqual([a.id, c.id, b.id]);
    expect((await move(token, a.id, 99)).body.data.arr.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect((await move(token, a.id, 1)).body.data.arr.map((x) => x.id)).toEqual([c.id, a.id, b.id]);

    expect((await remove(token, a.id)).body).toEqual({ code: 0, message: 'ok', data: { id: a.id, deleted: true } });
    expect((await list(token)).body.data.arr.map((x) => x.id)).toEqual([c.id, b.id]);
    const positions = await t.db.select({ id: board.id, position: board.position }).from(board).orderBy(asc(board.position));
    expect(positions).toEqual([
      { id: c.id, position: 0 },
      { id: b.id, position: 1 },
    ]);
    const gone = await get(token, a.id);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: ReplyCode.notFound, message: BoardMessage.boardMissing, data: null });
  });

  it('refuses bad names, ids and positions as bad input, and stores nothing', async () => {
    const token = tokens().regular;
    for (const name of ['', '   ', 'x'.repeat(61), 42, null]) {
      const res = await create(token, name);
      expect(res.status, String(name)).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
    }
    const mine = await made(token, 'Mine');
    expect((await rename(token, mine.id, ' ')).status).toBe(400);
    for (const position of [-1, 1.5, 'first', null]) expect((await move(token, mine.id, position)).status, String(position)).toBe(400);
    for (const id of ['abc', '0', '-3', '1.5']) {
      expect((await get(token, id)).status, id).toBe(400);
      expect((await entry('PUT', 'screens', token, mine.id, id)).status, id).toBe(400);
    }
    expect((await screens(token, mine.id, '?pageSize=51')).status).toBe(400);
    expect((await list(token, '?screen=x')).status).toBe(400);
    expect((await list(token)).body.data.arr.map((x) => x.name)).toEqual(['Mine']);
  });

  it(`lets regular members keep ${LIMITS.regular.boardMax} boards (1002 beyond), lapsed subscribers too, subscribers ${LIMITS.vip.boardMax} (1001 beyond)`, async () => {
    for (const token of [tokens().regular, tokens().lapsed]) {
      for (let i = 0; i < LIMITS.regular.boardMax; i++) await made(token, `Board ${i}`);
      const refused = await create(token, 'One more');
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ code: ReplyCode.vipRequired, message: BoardMessage.limitReached, data: null });
    }
    await t.db.insert(board).values(Array.from({ length: LIMITS.vip.boardMax }, (_, i) => ({ memberId: members().vip, name: `B${i}`, position: i })));
    expect((await create(tokens().vip, 'One more')).body).toEqual({ code: ReplyCode.rule, message: BoardMessage.limitReachedVip, data: null });
    // A lapsed subscriber keeps what they made beyond the limit, and deletes to make room.
    await t.db.delete(board).where(eq(board.memberId, members().lapsed));
    await t.db.insert(board).values(Array.from({ length: 5 }, (_, i) => ({ memberId: members().lapsed, name: `Paid ${i}`, position: i })));
    expect((await list(tokens().lapsed)).body.data.total).toBe(5);
    expect((await create(tokens().lapsed, 'New')).body.code).toBe(ReplyCode.vipRequired);
  });
});

describe("another member's board", () => {
  it('answers the same 404 as a missing board to every call, and changes nothing', async () => {
    const theirs = await made(tokens().vip, 'Theirs');
    await entry('PUT', 'screens', tokens().vip, theirs.id, freeIds[0]!);
    await share('PUT', tokens().vip, theirs.id);
    const notFound = { code: ReplyCode.notFound, message: BoardMessage.boardMissing, data: null };
    const me = tokens().regular;
    for (const id of [theirs.id, 987654]) {
      for (const res of [
        await get(me, id),
        await rename(me, id, 'Mine now'),
        await remove(me, id),
        await move(me, id, 0),
        await entry('PUT', 'screens', me, id, freeIds[1]!),
        await entry('DELETE', 'screens', me, id, freeIds[0]!),
        await entry('PUT', 'flows', me, id, flows.siteSignup),
        await entry('DELETE', 'flows', me, id, flows.siteSignup),
        await screens(me, id),
        await boardFlows(me, id),
        await share('PUT', me, id),
        await share('POST', me, id),
        await share('DELETE', me, id),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(notFound);
      }
    }
    const after = (await get(tokens().vip, theirs.id)).body.data;
    expect(after).toMatchObject({ name: 'Theirs', screens: 1 });
    expect(after.shareToken).not.toBeNull();
    expect((await list(me)).body.data).toEqual({ arr: [], total: 0 });
    // Putting the screen on someone else's board collected nothing for the caller either.
    expect(await collectedBy(members().regular)).toEqual([]);
  });
});

describe('screens on boards', () => {
  it('collects what it puts on a board; one screen sits on several; taking it off a board keeps it collected', async () => {
    const token = tokens().regular;
    const first = await made(token, 'First');
    const second = await made(token, 'Second');
    const shot = freeIds[4]!;
    expect((await entry('PUT', 'screens', token, first.id, shot)).body.data).toEqual({ boardId: first.id, id: shot, onBoard: true, collected: true });
    expect((await entry('PUT', 'screens', token, first.id, shot)).body.data.onBoard).toBe(true);
    await entry('PUT', 'screens', token, second.id, shot);
    expect(await collectedBy(members().regular)).toEqual([shot]);
    const about = (await list(token, `?screen=${shot}`)).body.data.arr;
    expect(about.map((x) => [x.name, x.contains, x.screens])).toEqual([
      ['Second', true, 1],
      ['First', true, 1],
    ]);
    expect((await list(token)).body.data.arr[0]).not.toHaveProperty('contains');

    expect((await entry('DELETE', 'screens', token, first.id, shot)).body.data).toEqual({ boardId: first.id, id: shot, onBoard: false, collected: true });
    expect((await entry('DELETE', 'screens', token, first.id, shot)).body.data.onBoard).toBe(false);
    expect((await list(token, `?screen=${shot}`)).body.data.arr.map((x) => x.contains)).toEqual([true, false]);
    expect(await collectedBy(members().regular)).toEqual([shot]);
    // Deleting a board leaves its screens collected.
    await remove(token, second.id);
    expect(await collectedBy(members().regular)).toEqual([shot]);
  });

  it('un-collecting a screen takes it off every board of the member', async () => {
    const token = tokens().regular;
    const [a, b] = [await made(token, 'A'), await made(token, 'B')];
    const [shot, other] = [freeIds[5]!, freeIds[6]!];
    for (const id of [a.id, b.id]) await entry('PUT', 'screens', token, id, shot);
    await entry('PUT', 'screens', token, a.id, other);
    await collectScreen('DELETE', token, shot);
    expect((await screens(token, a.id)).body.data.arr.map((s) => s.id)).toEqual([other]);
    expect((await screens(token, b.id)).body.data).toEqual({ arr: [], total: 0, locked: 0 });
    expect((await list(token)).body.data.arr.map((x) => x.screens)).toEqual([0, 1]);
  });

  it('follows the rules of collecting: a missing screen is a 404, a locked one the paywall, the collect limit applies', async () => {
    const token = tokens().admin;
    const mine = await made(token, 'Mine');
    const missing = await entry('PUT', 'screens', token, mine.id, 987654);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CollectMessage.previewMissing);
    expect((await entry('PUT', 'screens', token, mine.id, paidIds[0]!)).body).toEqual({ code: ReplyCode.vipRequired, message: PaywallMessage.screens, data: null });
    expect(await collectedBy(members().admin)).toEqual([]);

    // At the limit: a screen already collected still goes on the board; a new one is refused.
    const held = freeIds.slice(0, LIMITS.regular.collectMax);
    await t.db.insert(collect).values(held.map((previewId) => ({ memberId: members().admin, previewId })));
    expect((await entry('PUT', 'screens', token, mine.id, held[0]!)).body.code).toBe(0);
    const refused = await entry('PUT', 'screens', token, mine.id, freeIds[LIMITS.regular.collectMax]!);
    expect(refused.body).toEqual({ code: ReplyCode.vipRequired, message: CollectMessage.limitReached, data: null });
    expect((await screens(token, mine.id)).body.data.total).toBe(1);

    // A subscriber puts any screen on a board.
    const theirs = await made(tokens().vip, 'Paid');
    expect((await entry('PUT', 'screens', tokens().vip, theirs.id, paidIds[0]!)).body.code).toBe(0);
  });

  it('lists a board newest added first, in pages, signed, with a cover of its three newest screens', async () => {
    const token = tokens().vip;
    const mine = await made(token, 'Many');
    const added = [freeIds[0]!, paidIds[0]!, freeIds[30]!, freeIds[31]!, paidIds[1]!];
    for (const id of added) expect((await entry('PUT', 'screens', token, mine.id, id)).body.code).toBe(0);
    const newest = [...added].reverse();
    const page1 = (await screens(token, mine.id, '?pageSize=2')).body.data;
    expect(page1.arr.map((s) => s.id)).toEqual(newest.slice(0, 2));
    expect(page1).toMatchObject({ total: 5, locked: 0 });
    expect((await screens(token, mine.id, '?page=3&pageSize=2')).body.data.arr.map((s) => s.id)).toEqual(newest.slice(4));
    const [row] = await t.db.select().from(preview).where(eq(preview.id, newest[0]!));
    const first = page1.arr[0]!;
    expect(first.path).toMatch(/^_s\d+\.[\w-]{22}\//);
    expect(keyOfSignedPath(first.path)).toBe(row!.path);
    expect(first.item).toMatchObject({ id: row!.itemId, kind: 'app' });
    expect(Number.isNaN(Date.parse(first.addedAt))).toBe(false);

    const card = (await list(token)).body.data.arr[0]!;
    expect(card.screens).toBe(5);
    expect(card.cover.map((s) => s.id)).toEqual(newest.slice(0, 3));
    expect(card.cover.every((s) => keyOfSignedPath(s.path) !== null)).toBe(true);
  });

  it("shows a lapsed subscriber only the screens they may open now, counting the others as locked", async () => {
    const mine = await made(tokens().lapsed, 'Kept');
    await t.db.insert(collect).values([paidIds[0]!, freeIds[2]!].map((previewId) => ({ memberId: members().lapsed, previewId })));
    await t.db.insert(boardScreen).values([paidIds[0]!, freeIds[2]!].map((previewId) => ({ boardId: mine.id, memberId: members().lapsed, previewId })));
    expect((await screens(tokens().lapsed, mine.id)).body.data).toMatchObject({ total: 1, locked: 1, arr: [{ id: freeIds[2] }] });
    const card = (await list(tokens().lapsed)).body.data.arr[0]!;
    expect(card.screens).toBe(2);
    expect(card.cover.map((s) => s.id)).toEqual([freeIds[2]]);
  });
});

describe('flows on boards', () => {
  it('collects the flow it puts on a board, lists it as a card, keeps it collected when taken off; un-collecting takes it off', async () => {
    const token = tokens().regular;
    const mine = await made(token, 'Journeys');
    expect((await entry('PUT', 'flows', token, mine.id, flows.siteSignup)).body.data).toEqual({
      boardId: mine.id,
      id: flows.siteSignup,
      onBoard: true,
      collected: true,
    });
    await entry('PUT', 'flows', token, mine.id, flows.alphaSignup);
    const page = (await boardFlows(token, mine.id)).body.data;
    expect(page.total).toBe(2);
    expect(page.arr.map((f) => f.id)).toEqual([flows.alphaSignup, flows.siteSignup]);
    expect(page.arr[0]!.cover.every((s) => keyOfSignedPath(s.path) !== null)).toBe(true);
    expect((await list(token, `?flow=${flows.siteSignup}`)).body.data.arr[0]).toMatchObject({ flows: 2, contains: true });

    expect((await entry('DELETE', 'flows', token, mine.id, flows.siteSignup)).body.data).toMatchObject({ onBoard: false, collected: true });
    await call(t.app, { method: 'DELETE', url: url(`/flow/${flows.alphaSignup}/fav`), token });
    expect((await boardFlows(token, mine.id)).body.data).toEqual({ arr: [], total: 0 });
    const missing = await entry('PUT', 'flows', token, mine.id, flows.empty);
    expect(missing.status).toBe(404);
  });
});

describe('the share link', () => {
  it('is random, kept while shared, replaced on demand, and dead once replaced or stopped', async () => {
    const token = tokens().regular;
    const mine = await made(token, 'Shared');
    const on = (await share('PUT', token, mine.id)).body.data.shareToken!;
    expect(on).toMatch(/^[\w-]{22}$/);
    expect((await share('PUT', token, mine.id)).body.data.shareToken).toBe(on);
    expect((await shared(on)).body.data).toMatchObject({ name: 'Shared', owner: 'member' });

    const renewed = (await share('POST', token, mine.id)).body.data.shareToken!;
    expect(renewed).toMatch(/^[\w-]{22}$/);
    expect(renewed).not.toBe(on);
    const old = await shared(on);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ code: ReplyCode.notFound, message: BoardMessage.sharedMissing, data: null });
    expect((await shared(renewed)).status).toBe(200);

    expect((await share('DELETE', token, mine.id)).body.data.shareToken).toBeNull();
    for (const res of [await shared(renewed), await sharedScreens(renewed), await sharedFlows(renewed)]) expect(res.status).toBe(404);
    // Deleting a shared board kills its link too.
    const again = (await share('PUT', token, mine.id)).body.data.shareToken!;
    await remove(token, mine.id);
    expect((await shared(again)).status).toBe(404);
  });

  it('refuses a malformed token as bad input', async () => {
    for (const bad of ['short', 'x'.repeat(23), 'abcdefghijklmnopqrst%2F']) {
      const res = await shared(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
    }
  });

  it("shows a visitor and a regular member the free screens (the rest counted as locked), a subscriber all, and the owner's nickname only", async () => {
    const owner = tokens().vip;
    const mine = await made(owner, 'Moodboard');
    const free = [freeIds[0]!, freeIds[31]!];
    const paid = [paidIds[0]!, paidIds[2]!, paidIds[3]!];
    for (const id of [...free, ...paid]) expect((await entry('PUT', 'screens', owner, mine.id, id)).body.code).toBe(0);
    await entry('PUT', 'flows', owner, mine.id, flows.alphaSignup);
    const link = (await share('PUT', owner, mine.id)).body.data.shareToken!;

    for (const reader of [undefined, tokens().regular, tokens().lapsed]) {
      const head = await shared(link, reader);
      expect(head.body.data).toMatchObject({ name: 'Moodboard', owner: 'vip', screens: 5, flows: 1, locked: 3 });
      expect(Object.keys(head.body.data).sort()).toEqual(['flows', 'locked', 'name', 'owner', 'screens', 'updatedAt']);
      const page = (await sharedScreens(link, reader)).body.data;
      expect(page.total).toBe(2);
      expect(page.locked).toBe(3);
      expect(page.arr.map((s) => s.id).sort((a, b) => a - b)).toEqual([...free].sort((a, b) => a - b));
      // Only screens the reader may open are listed, so signed: no path of a locked screen.
      const body = JSON.stringify(page);
      for (const id of paid) {
        const [row] = await t.db.select({ path: preview.path }).from(preview).where(eq(preview.id, id));
        expect(body).not.toContain(row!.path);
      }
      for (const s of page.arr) expect(keyOfSignedPath(s.path)).not.toBeNull();
      const flowCards = (await sharedFlows(link, reader)).body.data;
      expect(flowCards.arr.map((f) => f.id)).toEqual([flows.alphaSignup]);
    }
    const vip = (await sharedScreens(link, owner)).body.data;
    expect(vip).toMatchObject({ total: 5, locked: 0 });
    expect((await shared(link, owner)).body.data.locked).toBe(0);
    // Nothing of the owner but the nickname.
    const text = JSON.stringify((await shared(link)).body);
    expect(text).not.toContain('vip@example.com');
    // Paging of the shared read.
    expect((await sharedScreens(link, owner, '?page=2&pageSize=4')).body.data.arr).toHaveLength(1);
  });
});
