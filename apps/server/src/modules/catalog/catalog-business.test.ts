import { API_PREFIX, CATEGORY_ROOT, LIMITS, PAGE_SIZE, PaywallMessage, ReplyCode, type CatalogStats, type Category, type Item } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { preview } from '../../db/schema';
import {
  ALPHA_SCREENS,
  APP_COUNT,
  BUSINESS_COUNT,
  BUSINESS_FIRST_SCREENS,
  CATEGORY,
  FLOW_COUNT,
  insertFlowFixtures,
  makeFlow,
  SITE_COUNT,
  type FlowFixtures,
} from '../../test/fixtures';
import { eventually, type List, useTestApp } from '../../test/helpers';
import { call } from '../../test/test-app';

/** Business (B-end) software as a third list, and the flow counts of item replies (issue 13, decision 045). */
const t = useTestApp();
let f: FlowFixtures;
beforeAll(async () => {
  f = await insertFlowFixtures(t.db, t.fixtures);
});

const list = (payload: Record<string, unknown>, token?: string) => call<List<Item>>(t.app, { method: 'POST', url: `${API_PREFIX}/platform`, payload, token });
const ids = (items: List<Item>) => items.arr.map((i) => i.id);

describe('POST /platform with business', () => {
  it('lists business software of both platforms, newest first; the apps and websites lists exclude it', async () => {
    const res = await list({ business: true });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(BUSINESS_COUNT);
    expect(ids(res.body.data)).toEqual(f.businessIds.slice(0, PAGE_SIZE));
    expect(res.body.data.arr.every((i) => i.business)).toBe(true);
    expect(new Set(res.body.data.arr.map((i) => i.platform))).toEqual(new Set([true, false]));
    // platform is ignored with business=true (body or query, boolean or string).
    expect(ids((await list({ business: 'true', platform: true })).body.data)).toEqual(ids(res.body.data));
    const query = await call<List<Item>>(t.app, { method: 'POST', url: `${API_PREFIX}/platform?business=true&pageSize=3` });
    expect(ids(query.body.data)).toEqual(f.businessIds.slice(0, 3));

    const apps = (await list({ pageSize: 50 })).body.data;
    const sites = (await list({ platform: true, pageSize: 50 })).body.data;
    expect([apps.total, sites.total]).toEqual([APP_COUNT, SITE_COUNT]);
    for (const other of [...apps.arr, ...sites.arr]) {
      expect(other.business).toBe(false);
      expect(f.businessIds).not.toContain(other.id);
    }
  });

  it('filters by business categories, searches within business software and ranks Hot', async () => {
    const crm = (await list({ business: true, group: [CATEGORY.businessCrm], pageSize: 50 }, t.fixtures.tokens.vip)).body.data;
    expect(ids(crm)).toEqual(f.businessIds.filter((_, i) => i % 2 === 0));
    expect(crm.arr.every((i) => i.group.includes(CATEGORY.businessCrm))).toBe(true);
    expect(ids((await list({ business: true, name: 'business 03' })).body.data)).toEqual([f.businessIds[3]]);
    expect((await list({ name: 'business 03' })).body.data.total).toBe(0);
    // Hot: the fixture's business product i has hot score i.
    expect(ids((await list({ business: true, rank: 'H' })).body.data)).toEqual([...f.businessIds].reverse().slice(0, PAGE_SIZE));
  });

  it('pages for every caller as apps and sites do: what is free of business software is each product’s first screens (issue 28)', async () => {
    for (const token of [undefined, t.fixtures.tokens.regular, t.fixtures.tokens.lapsed, t.fixtures.tokens.vip]) {
      const second = await list({ business: true, page: 2 }, token);
      expect(second.body.code).toBe(0);
      expect(ids(second.body.data)).toEqual(f.businessIds.slice(PAGE_SIZE));
      const big = await list({ business: true, pageSize: 50 }, token);
      expect(big.body.data.arr).toHaveLength(BUSINESS_COUNT);
    }
    // The list's paging limit is the library's (LIMITS.regular.listMaxPage), the same for every kind.
    const past = await list({ business: true, page: LIMITS.regular.listMaxPage + 1 });
    expect(past.body).toEqual({ code: ReplyCode.vipRequired, message: PaywallMessage.listPages, data: null });
  });

  it('refuses a malformed business flag with a 400 envelope', async () => {
    const res = await list({ business: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ReplyCode.badRequest);
  });
});

describe('item replies', () => {
  it('carry the business flag and the count of playable flows (a flow without steps not counted)', async () => {
    const apps = (await list({ pageSize: 50 })).body.data.arr;
    const flowsOf = new Map(apps.map((i) => [i.id, i.flows]));
    expect(flowsOf.get(t.fixtures.alphaId)).toBe(2);
    expect(flowsOf.get(t.fixtures.appIds[1]!)).toBe(1);
    expect(flowsOf.get(t.fixtures.appIds[2]!)).toBe(0);
    const detail = await call<Item>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/${f.businessIds[0]}` });
    expect(detail.body.data).toMatchObject({ id: f.businessIds[0], business: true, platform: true, flows: 1 });
    expect(detail.body.data.preview).toHaveLength(Math.min(6, BUSINESS_FIRST_SCREENS));
    const site = await call<Item>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/${t.fixtures.siteIds[0]}` });
    expect(site.body.data).toMatchObject({ business: false, flows: 1 });
  });

  it('show a new flow in the next replies (the read cache hears flow writes)', async () => {
    const itemId = t.fixtures.appIds[4]!;
    const detail = async () => (await call<Item>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/${itemId}` })).body.data.flows;
    expect(await detail()).toBe(0);
    const [screen] = await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, itemId));
    await makeFlow(t.db, { itemId, name: 'New', steps: [screen!.id] });
    await eventually(async () => (await detail()) === 1);
  });
});

describe('stats and categories', () => {
  it('count business software apart from apps and sites, and the playable flows', async () => {
    const stats = (await call<CatalogStats>(t.app, { method: 'GET', url: `${API_PREFIX}/platform/stats` })).body.data;
    const businessScreens = BUSINESS_FIRST_SCREENS + (BUSINESS_COUNT - 1) * 2;
    expect(stats).toMatchObject({ apps: APP_COUNT, sites: SITE_COUNT, business: BUSINESS_COUNT });
    // FLOW_COUNT, plus the one the test above may have added (tests of a file run in order).
    expect(stats.flows).toBe(FLOW_COUNT + 1);
    expect(stats.screenshots).toBe(ALPHA_SCREENS + (APP_COUNT - 1 + SITE_COUNT) * 2 + businessScreens);
  });

  it('serve the business categories (root 10) and the flow types (root 8)', async () => {
    const tree = async (preId: number) => (await call<List<Category>>(t.app, { method: 'GET', url: `${API_PREFIX}/group/child?preId=${preId}` })).body.data;
    expect((await tree(CATEGORY_ROOT.business)).arr.map((c) => c.id)).toEqual([CATEGORY.businessCrm, CATEGORY.businessAnalytics]);
    expect((await tree(CATEGORY_ROOT.flow)).arr.map((c) => c.id)).toEqual([CATEGORY.flowSignup, CATEGORY.flowCheckout, CATEGORY.flowOnboarding]);
  });
});
