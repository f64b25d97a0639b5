import {
  API_PREFIX,
  FLOW_CARD_STEPS,
  FlowMessage,
  LIMITS,
  ReplyCode,
  type CollectedFlow,
  type Flow,
  type FlowCard,
  type FlowCollectReply,
} from '@shotlib/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectFlow, flow as flowTable, flowStep, item, itemActivity, preview } from '../../db/schema';
import { CATEGORY, FLOW_COUNT, insertFlowFixtures, makeFlow, type FlowFixtures } from '../../test/fixtures';
import { eventually, type List, useTestApp } from '../../test/helpers';
import { call } from '../../test/test-app';

const t = useTestApp();
let f: FlowFixtures;
beforeAll(async () => {
  f = await insertFlowFixtures(t.db, t.fixtures);
});

const list = (payload: Record<string, unknown>, token?: string) => call<List<FlowCard>>(t.app, { method: 'POST', url: `${API_PREFIX}/flow`, payload, token });
const ids = (cards: List<FlowCard>) => cards.arr.map((card) => card.id);
const getFlow = (id: number | string, token?: string) => call<Flow>(t.app, { method: 'GET', url: `${API_PREFIX}/flow/${id}`, token });
const put = (id: number | string, token?: string) => call<FlowCollectReply>(t.app, { method: 'PUT', url: `${API_PREFIX}/flow/${id}/fav`, token });
const del = (id: number | string, token?: string) => call<FlowCollectReply>(t.app, { method: 'DELETE', url: `${API_PREFIX}/flow/${id}/fav`, token });
const fav = (token: string | undefined, payload: Record<string, unknown> = {}) =>
  call<List<CollectedFlow>>(t.app, { method: 'POST', url: `${API_PREFIX}/flow/fav`, token, payload });
const favIds = (token?: string) => call<List<number>>(t.app, { method: 'GET', url: `${API_PREFIX}/flow/fav/ids`, token });
const signed = (path: string) => /^_s\d+\.[\w-]{22}\/shots\//.test(path);

describe('POST /flow', () => {
  it('lists every listed flow newest first as cards: item, type, names, step count, the first steps as cover', async () => {
    const res = await list({ pageSize: 50 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(FLOW_COUNT);
    expect(ids(res.body.data)).toEqual(f.newsOrder);
    expect(ids(res.body.data)).not.toContain(f.flows.empty);
    const signup = res.body.data.arr[0]!;
    expect(signup).toMatchObject({
      id: f.flows.alphaSignup,
      item: { id: t.fixtures.alphaId, name: 'Alpha Notes', logo: 'logos/app-0.webp', kind: 'app' },
      type: CATEGORY.flowSignup,
      name: 'Sign up with e-mail',
      nameCn: '邮箱注册',
      nameTw: '信箱註冊',
      stepCount: 5,
    });
    expect(signup.item).not.toHaveProperty('nameCn');
    // The cover: the screens of the first FLOW_CARD_STEPS steps, in step order, signed.
    expect(signup.cover.map((p) => p.id)).toEqual(f.screens.alpha.slice(0, FLOW_CARD_STEPS));
    expect(signup.cover.every((p) => signed(p.path))).toBe(true);
    const onboarding = res.body.data.arr.find((card) => card.id === f.flows.appOnboarding)!;
    expect(onboarding).not.toHaveProperty('nameCn');
    expect(onboarding.cover).toHaveLength(1);
    const business = res.body.data.arr.find((card) => card.id === f.flows.businessCheckout)!;
    expect(business.item.kind).toBe('b');
    expect(business.cover.map((p) => p.id)).toEqual([f.screens.business[0], f.screens.business[3], f.screens.business[0]]);
  });

  it('filters by item kind (business software is never app or web) and by flow types', async () => {
    expect(ids((await list({ kind: 'app', pageSize: 50 })).body.data)).toEqual([f.flows.alphaSignup, f.flows.alphaCheckout, f.flows.appOnboarding]);
    expect(ids((await list({ kind: 'web', pageSize: 50 })).body.data)).toEqual([f.flows.siteSignup]);
    expect(ids((await list({ kind: 'b' })).body.data)).toEqual([f.flows.businessCheckout]);
    expect(ids((await list({ type: [CATEGORY.flowSignup] })).body.data)).toEqual([f.flows.alphaSignup, f.flows.siteSignup]);
    // Query form: a comma-separated list, together with a kind.
    const query = await call<List<FlowCard>>(t.app, { method: 'POST', url: `${API_PREFIX}/flow?type=${CATEGORY.flowSignup},${CATEGORY.flowOnboarding}&kind=app` });
    expect(query.body.data).toMatchObject({ total: 2 });
    expect(ids(query.body.data)).toEqual([f.flows.alphaSignup, f.flows.appOnboarding]);
  });

  it('ranks Hot by the hotness of the item, then the newest flow', async () => {
    const hot = ids((await list({ rank: 'H', pageSize: 50 })).body.data);
    const scores = new Map(
      (await t.db.select({ id: item.id, hot: item.hotScore }).from(item)).map((row) => [row.id, row.hot] as const),
    );
    const cards = (await list({ pageSize: 50 })).body.data.arr;
    const expected = [...cards].sort((a, b) => scores.get(b.item.id)! - scores.get(a.item.id)! || b.id - a.id).map((card) => card.id);
    expect(hot).toEqual(expected);
    expect(hot).not.toEqual(f.newsOrder);
  });

  it('pages without overlap', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...ids((await list({ page, pageSize: 2 })).body.data));
    expect(pages).toEqual(f.newsOrder);
  });

  it('lists one item’s flows in the console order (sort, then id), kind and rank ignored', async () => {
    const res = await list({ appSiteId: t.fixtures.alphaId, kind: 'web', rank: 'H' });
    expect(res.body.data).toMatchObject({ total: 2 });
    expect(ids(res.body.data)).toEqual([f.flows.alphaSignup, f.flows.alphaCheckout]);
    expect((await list({ appSiteId: t.fixtures.appIds[2]! })).body.data).toEqual({ arr: [], total: 0 });
  });

  it('refuses bad input with a 400 envelope', async () => {
    for (const payload of [{ type: 'abc' }, { kind: 'x' }, { page: 0 }, { pageSize: 500 }, { rank: 'X' }, { appSiteId: -1 }]) {
      const res = await list(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    const query = await call(t.app, { method: 'POST', url: `${API_PREFIX}/flow?type=abc` });
    expect(query.status).toBe(400);
  });
});

describe('GET /flow/:id', () => {
  it('gives a regular caller the steps before its first locked screen only, locked, and never the later screens’ paths', async () => {
    const alphaPaths = await t.db.select({ id: preview.id, path: preview.path }).from(preview).where(inArray(preview.id, f.screens.alpha.slice(0, 13)));
    const pathOf = new Map(alphaPaths.map((row) => [row.id, row.path]));
    for (const token of [undefined, t.fixtures.tokens.regular, t.fixtures.tokens.lapsed]) {
      const res = await getFlow(f.flows.alphaSignup, token);
      expect(res.status).toBe(200);
      const flow = res.body.data;
      expect(flow).toMatchObject({ id: f.flows.alphaSignup, stepCount: 5, locked: true });
      // Step 4 is Alpha's 13th screen, beyond its free ones (openableScreens): the flow stops there, and its
      // fifth step (a free screen) is held back with it.
      expect(flow.steps.map((s) => s.position)).toEqual([1, 2, 3]);
      expect(flow.steps.map((s) => s.preview.id)).toEqual(f.screens.alpha.slice(0, 3));
      expect(flow.steps.every((s) => signed(s.preview.path))).toBe(true);
      const raw = JSON.stringify(res.body);
      for (const locked of [f.screens.alpha[12]!, f.screens.alpha[3]!]) {
        expect(raw).not.toContain(pathOf.get(locked)!);
        expect(raw).not.toContain(`"id":${locked},`);
      }
    }
  });

  it('gives a subscriber every step, in order, with captions in the languages they have', async () => {
    const res = await getFlow(f.flows.alphaSignup, t.fixtures.tokens.vip);
    const flow = res.body.data;
    expect(flow).toMatchObject({ stepCount: 5, locked: false });
    expect(flow.steps.map((s) => s.preview.id)).toEqual([...f.screens.alpha.slice(0, 3), f.screens.alpha[12], f.screens.alpha[3]]);
    expect(flow.steps.map((s) => s.position)).toEqual([1, 2, 3, 4, 5]);
    expect(flow.steps[0]).toMatchObject({ caption: 'Enter your e-mail', captionCn: '输入邮箱', captionTw: '輸入信箱' });
    expect(flow.steps[1]).toMatchObject({ caption: 'Check your inbox' });
    expect(flow.steps[1]).not.toHaveProperty('captionCn');
    expect(flow.steps[2]!.caption).toBe('');
    // The same screen may be a step twice.
    const business = (await getFlow(f.flows.businessCheckout, t.fixtures.tokens.vip)).body.data;
    expect(business.steps.map((s) => s.preview.id)).toEqual([f.screens.business[0], f.screens.business[3], f.screens.business[0], f.screens.business[5]]);
    expect(business.item).toMatchObject({ id: f.businessIds[0], kind: 'b' });
  });

  it('gives a regular caller no step and an empty cover when the first step’s screen is locked', async () => {
    const id = await makeFlow(t.db, { itemId: t.fixtures.alphaId, steps: [f.screens.alpha[15]!, f.screens.alpha[0]!] });
    try {
      const regular = (await getFlow(id, t.fixtures.tokens.regular)).body.data;
      expect(regular).toMatchObject({ stepCount: 2, locked: true, steps: [], cover: [] });
      const vip = (await getFlow(id, t.fixtures.tokens.vip)).body.data;
      expect(vip.steps.map((s) => s.preview.id)).toEqual([f.screens.alpha[15], f.screens.alpha[0]]);
      // The card is the same for everybody: no locked screen on it.
      expect(vip.cover).toEqual([]);
    } finally {
      await t.db.delete(flowTable).where(eq(flowTable.id, id));
    }
  });

  it('is not locked when every step is free', async () => {
    const res = await getFlow(f.flows.alphaCheckout);
    expect(res.body.data).toMatchObject({ stepCount: 2, locked: false });
    expect(res.body.data.steps).toHaveLength(2);
  });

  it('answers 404 with the flow message for an unknown flow, one without steps, and one of an unpublished item', async () => {
    const hidden = await makeFlow(t.db, { itemId: t.fixtures.appIds[3]!, steps: (await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, t.fixtures.appIds[3]!))).map((r) => r.id) });
    await t.db.update(item).set({ unpublishedAt: new Date() }).where(eq(item.id, t.fixtures.appIds[3]!));
    try {
      for (const id of [999_999, f.flows.empty, hidden]) {
        const res = await getFlow(id, t.fixtures.tokens.vip);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: ReplyCode.notFound, message: FlowMessage.flowMissing, data: null });
      }
      await eventually(async () => !ids((await list({ pageSize: 50 })).body.data).includes(hidden));
    } finally {
      await t.db.update(item).set({ unpublishedAt: null }).where(eq(item.id, t.fixtures.appIds[3]!));
    }
    // Published again: listed again.
    await eventually(async () => ids((await list({ pageSize: 50 })).body.data).includes(hidden));
    expect((await getFlow(hidden)).status).toBe(200);
  });

  it('refuses a malformed id with a 400 envelope', async () => {
    for (const id of ['abc', '0', '2147483648']) expect((await getFlow(id)).status).toBe(400);
  });
});

describe('the read cache', () => {
  it('shows a new flow, and a new step, in the next replies', async () => {
    const before = (await list({ kind: 'web' })).body.data;
    const before1 = (await getFlow(f.flows.siteSignup)).body.data;
    const added = await makeFlow(t.db, { itemId: t.fixtures.siteIds[1]!, type: CATEGORY.flowCheckout, name: 'Pay', steps: [], publishedAt: new Date(Date.now() + 60_000) });
    // Without a step it is listed nowhere; with one it is the newest.
    const [screen] = await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, t.fixtures.siteIds[1]!));
    await t.db.insert(flowStep).values({ flowId: added, position: 1, previewId: screen!.id });
    await eventually(async () => (await list({ kind: 'web' })).body.data.arr[0]?.id === added);
    expect((await list({ kind: 'web' })).body.data.total).toBe(before.total + 1);
    await t.db.insert(flowStep).values({ flowId: f.flows.siteSignup, position: 3, previewId: screen!.id });
    await eventually(async () => (await getFlow(f.flows.siteSignup)).body.data.stepCount === before1.stepCount + 1);
    // Cleanup: the other tests count the fixture's flows.
    await t.db.delete(flowStep).where(eq(flowStep.previewId, screen!.id));
    await t.db.delete(flowTable).where(eq(flowTable.id, added));
    await eventually(async () => (await list({ kind: 'web' })).body.data.total === before.total);
  });

  it('keeps replies apart per entitlement class', async () => {
    for (let round = 0; round < 2; round++) {
      expect((await getFlow(f.flows.alphaSignup)).body.data.steps).toHaveLength(3);
      expect((await getFlow(f.flows.alphaSignup, t.fixtures.tokens.vip)).body.data.steps).toHaveLength(5);
    }
  });
});

describe('collecting flows', () => {
  it('answers 401 to visitors and dead sessions, before reading input', async () => {
    for (const token of [undefined, t.fixtures.tokens.expired, t.fixtures.tokens.revoked]) {
      for (const res of [await put(f.flows.alphaSignup, token), await del(f.flows.alphaSignup, token), await fav(token), await favIds(token)]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: ReplyCode.unauthorized, message: 'Please log in.', data: null });
      }
    }
    expect((await put('abc')).status).toBe(401);
  });

  it('collects, lists (newest first, as cards), gives the ids, and uncollects, idempotently', async () => {
    const token = t.fixtures.tokens.regular;
    expect((await put(f.flows.siteSignup, token)).body).toMatchObject({ code: 0, data: { id: f.flows.siteSignup, collected: true } });
    await new Promise((r) => setTimeout(r, 5));
    expect((await put(f.flows.alphaSignup, token)).body.data).toEqual({ id: f.flows.alphaSignup, collected: true });
    expect((await put(f.flows.alphaSignup, token)).body.data).toEqual({ id: f.flows.alphaSignup, collected: true });
    const page = (await fav(token)).body.data;
    expect(page.total).toBe(2);
    expect(page.arr.map((c) => c.id)).toEqual([f.flows.alphaSignup, f.flows.siteSignup]);
    expect(page.arr[0]).toMatchObject({ item: { id: t.fixtures.alphaId, kind: 'app' }, stepCount: 5 });
    expect(Date.parse(page.arr[0]!.collectedAt)).toBeGreaterThan(0);
    expect((await favIds(token)).body.data).toEqual({ arr: [f.flows.alphaSignup, f.flows.siteSignup], total: 2 });
    // Query form paging.
    const second = await call<List<CollectedFlow>>(t.app, { method: 'POST', url: `${API_PREFIX}/flow/fav?page=2&pageSize=1`, token });
    expect(second.body.data.arr.map((c) => c.id)).toEqual([f.flows.siteSignup]);
    expect((await del(f.flows.alphaSignup, token)).body.data).toEqual({ id: f.flows.alphaSignup, collected: false });
    expect((await del(f.flows.alphaSignup, token)).body.data).toEqual({ id: f.flows.alphaSignup, collected: false });
    expect((await favIds(token)).body.data).toEqual({ arr: [f.flows.siteSignup], total: 1 });
    // Another member's collection is their own.
    expect((await favIds(t.fixtures.tokens.vip)).body.data.arr).not.toContain(f.flows.siteSignup);
    await del(f.flows.siteSignup, token);
  });

  it('counts a new collect towards the item’s Hot ranking', async () => {
    const token = t.fixtures.tokens.vip;
    const itemId = f.businessIds[0]!;
    const collectsOf = async () =>
      (await t.db.select({ collects: itemActivity.collects }).from(itemActivity).where(eq(itemActivity.itemId, itemId))).reduce((sum, row) => sum + row.collects, 0);
    const before = await collectsOf();
    await put(f.flows.businessCheckout, token);
    await put(f.flows.businessCheckout, token);
    await t.services.activity.flush();
    expect(await collectsOf()).toBe(before + 1);
    await del(f.flows.businessCheckout, token);
  });

  it('answers 404 for a flow that does not exist or is not listed; 400 for a malformed id', async () => {
    for (const id of [999_999, f.flows.empty]) {
      const res = await put(id, t.fixtures.tokens.vip);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(FlowMessage.flowMissing);
    }
    expect((await put('abc', t.fixtures.tokens.regular)).status).toBe(400);
    expect((await fav(t.fixtures.tokens.regular, { page: 0 })).status).toBe(400);
  });

  it('stops a regular member at the limit with code 1002; a subscriber collects without limit', async () => {
    const max = LIMITS.regular.collectMax;
    // Fill both collections up to the limit with flows made for it.
    const screens = f.screens.app1;
    const extra: number[] = [];
    for (let i = 0; i < max; i++) extra.push(await makeFlow(t.db, { itemId: t.fixtures.appIds[1]!, name: `Filler ${i}`, steps: [screens[0]!] }));
    for (const memberId of [t.fixtures.members.regular, t.fixtures.members.vip]) {
      await t.db.insert(collectFlow).values(extra.map((flowId) => ({ memberId, flowId })));
    }
    try {
      const refused = await put(f.flows.alphaSignup, t.fixtures.tokens.regular);
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ code: ReplyCode.vipRequired, message: FlowMessage.collectLimit, data: null });
      // What is collected already is no refusal, even at the limit.
      expect((await put(extra[0]!, t.fixtures.tokens.regular)).body.code).toBe(0);
      expect((await favIds(t.fixtures.tokens.regular)).body.data.total).toBe(max);
      // Concurrent calls do not pass the limit together.
      await del(extra[0]!, t.fixtures.tokens.regular);
      const racing = await Promise.all([f.flows.alphaSignup, f.flows.siteSignup, f.flows.alphaCheckout].map((id) => put(id, t.fixtures.tokens.regular)));
      expect(racing.filter((res) => res.body.code === 0)).toHaveLength(1);
      expect((await favIds(t.fixtures.tokens.regular)).body.data.total).toBe(max);
      expect((await put(f.flows.alphaSignup, t.fixtures.tokens.vip)).body.code).toBe(0);
      expect((await favIds(t.fixtures.tokens.vip)).body.data.total).toBe(max + 1);
    } finally {
      await t.db.delete(collectFlow);
        await t.db.delete(flowTable).where(inArray(flowTable.id, extra));
    }
  });
});
