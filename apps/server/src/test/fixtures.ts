import { CATEGORY_ROOT } from '@shotlib/contract';
import type { Db } from '../db/client';
import { article, articleTranslation, category, item, itemCategory, member, plan, preview, session } from '../db/schema';
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
