import {
  API_PREFIX,
  LIMITS,
  openableScreens,
  PaywallMessage,
  ReplyCode,
  SCREEN_COUNT_CAP,
  SCREEN_DARK_BELOW,
  SCREEN_LIST_WINDOW,
  SCREEN_PAGE_SIZE,
  ScreenListMessage,
  SIMILAR_SCREENS,
  type ScreenCard,
} from '@shotlib/contract';
import { and, asc, desc, eq, isNull, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { item, preview, previewElement } from '../../db/schema';
import { CATEGORY, ELEMENT, insertScreenFixtures, type ScreenFixtures } from '../../test/fixtures';
import { eventually, type List, useTestApp } from '../../test/helpers';
import { call } from '../../test/test-app';

const t = useTestApp();
let f: ScreenFixtures;
beforeAll(async () => {
  f = await insertScreenFixtures(t.db, t.fixtures);
});

const list = (payload: Record<string, unknown>, token?: string) =>
  call<List<ScreenCard> & { totalAtLeast: boolean }>(t.app, { method: 'POST', url: `${API_PREFIX}/screen`, payload, token });
const similar = (id: number | string, token?: string) =>
  call<List<ScreenCard>>(t.app, { method: 'GET', url: `${API_PREFIX}/screen/${id}/similar`, token });
const ids = (cards: List<ScreenCard>) => cards.arr.map((card) => card.id);
const vip = () => t.fixtures.tokens.vip;
const signed = (path: string) => /^_s\d+\.[\w-]{22}\/shots\//.test(path);
/** Every id a vip caller gets for a filter (all pages of 50). */
async function allIds(payload: Record<string, unknown>, token = vip()): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; ; page++) {
    const res = await list({ ...payload, page, pageSize: 50 }, token);
    expect(res.body.code).toBe(0);
    found.push(...ids(res.body.data));
    if (res.body.data.arr.length < 50) return found;
  }
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** The listed screens (published items) in News order, optionally only the first `openable` of each item. */
async function newsOrder(openable?: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: preview.id })
    .from(preview)
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(and(isNull(item.unpublishedAt), openable === undefined ? undefined : lt(preview.position, openable)))
    .orderBy(desc(preview.createdAt), desc(preview.id));
  return rows.map((row) => row.id);
}

describe('POST /screen', () => {
  it('lists the screens of published items newest first as cards: the screen, its elements and colours, its item', async () => {
    const res = await list({ pageSize: 50 }, vip());
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const expected = await newsOrder();
    expect(res.body.data.total).toBe(expected.length);
    expect(ids(res.body.data)).toEqual(expected.slice(0, 50));
    expect(await allIds({})).not.toContain((await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, f.hiddenId)))[0]!.id);

    const alpha0 = (await allIds({ element: [ELEMENT.chart] }))[0];
    expect(alpha0).toBe(f.alpha[2]);
    const card = (await list({ element: [ELEMENT.button, ELEMENT.form], q: 'welcome' }, vip())).body.data.arr[0]!;
    expect(card).toMatchObject({
      id: f.alpha[0],
      width: 390,
      height: 844,
      group: CATEGORY.screenLogin,
      elements: [ELEMENT.button, ELEMENT.form],
      colors: ['#0090ff', '#ffffff'],
      item: { id: t.fixtures.alphaId, name: 'Alpha Notes', logo: 'logos/app-0.webp', kind: 'app' },
    });
    expect(signed(card.path)).toBe(true);
    const ledger = (await list({ kind: 'b' }, vip())).body.data.arr;
    expect(ledger.every((c) => c.item.kind === 'b' && c.item.name === 'Ledger')).toBe(true);
  });

  it('ranks Hot by the hotness of the item, then the item, then the screen\'s position in it', async () => {
    const res = await list({ rank: 'H', pageSize: 50 }, vip());
    const rows = await t.db
      .select({ id: preview.id })
      .from(preview)
      .innerJoin(item, eq(item.id, preview.itemId))
      .where(isNull(item.unpublishedAt))
      .orderBy(desc(item.hotScore), desc(item.id), asc(preview.position), asc(preview.id))
      .limit(50);
    expect(ids(res.body.data)).toEqual(rows.map((row) => row.id));
    // The hottest item (Ledger) first, its screens in their order; then Alpha's... by score.
    expect(ids(res.body.data).slice(0, 3)).toEqual(f.ledger);
  });

  it('pages without overlap and counts every match', async () => {
    const first = await list({ page: 1, pageSize: 10 }, vip());
    const second = await list({ page: 2, pageSize: 10 }, vip());
    const expected = await newsOrder();
    expect([...ids(first.body.data), ...ids(second.body.data)]).toEqual(expected.slice(0, 20));
    expect(second.body.data.total).toBe(expected.length);
    expect(sorted(await allIds({}))).toEqual(sorted(expected));
  });

  it('filters by item kind, screen types (any), UI elements (all), app categories (any) and colour, combined', async () => {
    const siteScreens = await allIds({ kind: 'web' });
    const sites = await t.db.select({ id: preview.id, itemId: preview.itemId }).from(preview).innerJoin(item, eq(item.id, preview.itemId)).where(eq(item.isSite, true));
    expect(sorted(siteScreens)).toEqual(sorted(sites.map((s) => s.id)));

    const logins = await allIds({ type: [CATEGORY.screenLogin] });
    expect(sorted(logins)).toEqual(sorted([...f.alpha.filter((_, p) => p % 2 === 0), f.ledger[1]!]));
    const loginsOrHomes = await allIds({ type: `${CATEGORY.screenLogin},${CATEGORY.screenHome}` });
    expect(sorted(loginsOrHomes)).toEqual(sorted([...f.alpha, f.ledger[1]!]));

    expect(sorted(await allIds({ element: [ELEMENT.button] }))).toEqual(sorted([f.alpha[0]!, f.alpha[1]!, f.alpha[2]!, f.alpha[12]!]));
    expect(sorted(await allIds({ element: [ELEMENT.button, ELEMENT.form] }))).toEqual(sorted([f.alpha[0]!, f.alpha[2]!, f.alpha[12]!]));
    expect(await allIds({ element: [ELEMENT.button, ELEMENT.tabBar] })).toEqual([]);

    // App categories: apps 0, 5, 10… are in Finance; Ledger in CRM.
    const finance = await allIds({ group: [CATEGORY.finance] });
    const financeApps = new Set(t.fixtures.appIds.filter((_, i) => i % 5 === 0));
    const owners = await t.db.select({ id: preview.id, itemId: preview.itemId }).from(preview);
    const ownerOf = new Map(owners.map((row) => [row.id, row.itemId]));
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((id) => financeApps.has(ownerOf.get(id)!))).toBe(true);
    expect(sorted(await allIds({ group: [CATEGORY.finance, CATEGORY.businessCrm], kind: 'b' }))).toEqual(sorted(f.ledger));

    expect(sorted(await allIds({ color: 'blue' }))).toEqual(sorted([f.alpha[0]!, f.alpha[2]!]));
    expect(await allIds({ color: 'green' })).toEqual([f.ledger[0]]);
    expect(await allIds({ color: 'blue', element: [ELEMENT.chart], type: [CATEGORY.screenLogin], kind: 'app', group: [CATEGORY.finance] })).toEqual([f.alpha[2]]);
    expect(await allIds({ color: 'blue', kind: 'web' })).toEqual([]);
  });

  it('filters light or dark screens by their luminance (SCREEN_DARK_BELOW), reports each card\'s theme, and keeps regular callers to their free screens', async () => {
    const set = (id: number, luminance: number | null) => t.db.update(preview).set({ luminance }).where(eq(preview.id, id));
    // Dark: Alpha's first screen and its 13th (beyond the free screens); light: its second and one just at the threshold.
    const dark = [f.alpha[0]!, f.alpha[12]!];
    const light = [f.alpha[1]!, f.alpha[2]!];
    await set(f.alpha[0]!, 0.02);
    await set(f.alpha[12]!, SCREEN_DARK_BELOW - 0.001);
    await set(f.alpha[1]!, 0.86);
    await set(f.alpha[2]!, SCREEN_DARK_BELOW);
    try {
      await eventually(async () => (await allIds({ theme: 'dark' })).length === 2);
      expect(sorted(await allIds({ theme: 'dark' }))).toEqual(sorted(dark));
      expect(sorted(await allIds({ theme: 'light' }))).toEqual(sorted(light));
      // Combined with the other filters (AND); a screen not yet processed (null) is neither.
      expect(await allIds({ theme: 'dark', color: 'blue' })).toEqual([f.alpha[0]]);
      expect(await allIds({ theme: 'light', element: [ELEMENT.chart] })).toEqual([f.alpha[2]]);
      expect(await allIds({ theme: 'dark', kind: 'web' })).toEqual([]);
      expect(await allIds({ theme: 'light', q: 'welcome' })).toEqual([]);
      const cards = (await list({ pageSize: 50, theme: 'dark' }, vip())).body.data;
      expect(cards.total).toBe(2);
      expect(cards.totalAtLeast).toBe(false);
      expect(cards.arr.map((card) => card.theme)).toEqual(['dark', 'dark']);
      expect((await list({ pageSize: 50, theme: 'light' }, vip())).body.data.arr.map((card) => card.theme)).toEqual(['light', 'light']);
      const unprocessed = (await list({ pageSize: 50 }, vip())).body.data.arr.filter((card) => !dark.includes(card.id) && !light.includes(card.id));
      expect(unprocessed.length).toBeGreaterThan(0);
      expect(unprocessed.every((card) => card.theme === null)).toBe(true);
      // The one rule of free screens: a regular caller never gets the dark 13th screen.
      for (const token of [undefined, t.fixtures.tokens.regular]) {
        const res = await list({ theme: 'dark' }, token);
        expect(res.body.code).toBe(0);
        expect(ids(res.body.data)).toEqual([f.alpha[0]]);
        expect(res.body.data.total).toBe(1);
      }
      // Not a theme: refused at the edge.
      expect((await list({ theme: 'grey' }, vip())).status).toBe(400);
    } finally {
      for (const id of [...dark, ...light]) await set(id, null);
    }
  });

  it('keeps regular callers to the screens they may open, on the first pages only (1002 beyond)', async () => {
    const openable = openableScreens(false);
    const expected = await newsOrder(openable);
    for (const token of [undefined, t.fixtures.tokens.regular]) {
      const first = await list({ page: 1 }, token);
      expect(first.body.code).toBe(0);
      expect(first.body.data.total).toBe(expected.length);
      expect(ids(first.body.data)).toEqual(expected.slice(0, SCREEN_PAGE_SIZE));
      const last = await list({ page: LIMITS.regular.screenListMaxPage }, token);
      expect(ids(last.body.data)).toEqual(expected.slice((LIMITS.regular.screenListMaxPage - 1) * SCREEN_PAGE_SIZE, LIMITS.regular.screenListMaxPage * SCREEN_PAGE_SIZE));
      const refused = await list({ page: LIMITS.regular.screenListMaxPage + 1 }, token);
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ code: ReplyCode.vipRequired, message: PaywallMessage.screenPages, data: null });
      // A bigger page reaches no further than the free pages.
      expect((await list({ pageSize: 50 }, token)).body.data.arr).toHaveLength(Math.min(50, LIMITS.regular.screenListMaxPage * SCREEN_PAGE_SIZE));
    }
    // Alpha's screen at position 12 is beyond the free screens: never listed for them, even when searched.
    expect(ids((await list({ q: 'quarterly' })).body.data)).toEqual([]);
    expect(ids((await list({ q: 'quarterly' }, vip())).body.data)).toEqual([f.alpha[12]]);
    expect((await list({ page: 3 }, vip())).body.code).toBe(0);
  });

  it('searches screen types, UI elements and app categories by name in any language, and the text inside screens', async () => {
    const logins = sorted([...f.alpha.filter((_, p) => p % 2 === 0), f.ledger[1]!]);
    for (const q of ['登录', '登入', 'login', 'LOGIN', 'og']) expect(sorted(await allIds({ q })), q).toEqual(logins);
    const buttons = sorted([f.alpha[0]!, f.alpha[1]!, f.alpha[2]!, f.alpha[12]!]);
    for (const q of ['button', '按钮', '按鈕']) expect(sorted(await allIds({ q })), q).toEqual(buttons);
    // App categories: CRM (business tree) by its Chinese name; Finance (list tree) in Traditional.
    expect(sorted(await allIds({ q: '客户管理' }))).toEqual(sorted(f.ledger));
    const finance = await allIds({ q: '金融', kind: 'app' });
    expect(sorted(finance)).toEqual(sorted(await allIds({ group: [CATEGORY.finance], kind: 'app' })));
    // OCR text: Latin (any case, a substring across a line break is not a match), CJK one and two characters.
    expect(await allIds({ q: 'sign in to' })).toEqual([f.alpha[0]]);
    expect(await allIds({ q: 'CHECKOUT TOTAL' })).toEqual([f.site[0]]);
    expect(await allIds({ q: 'back sign' })).toEqual([]);
    expect(await allIds({ q: '付款成功' })).toEqual([f.ledger[0]]);
    expect(await allIds({ q: '订单' })).toEqual([f.ledger[0]]);
    expect(await allIds({ q: '订' })).toEqual([f.ledger[0]]);
    // Unpublished items' screens are never found; LIKE wildcards are literal; no hit is an empty page.
    expect(await allIds({ q: 'welcome back' })).toEqual([f.alpha[0]]);
    expect(await allIds({ q: '%' })).toEqual([]);
    const none = await list({ q: 'zzzqqq' }, vip());
    expect(none.body).toMatchObject({ code: 0, data: { arr: [], total: 0 } });
    // Search combines with the filters.
    expect(await allIds({ q: 'login', element: [ELEMENT.chart] })).toEqual([f.alpha[2]]);
  });

  it('finds text read in either Chinese script with either script (decision 054): 运动鞋 and 運動鞋 give the same screens', async () => {
    const [shoes] = await t.db.insert(item).values({ isSite: false, name: 'Shoe Shop', logo: 'logos/shoes.webp' }).returning();
    const shot = (sort: number, ocrText: string) => ({ itemId: shoes!.id, path: `shots/shoes-${sort}.webp`, width: 390, height: 844, sort, ocrText });
    // OCR stores Traditional forms for a Simplified screen (繼續, 賬號, 訂單), and Simplified ones.
    const rows = await t.db
      .insert(preview)
      .values([shot(0, '運動鞋 新品 繼續購物'), shot(1, '运动鞋 订单已确认'), shot(2, '賬號設定'), shot(3, '帳號與安全')])
      .returning();
    const [traditional, simplified, account, taiwan] = rows.map((row) => row.id);
    try {
      await eventually(async () => (await allIds({ q: '运动鞋' })).length === 2);
      const both = sorted([traditional!, simplified!]);
      for (const q of ['运动鞋', '運動鞋', '運動', '运动', '鞋']) expect(sorted(await allIds({ q })), q).toEqual(both);
      for (const q of ['继续', '繼續', '继续购物', '繼續購物']) expect(await allIds({ q }), q).toEqual([traditional]);
      // 订单 / 訂單: this screen and the business product's 订单已确认 (fixtures).
      for (const q of ['订单', '訂單']) expect(sorted(await allIds({ q })), q).toEqual(sorted([simplified!, f.ledger[0]!]));
      for (const q of ['账号', '賬號', '帳號', '帐号']) expect(sorted(await allIds({ q })), q).toEqual(sorted([account!, taiwan!]));
      // What was read is kept as read: only the search columns are folded.
      const [stored] = await t.db.select({ ocrText: preview.ocrText, searchText: preview.searchText }).from(preview).where(eq(preview.id, traditional!));
      expect(stored).toEqual({ ocrText: '運動鞋 新品 繼續購物', searchText: '运动鞋 新品 继续购物' });
    } finally {
      await t.db.delete(item).where(eq(item.id, shoes!.id));
    }
  });

  it('sees a change of tags at the next read (the reply cache follows the catalogue version)', async () => {
    const before = await list({ element: [ELEMENT.tabBar] }, vip());
    expect(before.body.data.total).toBe(0);
    await t.db.insert(previewElement).values({ previewId: f.alpha[3]!, categoryId: ELEMENT.tabBar });
    await eventually(async () => (await list({ element: [ELEMENT.tabBar] }, vip())).body.data.total === 1);
    await t.db.delete(previewElement).where(eq(previewElement.categoryId, ELEMENT.tabBar));
    await t.db.update(preview).set({ ocrText: 'Fresh words' }).where(eq(preview.id, f.alpha[4]!));
    await eventually(async () => (await list({ element: [ELEMENT.tabBar] }, vip())).body.data.total === 0);
    await eventually(async () => ids((await list({ q: 'fresh words' }, vip())).body.data)[0] === f.alpha[4]);
  });

  it('counts a filtered or searched list up to SCREEN_COUNT_CAP, then says "at least"; the whole list exactly', async () => {
    const all = await list({ pageSize: 1 }, vip());
    expect(all.body.data).toMatchObject({ total: (await newsOrder()).length, totalAtLeast: false });
    expect((await list({ q: 'welcome' }, vip())).body.data).toMatchObject({ total: 1, totalAtLeast: false });

    const [many] = await t.db.insert(item).values({ isSite: false, name: 'Many Screens', logo: 'logos/many.webp' }).returning();
    try {
      const screens = (n: number, from = 0) =>
        Array.from({ length: n }, (_, i) => ({ itemId: many!.id, path: `shots/many-${from + i}.webp`, width: 10, height: 20, sort: from + i, ocrText: 'Plentiful' }));
      await t.db.insert(preview).values(screens(SCREEN_COUNT_CAP));
      await eventually(async () => (await list({ q: 'plentiful' }, vip())).body.data.total === SCREEN_COUNT_CAP);
      expect((await list({ q: 'plentiful' }, vip())).body.data.totalAtLeast).toBe(false);

      await t.db.insert(preview).values(screens(1, SCREEN_COUNT_CAP));
      await eventually(async () => (await list({ q: 'plentiful' }, vip())).body.data.totalAtLeast);
      const capped = await list({ q: 'plentiful', page: 2, pageSize: 50 }, vip());
      expect(capped.body.data).toMatchObject({ total: SCREEN_COUNT_CAP, totalAtLeast: true });
      expect(capped.body.data.arr).toHaveLength(50);
      expect((await allIds({ q: 'plentiful' })).length).toBe(SCREEN_COUNT_CAP + 1);
      const whole = await list({ pageSize: 1 }, vip());
      expect(whole.body.data).toMatchObject({ total: all.body.data.total + SCREEN_COUNT_CAP + 1, totalAtLeast: false });
    } finally {
      await t.db.delete(item).where(eq(item.id, many!.id));
    }
  });

  it('pages only within the first SCREEN_LIST_WINDOW screens of a list', async () => {
    const last = SCREEN_LIST_WINDOW / 50;
    expect((await list({ page: last, pageSize: 50 }, vip())).body.code).toBe(0);
    for (const payload of [{ page: last + 1, pageSize: 50 }, { page: Math.floor(SCREEN_LIST_WINDOW / SCREEN_PAGE_SIZE) + 1 }]) {
      const res = await list(payload, vip());
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
      expect(res.body.message).toContain('first 10,000 screens');
    }
  });

  it('refuses bad input with a 400 envelope', async () => {
    for (const payload of [{ color: 'magenta' }, { type: 'abc' }, { element: [-1] }, { rank: 'X' }, { kind: 'tv' }, { page: 0 }, { pageSize: 51 }, { q: 'x'.repeat(101) }]) {
      const res = await list(payload, vip());
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
      expect(res.body.message).not.toBe('');
      expect(res.body.data).toBeNull();
    }
    const bad = await similar('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ReplyCode.badRequest);
  });
});

describe('GET /screen/{id}/similar', () => {
  it('ranks the same type first, then shared elements, shared colours and the nearest layout, without the screen itself', async () => {
    const res = await similar(f.alpha[0]!, vip());
    expect(res.body.code).toBe(0);
    const found = ids(res.body.data);
    expect(found).toHaveLength(SIMILAR_SCREENS);
    expect(found).not.toContain(f.alpha[0]);
    // Alpha's Login screens are the other even positions (12 of them, the Ledger's Login besides):
    // 2 (Button + Form, blue) and 12 (Button + Form) share two elements; 2 a colour too. Then the
    // nearest hash: 6 (one bit away), and the others without a hash, newest first.
    expect(found.slice(0, 3)).toEqual([f.alpha[2], f.alpha[12], f.alpha[6]]);
    const logins = new Set([...f.alpha.filter((_, p) => p % 2 === 0), f.ledger[1]!]);
    expect(found.every((id) => logins.has(id))).toBe(true);
    // Apps only: a site's screens are another kind of device.
    expect(res.body.data.arr.every((card) => card.item.kind !== 'web')).toBe(true);
    expect(res.body.data.arr.every((card) => signed(card.path))).toBe(true);
  });

  it('draws only from the screens a regular caller may open, and refuses a screen they may not open', async () => {
    const openable = openableScreens(false);
    const res = await similar(f.alpha[0]!);
    const found = ids(res.body.data);
    expect(found).toHaveLength(SIMILAR_SCREENS);
    const positions = new Map((await t.db.select({ id: preview.id, position: preview.position }).from(preview)).map((row) => [row.id, row.position]));
    expect(found.every((id) => positions.get(id)! < openable)).toBe(true);
    // Same type first: the free Login screens (Alpha's 2, sharing two elements and a colour; 6, the
    // nearest hash; then the newest: the Ledger's, Alpha's 4 and 8); then Alpha's 1 (a shared Button).
    expect(found.slice(0, 5)).toEqual([f.alpha[2], f.alpha[6], f.ledger[1], f.alpha[4], f.alpha[8]]);
    expect(found[5]).toBe(f.alpha[1]);

    const locked = await similar(f.alpha[12]!, t.fixtures.tokens.regular);
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({ code: ReplyCode.vipRequired, message: PaywallMessage.screens, data: null });
    expect((await similar(f.alpha[12]!, vip())).body.code).toBe(0);
  });

  it('answers 404 for a missing screen or one of an unpublished item', async () => {
    const [hidden] = await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, f.hiddenId));
    for (const id of [999_999, hidden!.id]) {
      const res = await similar(id, vip());
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: ReplyCode.notFound, message: ScreenListMessage.screenMissing, data: null });
    }
  });
});
