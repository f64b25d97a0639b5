import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ROOT, LOCALES } from '@shotlib/contract';
import type { Database } from '../db/client';
import { article, articleTranslation, category, item, itemActivity, itemCategory, plan, preview, previewElement } from '../db/schema';
import { localMediaStore } from '../lib/storage';
import type { MediaStore } from '../lib/storage';
import { openTestDatabase } from '../test/test-db';
import { ELEMENT_CATEGORIES, PAYWALL_SCREEN_CATEGORY, SCREEN_CATEGORIES } from './data/categories';
import { DEMO_BASE_DATE } from './demo-plan';
import { PLAN_PRICES } from './plans';
import { hotScore } from '../modules/catalog/hot-score';
import type { Queryable } from './queryable';
import type { SeedSummary } from './seed';
import { backfillDemoChinese, insertReferenceData, seedDemo, seedDemoIfEmpty, seedScale } from './seed';

const DAY_MS = 86_400_000;
const messages: string[] = [];
const log = { info: (msg: string) => void messages.push(msg) };

let mediaDir: string;
let media: MediaStore;
let first: Database;
let firstSeconds = 0;
let seededFirst = false;

/** The demo seeded once into a fresh database; most tests read it. */
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-seed-'));
  media = localMediaStore(mediaDir);
  first = await openTestDatabase();
  const started = performance.now();
  seededFirst = await seedDemoIfEmpty({ db: first.db, media, log });
  firstSeconds = (performance.now() - started) / 1000;
  // Visible in the test output: the figure the first `npm start` waits for.
  console.info(`demo seed into an empty database and media store: ${firstSeconds.toFixed(1)} s — ${messages.at(-1)}`);
}, 300_000);

afterAll(async () => {
  await first?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const q = () => first.db as Queryable;

/** Item ids of one tab in the News or Hot order, as the catalogue sorts them. */
async function ranking(db: Queryable, isSite: boolean, rank: 'news' | 'hot'): Promise<number[]> {
  const rows = await db
    .select({ id: item.id })
    .from(item)
    .where(eq(item.isSite, isSite))
    .orderBy(rank === 'news' ? desc(item.publishedAt) : desc(item.hotScore), desc(item.id));
  return rows.map((r) => r.id);
}

describe('seedDemoIfEmpty', () => {
  it('seeds an empty catalogue once, and not again', async () => {
    expect(seededFirst).toBe(true);
    const before = (await q().select({ n: count() }).from(item))[0].n;
    expect(await seedDemoIfEmpty({ db: first.db, media, log })).toBe(false);
    expect((await q().select({ n: count() }).from(item))[0].n).toBe(before);
  });
});

describe('the demo catalogue', () => {
  it('has at least 60 apps and 30 websites with plausible fields', async () => {
    const rows = await q().select().from(item).orderBy(asc(item.id));
    const apps = rows.filter((r) => !r.isSite);
    const sites = rows.filter((r) => r.isSite);
    expect(apps.length).toBeGreaterThanOrEqual(60);
    expect(sites.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    const twoYears = 2 * 366 * DAY_MS;
    for (const r of rows) {
      expect(r.briefing).toMatch(/^[A-Z].{10,}\.$/);
      expect(r.site).toMatch(/^https:\/\/[a-z0-9]+\.example$/);
      expect(r.rating).toBeGreaterThanOrEqual(3);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(Math.round(r.rating * 100) / 100).toBe(r.rating);
      expect(r.logo).toBe(`logos/${r.id}.webp`);
      expect(r.publishedAt.getTime()).toBeLessThan(DEMO_BASE_DATE.getTime());
      expect(r.publishedAt.getTime()).toBeGreaterThan(DEMO_BASE_DATE.getTime() - twoYears);
    }
  });

  it('gives every item a Chinese name and brief, in Simplified and in Traditional', async () => {
    const rows = await q().select().from(item).orderBy(asc(item.id));
    const han = /\p{Script=Han}/u;
    for (const r of rows) {
      for (const text of [r.nameCn, r.nameTw, r.briefingCn, r.briefingTw]) expect(text, r.name).toMatch(han);
      expect(r.briefingCn).toMatch(/。$/);
    }
    expect(new Set(rows.map((r) => r.nameCn)).size).toBe(rows.length);
    // Traditional is its own text (Taiwan usage), not a copy of the Simplified one.
    expect(rows.filter((r) => r.briefingTw !== r.briefingCn).length).toBeGreaterThan(rows.length * 0.9);
    const ledgerly = rows.find((r) => r.name === 'Ledgerly')!;
    expect(ledgerly.briefingCn).toContain('记账');
    expect(ledgerly.briefingTw).toContain('記帳');
  });

  it('gives each item one or two list categories and 10 to 40 screenshots with a screen category', async () => {
    const listIds = (await q().select({ id: category.id }).from(category).where(eq(category.preId, CATEGORY_ROOT.list))).map((r) => r.id);
    const screenIds = (await q().select({ id: category.id }).from(category).where(eq(category.preId, CATEGORY_ROOT.screen))).map((r) => r.id);
    const links = await q().select().from(itemCategory);
    const perItem = new Map<number, number>();
    for (const link of links) {
      expect(listIds).toContain(link.categoryId);
      perItem.set(link.itemId, (perItem.get(link.itemId) ?? 0) + 1);
    }
    const items = await q().select({ id: item.id }).from(item);
    for (const { id } of items) expect([1, 2]).toContain(perItem.get(id));

    const shots = await q()
      .select({ itemId: preview.itemId, n: count(), min: sql<number>`min(${preview.sort})`, max: sql<number>`max(${preview.sort})` })
      .from(preview)
      .groupBy(preview.itemId);
    expect(shots).toHaveLength(items.length);
    for (const s of shots) {
      expect(s.n).toBeGreaterThanOrEqual(10);
      expect(s.n).toBeLessThanOrEqual(40);
      expect([Number(s.min), Number(s.max)]).toEqual([1, s.n]);
    }
    const rows = await q().select().from(preview);
    for (const p of rows) {
      expect(screenIds).toContain(p.categoryId);
      expect(p.path).toBe(`shots/${p.itemId}/${p.sort}.webp`);
    }
    // Every screen category of the plan is used somewhere, so each filter has results (Paywall
    // screens come with the imported demo, whose generator draws them).
    expect(new Set(rows.map((p) => p.categoryId)).size).toBe(SCREEN_CATEGORIES.length);
    // And each has the UI elements of its type.
    const tagged = await q().select({ previewId: previewElement.previewId, n: count() }).from(previewElement).groupBy(previewElement.previewId);
    expect(tagged.length).toBe(rows.length);
    expect(tagged.every((row) => row.n >= 2)).toBe(true);
  });

  it('stores real WebP images with the recorded sizes: phone shots, desktop shots, logos and covers', async () => {
    const [app] = await q().select().from(item).where(eq(item.isSite, false)).orderBy(asc(item.id)).limit(1);
    const [site] = await q().select().from(item).where(eq(item.isSite, true)).orderBy(asc(item.id)).limit(1);
    for (const owner of [app, site]) {
      const [shot] = await q().select().from(preview).where(eq(preview.itemId, owner.id)).orderBy(asc(preview.sort)).limit(1);
      const meta = await sharp(await readFile(path.join(mediaDir, shot.path))).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([shot.width, shot.height]);
      expect(shot.width < shot.height).toBe(!owner.isSite); // phone portrait, desktop landscape
      const logo = await sharp(await readFile(path.join(mediaDir, owner.logo))).metadata();
      expect([logo.format, logo.width, logo.height]).toEqual(['webp', 256, 256]);
    }
    const [cover] = await q().select().from(article).orderBy(asc(article.id)).limit(1);
    const coverMeta = await sharp(await readFile(path.join(mediaDir, cover.preview))).metadata();
    expect([coverMeta.format, coverMeta.width, coverMeta.height]).toEqual(['webp', 1200, 675]);

    const paths = (await q().select({ path: preview.path }).from(preview)).map((r) => r.path);
    const missing = [];
    for (const key of paths) if (!(await media.exists(key))) missing.push(key);
    expect(missing).toEqual([]);
  });

  it('draws different screenshots for different apps and screen kinds', async () => {
    const shots = await q().select().from(preview).where(eq(preview.sort, 1)).orderBy(asc(preview.itemId)).limit(3);
    const files = await Promise.all(shots.map((s) => readFile(path.join(mediaDir, s.path))));
    expect(files[0].equals(files[1])).toBe(false);
    expect(files[1].equals(files[2])).toBe(false);
  });

  it('holds the category trees with three names each and moves the id sequence past them', async () => {
    const rows = await q().select().from(category).orderBy(asc(category.id));
    const roots = rows.filter((r) => r.preId === 0);
    // The five roots (decisions 045, 047): UI elements 7, flow types 8, apps and sites 9, business software 10, screens 11.
    expect(roots.map((r) => [r.id, r.kind])).toEqual([
      [CATEGORY_ROOT.element, 'element'],
      [CATEGORY_ROOT.flow, 'flow'],
      [CATEGORY_ROOT.list, 'list'],
      [CATEGORY_ROOT.business, 'business'],
      [CATEGORY_ROOT.screen, 'screen'],
    ]);
    for (const root of roots) expect([root.nameCn, root.nameTw].every((name) => /\p{Script=Han}/u.test(name))).toBe(true);
    const list = rows.filter((r) => r.preId === CATEGORY_ROOT.list);
    const screen = rows.filter((r) => r.preId === CATEGORY_ROOT.screen);
    expect(list.length).toBeGreaterThanOrEqual(14);
    expect(screen.length).toBeGreaterThanOrEqual(12);
    expect(list.every((r) => r.kind === 'list')).toBe(true);
    expect(screen.every((r) => r.kind === 'screen')).toBe(true);
    for (const r of [...list, ...screen]) {
      expect(r.nameEn).toMatch(/^[A-Z]/);
      expect(r.nameCn).toMatch(/\p{Script=Han}/u);
      expect(r.nameTw).toMatch(/\p{Script=Han}/u);
    }
    expect(screen.find((r) => r.nameEn === 'Login')).toMatchObject({ nameCn: '登录', nameTw: '登入' });
    expect(screen.find((r) => r.nameEn === 'Settings')).toMatchObject({ nameCn: '设置', nameTw: '設定' });
    expect(new Set(list.map((r) => r.sort)).size).toBe(list.length);

    const [added] = await q()
      .insert(category)
      .values({ preId: CATEGORY_ROOT.list, kind: 'list', nameEn: 'Added', nameCn: '新增', nameTw: '新增' })
      .returning({ id: category.id });
    expect(added.id).toBeGreaterThan(Math.max(...rows.map((r) => r.id)));
    await q().delete(category).where(eq(category.id, added.id));
  });

  it('holds the UI element tree and the Paywall screen type, added once however often it runs', async () => {
    const named = async () =>
      q()
        .select({ preId: category.preId, kind: category.kind, nameEn: category.nameEn, nameCn: category.nameCn, nameTw: category.nameTw })
        .from(category)
        .where(inArray(category.preId, [CATEGORY_ROOT.element, CATEGORY_ROOT.screen]))
        .orderBy(asc(category.sort), asc(category.id));
    const before = await named();
    const elements = before.filter((r) => r.preId === CATEGORY_ROOT.element);
    expect(elements.map((r) => r.nameEn)).toEqual(ELEMENT_CATEGORIES.map((c) => c.nameEn));
    expect(elements.every((r) => r.kind === 'element' && /\p{Script=Han}/u.test(r.nameCn) && /\p{Script=Han}/u.test(r.nameTw))).toBe(true);
    expect(before.filter((r) => r.nameEn === PAYWALL_SCREEN_CATEGORY.nameEn)).toEqual([
      { preId: CATEGORY_ROOT.screen, kind: 'screen', nameEn: 'Paywall', nameCn: '付费墙', nameTw: '付費牆' },
    ]);
    await q().transaction((tx) => insertReferenceData(tx));
    expect(await named()).toEqual(before);
  });

  it('holds the three plans with their prices', async () => {
    const rows = await q().select().from(plan).orderBy(asc(plan.grade));
    expect(rows).toEqual([
      { grade: 1, periodMonths: 12, money: 21900, usdMoney: 2999 },
      { grade: 2, periodMonths: 3, money: 6900, usdMoney: 999 },
      { grade: 3, periodMonths: 1, money: 2900, usdMoney: 499 },
    ]);
    expect(rows).toEqual(PLAN_PRICES.map((p) => ({ ...p })));
  });

  it('holds at least six articles, each with a cover and a title and HTML body in every language', async () => {
    const rows = await q().select().from(article).orderBy(asc(article.id));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const texts = await q().select().from(articleTranslation);
    for (const a of rows) {
      expect(a.preview).toBe(`articles/${a.id}.webp`);
      expect(a.updatedAt.getTime()).toBeGreaterThanOrEqual(a.publishedAt.getTime());
      const mine = texts.filter((t) => t.articleId === a.id);
      expect(mine.map((t) => t.locale).sort()).toEqual([...LOCALES].sort());
      for (const t of mine) {
        for (const tag of ['<h2>', '<p>', '<ul>', '<blockquote>']) expect(t.content).toContain(tag);
        if (t.locale !== 'enUS') expect(t.title).toMatch(/\p{Script=Han}/u);
      }
      const byLocale = Object.fromEntries(mine.map((t) => [t.locale, t]));
      expect(byLocale.zhCN.content).not.toBe(byLocale.zhTW.content);
    }
    // Taiwan vocabulary in Traditional, mainland vocabulary in Simplified.
    const all = (locale: string) => texts.filter((t) => t.locale === locale).map((t) => t.content).join('');
    expect(all('zhTW')).toContain('使用者');
    expect(all('zhTW')).not.toContain('用户');
    expect(all('zhCN')).toContain('用户');
  });
});

describe('popularity', () => {
  it('ranks News and Hot differently, for apps and for sites', async () => {
    for (const isSite of [false, true]) {
      const news = await ranking(q(), isSite, 'news');
      const hot = await ranking(q(), isSite, 'hot');
      expect(new Set(hot)).toEqual(new Set(news));
      expect(hot.slice(0, 8)).not.toEqual(news.slice(0, 8));
    }
  });

  it('stores hot_score from the item activity (the SQL and TypeScript formulas agree)', async () => {
    const items = await q().select({ id: item.id, hotScore: item.hotScore }).from(item).orderBy(asc(item.id)).limit(5);
    for (const it of items) {
      const days = await q().select().from(itemActivity).where(eq(itemActivity.itemId, it.id));
      expect(days.length).toBeGreaterThan(0);
      const expected = hotScore(
        days.map((d) => ({ ageDays: (DEMO_BASE_DATE.getTime() - Date.parse(`${d.day}T00:00:00Z`)) / DAY_MS, views: d.views, collects: d.collects })),
        DEMO_BASE_DATE,
      );
      expect(it.hotScore).toBeCloseTo(expected, 9);
    }
    const [range] = await q()
      .select({ first: sql<string>`min(${itemActivity.day})::text`, last: sql<string>`max(${itemActivity.day})::text` })
      .from(itemActivity);
    expect(range).toEqual({ first: '2026-09-02', last: '2026-10-31' });
  });
});

describe('determinism and scale', () => {
  let second: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    second = await openTestDatabase();
    summary = await seedDemo({ db: second.db, media, log });
  }, 300_000);
  afterAll(async () => {
    await second?.close();
  });

  it('produces the same rows and rankings on a second run, reusing the stored images', async () => {
    expect(summary.seeded).toBe(true);
    expect(summary.rendered).toBe(0);
    expect(summary.reused).toBeGreaterThan(summary.previews);
    const s = second.db as Queryable;
    const snapshot = async (db: Queryable) => ({
      items: await db
        .select({ id: item.id, name: item.name, rating: item.rating, publishedAt: item.publishedAt, hot: item.hotScore })
        .from(item)
        .orderBy(asc(item.id)),
      previews: await db
        .select({ id: preview.id, itemId: preview.itemId, path: preview.path, categoryId: preview.categoryId })
        .from(preview)
        .orderBy(asc(preview.id)),
      categories: await db.select().from(category).orderBy(asc(category.id)),
      articles: await db.select().from(articleTranslation).orderBy(asc(articleTranslation.articleId), asc(articleTranslation.locale)),
      rankings: [await ranking(db, false, 'news'), await ranking(db, false, 'hot'), await ranking(db, true, 'hot')],
    });
    expect(await snapshot(s)).toEqual(await snapshot(q()));
  });

  it('gives Chinese texts again to demo items seeded before they had them', async () => {
    const s = second.db as Queryable;
    const some = (await s.select({ id: item.id }).from(item).orderBy(asc(item.id)).limit(3)).map((r) => r.id);
    const before = await s.select().from(item).where(inArray(item.id, some)).orderBy(asc(item.id));
    await s.update(item).set({ nameCn: null, nameTw: null, briefingCn: null, briefingTw: null }).where(inArray(item.id, some));
    expect(await backfillDemoChinese(s)).toBe(3);
    expect(await s.select().from(item).where(inArray(item.id, some)).orderBy(asc(item.id))).toEqual(before);
    expect(await backfillDemoChinese(s)).toBe(0);
  });

  it('seedScale adds generated items, apps and sites about 2:1, with screenshots from a shared image pool', async () => {
    const s = second.db as Queryable;
    const before = await s.select({ n: count() }).from(item);
    const result = await seedScale({ db: second.db, media, log }, 50, { batchSize: 20 });
    expect(result).toMatchObject({ items: 50, previews: 50 * 15 });
    const added = await s.select().from(item).where(sql`${item.id} > (select max(id) from item) - 50`);
    expect(before[0].n + 50).toBe((await s.select({ n: count() }).from(item))[0].n);
    const sites = added.filter((r) => r.isSite).length;
    expect(sites).toBeGreaterThanOrEqual(15);
    expect(sites).toBeLessThanOrEqual(18);
    expect(added.every((r) => r.hotScore > 0)).toBe(true);
    // About two in three have Chinese texts, named after their head word and category.
    const chinese = added.filter((r) => r.nameCn !== null);
    expect(chinese.length).toBeGreaterThanOrEqual(25);
    expect(chinese.length).toBeLessThanOrEqual(45);
    for (const r of chinese) {
      expect(r.nameCn).toMatch(/^\p{Script=Han}{4,5}$/u);
      expect(r.nameTw).toMatch(/^\p{Script=Han}{4,5}$/u);
      expect(r.briefingCn).toMatch(/^一款为.+打造的.+(应用|网站)。$/u);
      expect(r.briefingTw).toMatch(/^一款為.+打造的.+( App|網站)。$/u);
    }
    expect(added.filter((r) => r.nameCn === null).every((r) => r.nameTw === null && r.briefingCn === null)).toBe(true);
    const shots = await s.select().from(preview).where(sql`${preview.itemId} in (${sql.join(added.map((r) => sql`${r.id}`), sql`, `)})`);
    expect(shots).toHaveLength(750);
    const pool = new Set(shots.map((p) => p.path));
    expect(pool.size).toBeLessThanOrEqual(48);
    for (const key of pool) expect(await media.exists(key)).toBe(true);
    for (const r of added) expect(await media.exists(r.logo)).toBe(true);
  }, 120_000);

  it('seedScale gives each item the screenshots asked for (the benchmark catalogue has 200 each)', async () => {
    const s = second.db as Queryable;
    const result = await seedScale({ db: second.db, media, log }, 4, { shotsPerItem: 200 });
    expect(result).toMatchObject({ items: 4, previews: 800 });
    const perItem = await s
      .select({ itemId: preview.itemId, n: count(), last: sql<number>`max(${preview.sort})::int` })
      .from(preview)
      .where(sql`${preview.itemId} > (select max(id) from item) - 4`)
      .groupBy(preview.itemId);
    expect(perItem.map((row) => [row.n, row.last])).toEqual([
      [200, 200],
      [200, 200],
      [200, 200],
      [200, 200],
    ]);
    await expect(seedScale({ db: second.db, media, log }, 1, { shotsPerItem: 0 })).rejects.toThrow(RangeError);
  }, 120_000);

  it('seedScale gives every screen what the Screens view reads: position, UI elements by type, colours and swatches, a layout hash, words', async () => {
    const s = second.db as Queryable;
    const rows = await s
      .select({
        id: preview.id,
        sort: preview.sort,
        position: preview.position,
        categoryId: preview.categoryId,
        swatches: preview.swatches,
        phash: sql<string | null>`${preview.phash}::text`,
        ocrText: preview.ocrText,
        elements: sql<number>`(select count(*) from ${previewElement} pe where pe.preview_id = ${preview.id})::int`,
        tagged: sql<number[]>`array(select pe.category_id from ${previewElement} pe where pe.preview_id = ${preview.id} order by 1)`,
        elementIds: preview.elementIds,
      })
      .from(preview)
      .where(sql`${preview.itemId} > (select max(id) from item) - 4`);
    expect(rows.length).toBe(800);
    const login = SCREEN_CATEGORIES.find((c) => c.key === 'login')!;
    for (const row of rows) {
      expect(row.position).toBe(row.sort - 1);
      expect(row.swatches.length).toBeGreaterThan(0);
      expect(row.phash).not.toBeNull();
      expect(row.elements).toBeGreaterThanOrEqual(2);
      // The row's own copy of its elements (migration 0014), written by the seed as the triggers would.
      expect(row.elementIds).toEqual(row.tagged);
      expect(row.ocrText).toContain(SCREEN_CATEGORIES.find((c) => c.id === row.categoryId)!.nameEn);
    }
    // Screens of one type share their layout's elements: every Login screen has a Form and a Button.
    const loginIds = rows.filter((row) => row.categoryId === login.id).map((row) => row.id);
    const tags = await s
      .select({ previewId: previewElement.previewId, name: category.nameEn })
      .from(previewElement)
      .innerJoin(category, eq(category.id, previewElement.categoryId))
      .where(inArray(previewElement.previewId, loginIds));
    for (const id of loginIds) expect(tags.filter((t) => t.previewId === id).map((t) => t.name)).toEqual(expect.arrayContaining(['Form', 'Button']));
  });
});
