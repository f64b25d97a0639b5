import { CATEGORY_ROOT, PAGE_SIZE } from '@shotlib/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, articleTranslation, category, flow, flowStep, item, itemCategory, member, plan, preview, previewElement, session } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { createSession } from '../modules/session/session.service';

const DAY = 86_400_000;

/** Ids and tokens of the small catalogue every API test starts from (no demo seed). */
export type Fixtures = Awaited<ReturnType<typeof insertFixtures>>;

export const CATEGORY = {
  finance: 101,
  social: 102,
  tools: 103,
  banking: 104, // child of finance
  screenLogin: 201,
  screenHome: 202,
  /** Flow types (tree root CATEGORY_ROOT.flow, 8). */
  flowSignup: 301,
  flowCheckout: 302,
  flowOnboarding: 303,
  /** Business software list categories (tree root CATEGORY_ROOT.business, 10). */
  businessCrm: 401,
  businessAnalytics: 402,
} as const;

/** How many apps the fixture holds (5 named ones for search tests plus numbered ones). */
export const APP_COUNT = 30;
export const SITE_COUNT = 3;
/** The first named app has this many screens: three detail pages. */
export const ALPHA_SCREENS = 25;

export async function insertFixtures(db: Db, now: Date = new Date()) {
  await db.insert(category).values([
    { id: CATEGORY_ROOT.list, preId: 0, kind: 'list', nameEn: 'Lists', nameCn: '列表', nameTw: '列表', sort: 0 },
    { id: CATEGORY_ROOT.screen, preId: 0, kind: 'screen', nameEn: 'Screens', nameCn: '界面', nameTw: '介面', sort: 0 },
    { id: CATEGORY.finance, preId: CATEGORY_ROOT.list, kind: 'list', nameEn: 'Finance', nameCn: '金融', nameTw: '金融', sort: 2 },
    { id: CATEGORY.social, preId: CATEGORY_ROOT.list, kind: 'list', nameEn: 'Social', nameCn: '社交', nameTw: '社交', sort: 1 },
    { id: CATEGORY.tools, preId: CATEGORY_ROOT.list, kind: 'list', nameEn: 'Tools', nameCn: '工具', nameTw: '工具', sort: 1 },
    { id: CATEGORY.banking, preId: CATEGORY.finance, kind: 'list', nameEn: 'Banking', nameCn: '银行', nameTw: '銀行', sort: 0 },
    { id: CATEGORY.screenLogin, preId: CATEGORY_ROOT.screen, kind: 'screen', nameEn: 'Login', nameCn: '登录', nameTw: '登入', sort: 0 },
    { id: CATEGORY.screenHome, preId: CATEGORY_ROOT.screen, kind: 'screen', nameEn: 'Home', nameCn: '首页', nameTw: '首頁', sort: 1 },
    { id: CATEGORY_ROOT.flow, preId: 0, kind: 'flow', nameEn: 'Flows', nameCn: '流程', nameTw: '流程', sort: 0 },
    { id: CATEGORY.flowSignup, preId: CATEGORY_ROOT.flow, kind: 'flow', nameEn: 'Sign up', nameCn: '注册', nameTw: '註冊', sort: 0 },
    { id: CATEGORY.flowCheckout, preId: CATEGORY_ROOT.flow, kind: 'flow', nameEn: 'Checkout', nameCn: '结账', nameTw: '結帳', sort: 1 },
    { id: CATEGORY.flowOnboarding, preId: CATEGORY_ROOT.flow, kind: 'flow', nameEn: 'Onboarding', nameCn: '引导', nameTw: '引導', sort: 2 },
    { id: CATEGORY_ROOT.business, preId: 0, kind: 'business', nameEn: 'Business', nameCn: '企业软件', nameTw: '企業軟體', sort: 0 },
    { id: CATEGORY.businessCrm, preId: CATEGORY_ROOT.business, kind: 'business', nameEn: 'CRM', nameCn: '客户管理', nameTw: '客戶管理', sort: 0 },
    { id: CATEGORY.businessAnalytics, preId: CATEGORY_ROOT.business, kind: 'business', nameEn: 'Analytics', nameCn: '数据分析', nameTw: '數據分析', sort: 1 },
  ]);

  const named = ['Alpha Notes', 'alpha', 'Notes Alpha Pro', 'Beta Mail', 'Gamma 100%_off'];
  const apps = Array.from({ length: APP_COUNT }, (_, i) => ({
    isSite: false,
    name: named[i] ?? `App ${String(i).padStart(2, '0')}`,
    logo: `logos/app-${i}.webp`,
    briefing: i === 3 ? 'Mail client with ALPHA-grade filters' : `Briefing of app ${i}`,
    site: `https://app${i}.example`,
    rating: 3 + (i % 5) * 0.5,
    // News order is by publication; Hot order by a score that is deliberately unrelated.
    publishedAt: new Date(now.getTime() - (i + 1) * DAY),
    hotScore: (i * 7) % APP_COUNT,
  }));
  const sites = Array.from({ length: SITE_COUNT }, (_, i) => ({
    isSite: true,
    name: `Site ${i}`,
    logo: `logos/site-${i}.webp`,
    briefing: `A website ${i}`,
    site: `https://site${i}.example`,
    rating: 4,
    publishedAt: new Date(now.getTime() - (i + 1) * DAY),
    hotScore: i,
  }));
  const appRows = await db.insert(item).values(apps).returning();
  const siteRows = await db.insert(item).values(sites).returning();
  const alphaId = appRows[0]!.id;

  await db.insert(itemCategory).values(
    appRows.flatMap((row, i) => [
      { itemId: row.id, categoryId: i % 2 === 0 ? CATEGORY.social : CATEGORY.tools },
      ...(i % 5 === 0 ? [{ itemId: row.id, categoryId: CATEGORY.finance }] : []),
    ]),
  );

  // Alpha's screens: sort runs backwards against insertion so "by sort" is observable.
  await db.insert(preview).values(
    Array.from({ length: ALPHA_SCREENS }, (_, k) => ({
      itemId: alphaId,
      path: `shots/${alphaId}/${k}.webp`,
      width: 390,
      height: 844,
      categoryId: k % 2 === 0 ? CATEGORY.screenLogin : CATEGORY.screenHome,
      sort: ALPHA_SCREENS - k,
    })),
  );
  await db.insert(preview).values(
    [...appRows.slice(1), ...siteRows].flatMap((row) =>
      [0, 1].map((k) => ({ itemId: row.id, path: `shots/${row.id}/${k}.webp`, width: 390, height: 844, sort: k })),
    ),
  );

  await db.insert(plan).values([
    { grade: 1, periodMonths: 12, money: 19800, usdMoney: 2999 },
    { grade: 2, periodMonths: 3, money: 5800, usdMoney: 899 },
    { grade: 3, periodMonths: 1, money: 2500, usdMoney: 399 },
  ]);

  const [older] = await db
    .insert(article)
    .values({ preview: 'articles/old.webp', publishedAt: new Date(now.getTime() - 10 * DAY), updatedAt: new Date('2025-09-18T08:00:00Z') })
    .returning();
  const [newer] = await db
    .insert(article)
    .values({ preview: '', publishedAt: new Date(now.getTime() - DAY) })
    .returning();
  await db.insert(articleTranslation).values([
    { articleId: older!.id, locale: 'enUS', title: 'Old English only', content: '<p>old</p>' },
    { articleId: newer!.id, locale: 'enUS', title: 'Colour in onboarding', content: '<p>en</p>' },
    { articleId: newer!.id, locale: 'zhCN', title: '引导页中的色彩', content: '<p>cn</p>' },
  ]);

  const [regular, vip, lapsed, admin] = await db
    .insert(member)
    .values([
      { email: 'member@example.com', nickname: 'member' },
      { email: 'vip@example.com', nickname: 'vip', vipExpiresAt: new Date(now.getTime() + 30 * DAY) },
      { email: 'lapsed@example.com', nickname: 'lapsed', vipExpiresAt: new Date(now.getTime() - DAY) },
      { email: 'admin@example.com', nickname: 'admin', role: 'admin' as const },
    ])
    .returning();

  const expiredToken = 'expired-token-for-tests';
  const revokedToken = 'revoked-token-for-tests';
  await db.insert(session).values([
    { memberId: regular!.id, tokenHash: hashToken(expiredToken), expiresAt: new Date(now.getTime() - 1000) },
    {
      memberId: regular!.id,
      tokenHash: hashToken(revokedToken),
      expiresAt: new Date(now.getTime() + DAY),
      revokedAt: new Date(now.getTime() - 1000),
    },
  ]);

  return {
    alphaId,
    appIds: appRows.map((row) => row.id),
    siteIds: siteRows.map((row) => row.id),
    articles: { older: older!.id, newer: newer!.id },
    members: { regular: regular!.id, vip: vip!.id, lapsed: lapsed!.id, admin: admin!.id },
    tokens: {
      regular: await createSession(db, regular!.id, now),
      vip: await createSession(db, vip!.id, now),
      lapsed: await createSession(db, lapsed!.id, now),
      admin: await createSession(db, admin!.id, now),
      expired: expiredToken,
      revoked: revokedToken,
    },
  };
}

/** A step of makeFlow: a screen (preview id), with an optional caption in three languages. */
export type FlowStepInput = number | { previewId: number; caption?: string; captionCn?: string; captionTw?: string };

/** What makeFlow writes: the flow's item and steps (in order, positions 1..n); the rest has defaults. */
export type FlowInput = {
  itemId: number;
  steps: readonly FlowStepInput[];
  /** Flow type (a category below CATEGORY_ROOT.flow); null by default. */
  type?: number | null;
  name?: string;
  nameCn?: string | null;
  nameTw?: string | null;
  sort?: number;
  key?: string | null;
  publishedAt?: Date;
};

/** Insert a flow and its steps (straight into the tables, as the importer or another process would); its id. */
export async function makeFlow(db: Db, input: FlowInput): Promise<number> {
  const [row] = await db
    .insert(flow)
    .values({
      itemId: input.itemId,
      categoryId: input.type ?? null,
      name: input.name ?? 'A flow',
      nameCn: input.nameCn ?? null,
      nameTw: input.nameTw ?? null,
      sort: input.sort ?? 0,
      key: input.key ?? null,
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
    })
    .returning();
  const flowId = row!.id;
  if (input.steps.length > 0) {
    await db.insert(flowStep).values(
      input.steps.map((step, index) => {
        const s = typeof step === 'number' ? { previewId: step } : step;
        return {
          flowId,
          position: index + 1,
          previewId: s.previewId,
          caption: s.caption ?? '',
          captionCn: s.captionCn ?? null,
          captionTw: s.captionTw ?? null,
        };
      }),
    );
  }
  return flowId;
}

/** The preview ids of an item, in its screens' order (sort, then id). */
export async function previewIdsOf(db: Db, itemId: number): Promise<number[]> {
  const rows = await db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, itemId)).orderBy(asc(preview.sort), asc(preview.id));
  return rows.map((row) => row.id);
}

/** How many business products insertFlowFixtures adds: more than one page, so that page 2 exists. */
export const BUSINESS_COUNT = PAGE_SIZE + 2;
/** Screens of the first business product (the others have 2 each). */
export const BUSINESS_FIRST_SCREENS = 6;
/** The listed flows insertFlowFixtures adds (an empty one besides, listed nowhere). */
export const FLOW_COUNT = 5;

/**
 * Business (B-end) software and flows over the base fixtures (call after insertFixtures):
 * - BUSINESS_COUNT business products, published one day apart after the apps' dates: the first a
 *   website with BUSINESS_FIRST_SCREENS screens in category CRM, the others alternately mobile and
 *   web (2 screens each), even ones in CRM, odd ones in Analytics; hot score = index;
 * - FLOW_COUNT listed flows, newest first in this order (one hour apart):
 *   `alphaSignup` (Alpha's screens 0, 1, 2, 12 and 3: its fourth step's screen is locked for regular
 *   callers, so they play the first three; type Sign up, Chinese names, captions on step 1 in three
 *   languages, on step 2 English only), `businessCheckout` (4 steps of the first business product,
 *   one screen twice, type Checkout), `siteSignup` (site 0's 2 screens, Sign up),
 *   `alphaCheckout` (2 of Alpha's screens, Checkout, sort 1 so it comes after alphaSignup on
 *   Alpha's page), `appOnboarding` (1 screen of app 1, Onboarding, no names in Chinese);
 * - `empty`: a flow of app 2 without steps (listed nowhere).
 */
export async function insertFlowFixtures(db: Db, fixtures: Fixtures, now: Date = new Date()) {
  const DAY_MS = 86_400_000;
  const HOUR_MS = 3_600_000;
  const businessRows = await db
    .insert(item)
    .values(
      Array.from({ length: BUSINESS_COUNT }, (_, i) => ({
        isSite: i % 2 === 0,
        business: true,
        name: `Business ${String(i).padStart(2, '0')}`,
        logo: `logos/business-${i}.webp`,
        briefing: `Business software ${i}`,
        site: `https://business${i}.example`,
        rating: 4,
        publishedAt: new Date(now.getTime() - (i + 1) * DAY_MS + HOUR_MS / 2),
        hotScore: i,
      })),
    )
    .returning();
  const businessIds = businessRows.map((row) => row.id);
  await db
    .insert(itemCategory)
    .values(businessIds.map((itemId, i) => ({ itemId, categoryId: i % 2 === 0 ? CATEGORY.businessCrm : CATEGORY.businessAnalytics })));
  await db.insert(preview).values(
    businessIds.flatMap((itemId, i) =>
      Array.from({ length: i === 0 ? BUSINESS_FIRST_SCREENS : 2 }, (_, k) => ({
        itemId,
        path: `shots/${itemId}/${k}.webp`,
        width: 1440,
        height: 900,
        sort: k,
      })),
    ),
  );

  const alphaScreens = await previewIdsOf(db, fixtures.alphaId);
  const businessScreens = await previewIdsOf(db, businessIds[0]!);
  const siteScreens = await previewIdsOf(db, fixtures.siteIds[0]!);
  const app1Screens = await previewIdsOf(db, fixtures.appIds[1]!);
  const hoursAgo = (h: number) => new Date(now.getTime() - h * HOUR_MS);

  const alphaSignup = await makeFlow(db, {
    itemId: fixtures.alphaId,
    type: CATEGORY.flowSignup,
    name: 'Sign up with e-mail',
    nameCn: '邮箱注册',
    nameTw: '信箱註冊',
    publishedAt: hoursAgo(1),
    key: 'signup',
    steps: [
      { previewId: alphaScreens[0]!, caption: 'Enter your e-mail', captionCn: '输入邮箱', captionTw: '輸入信箱' },
      { previewId: alphaScreens[1]!, caption: 'Check your inbox' },
      alphaScreens[2]!,
      alphaScreens[12]!,
      alphaScreens[3]!,
    ],
  });
  const businessCheckout = await makeFlow(db, {
    itemId: businessIds[0]!,
    type: CATEGORY.flowCheckout,
    name: 'Upgrade the plan',
    publishedAt: hoursAgo(2),
    steps: [businessScreens[0]!, businessScreens[3]!, businessScreens[0]!, businessScreens[5]!],
  });
  const siteSignup = await makeFlow(db, {
    itemId: fixtures.siteIds[0]!,
    type: CATEGORY.flowSignup,
    name: 'Create an account',
    publishedAt: hoursAgo(3),
    steps: siteScreens,
  });
  const alphaCheckout = await makeFlow(db, {
    itemId: fixtures.alphaId,
    type: CATEGORY.flowCheckout,
    name: 'Buy a plan',
    sort: 1,
    publishedAt: hoursAgo(4),
    steps: [alphaScreens[7]!, alphaScreens[8]!],
  });
  const appOnboarding = await makeFlow(db, {
    itemId: fixtures.appIds[1]!,
    type: CATEGORY.flowOnboarding,
    name: 'First run',
    publishedAt: hoursAgo(5),
    steps: [app1Screens[0]!],
  });
  const empty = await makeFlow(db, { itemId: fixtures.appIds[2]!, type: CATEGORY.flowSignup, name: 'Not made yet', publishedAt: hoursAgo(0), steps: [] });

  return {
    businessIds,
    flows: { alphaSignup, businessCheckout, siteSignup, alphaCheckout, appOnboarding, empty },
    /** The listed flows, newest first (News order). */
    newsOrder: [alphaSignup, businessCheckout, siteSignup, alphaCheckout, appOnboarding],
    screens: { alpha: alphaScreens, business: businessScreens, site: siteScreens, app1: app1Screens },
  };
}
export type FlowFixtures = Awaited<ReturnType<typeof insertFlowFixtures>>;

/** UI elements (tree root CATEGORY_ROOT.element, 7) insertScreenFixtures adds. */
export const ELEMENT = { button: 501, tabBar: 502, form: 503, chart: 504 } as const;

/**
 * What the Screens view reads over the base fixtures (call after insertFixtures): the element
 * tree; Alpha's screens (by position: even ones Login, odd ones Home) tagged, coloured, hashed and
 * read by OCR as below; a business product ("Ledger", mobile, CRM) with 3 screens, the first one's
 * text in Chinese; an unpublished app whose Login screen must never be listed; site 0's first
 * screen with OCR text.
 * - Alpha position 0: Button + Form, blue and white, phash 0, "Welcome back / Sign in to continue";
 *   1: Button, red, phash 0xff; 2: Button + Form + Chart, blue, phash all ones; 6: phash 1 (near 0);
 *   12 (beyond the free screens): Button + Form, "Secret quarterly report".
 */
export async function insertScreenFixtures(db: Db, fixtures: Fixtures) {
  await db.insert(category).values([
    { id: CATEGORY_ROOT.element, preId: 0, kind: 'element', nameEn: 'UI elements', nameCn: '界面元素', nameTw: '介面元素', sort: 0 },
    { id: ELEMENT.button, preId: CATEGORY_ROOT.element, kind: 'element', nameEn: 'Button', nameCn: '按钮', nameTw: '按鈕', sort: 0 },
    { id: ELEMENT.tabBar, preId: CATEGORY_ROOT.element, kind: 'element', nameEn: 'Tab bar', nameCn: '标签栏', nameTw: '標籤列', sort: 1 },
    { id: ELEMENT.form, preId: CATEGORY_ROOT.element, kind: 'element', nameEn: 'Form', nameCn: '表单', nameTw: '表單', sort: 2 },
    { id: ELEMENT.chart, preId: CATEGORY_ROOT.element, kind: 'element', nameEn: 'Chart', nameCn: '图表', nameTw: '圖表', sort: 3 },
  ]);
  const alpha = await previewIdsOf(db, fixtures.alphaId);
  await db.insert(previewElement).values([
    { previewId: alpha[0]!, categoryId: ELEMENT.button },
    { previewId: alpha[0]!, categoryId: ELEMENT.form },
    { previewId: alpha[1]!, categoryId: ELEMENT.button },
    { previewId: alpha[2]!, categoryId: ELEMENT.button },
    { previewId: alpha[2]!, categoryId: ELEMENT.form },
    { previewId: alpha[2]!, categoryId: ELEMENT.chart },
    { previewId: alpha[12]!, categoryId: ELEMENT.button },
    { previewId: alpha[12]!, categoryId: ELEMENT.form },
  ]);
  const set = (id: number, values: Partial<typeof preview.$inferInsert>) => db.update(preview).set(values).where(eq(preview.id, id));
  await set(alpha[0]!, { colors: ['#0090ff', '#ffffff'], phash: 0n, ocrText: 'Welcome back\nSign in to continue' });
  await set(alpha[1]!, { colors: ['#e5484d'], phash: 0xffn, ocrText: '' });
  await set(alpha[2]!, { colors: ['#1e88e5'], phash: -1n });
  await set(alpha[6]!, { phash: 1n });
  await set(alpha[12]!, { ocrText: 'Secret quarterly report' });
  const site = await previewIdsOf(db, fixtures.siteIds[0]!);
  await set(site[0]!, { ocrText: 'Checkout total' });

  const [ledger, hidden] = await db
    .insert(item)
    .values([
      { isSite: false, business: true, name: 'Ledger', logo: 'logos/ledger.webp', hotScore: 1000 },
      { isSite: false, name: 'Hidden', logo: 'logos/hidden.webp', unpublishedAt: new Date() },
    ])
    .returning();
  await db.insert(itemCategory).values({ itemId: ledger!.id, categoryId: CATEGORY.businessCrm });
  await db.insert(preview).values([
    { itemId: ledger!.id, path: `shots/${ledger!.id}/0.webp`, width: 390, height: 844, sort: 0, colors: ['#30a46c'], ocrText: '付款成功\n订单已确认' },
    { itemId: ledger!.id, path: `shots/${ledger!.id}/1.webp`, width: 390, height: 844, sort: 1, categoryId: CATEGORY.screenLogin },
    { itemId: ledger!.id, path: `shots/${ledger!.id}/2.webp`, width: 390, height: 844, sort: 2 },
    { itemId: hidden!.id, path: `shots/${hidden!.id}/0.webp`, width: 390, height: 844, sort: 0, categoryId: CATEGORY.screenLogin, ocrText: 'Welcome back' },
  ]);
  return { alpha, site, ledger: await previewIdsOf(db, ledger!.id), ledgerId: ledger!.id, hiddenId: hidden!.id };
}
export type ScreenFixtures = Awaited<ReturnType<typeof insertScreenFixtures>>;
