import { availableParallelism } from 'node:os';
import { count, eq, inArray, max, sql } from 'drizzle-orm';
import { CATEGORY_ROOT, LOCALES } from '@shotlib/contract';
import type { Db } from '../db/client';
import { article, articleTranslation, category, item, itemActivity, itemCategory, plan, preview, previewElement } from '../db/schema';
import type { MediaStore } from '../lib/storage';
import { sanitizeArticleHtml } from '../modules/article/article-html';
import { refreshHotScores } from '../modules/catalog/catalog.repo';
import { hotScore } from '../modules/catalog/hot-score';
import { colorLuminance } from '../modules/ingest/screen-image';
import { bulkInsert } from './bulk-insert';
import { DEMO_ARTICLES } from './data/articles';
import type { ElementKey, ListCategoryKey, ScreenKey } from './data/categories';
import { ELEMENT_CATEGORIES, LIST_CATEGORIES, NAMED_CATEGORIES, ROOT_CATEGORIES, SCREEN_CATEGORIES, listCategory, screenCategory } from './data/categories';
import { DEMO_APPS, DEMO_SITES, SCALE_NAME_HEADS, SCALE_NAME_TAILS } from './data/items';
import type { PlannedItem } from './demo-plan';
import { DEMO_BASE_DATE, activityDay, pickCategories, pickRating, pickScreens, planDemoItems, slug } from './demo-plan';
import { coverSvg, encodeWebp, logoSvg, runPool } from './images';
import { PLAN_PRICES } from './plans';
import type { ChineseTexts } from './data/items-zh';
import { DEMO_CHINESE, SCALE_AUDIENCES_ZH, SCALE_HEADS_ZH, SCALE_NOUNS_ZH } from './data/items-zh';
import { activitySeries, pickProfile } from './popularity';
import { createRng } from './prng';
import type { Queryable } from './queryable';
import type { Device } from './screens';
import { SCREEN_SIZE, screenSvg } from './screens';
import { SCREEN_ELEMENTS, screenTraits } from './screen-traits';
import { makeTheme } from './svg';

export type SeedDeps = { db: Db; media: MediaStore; log: { info(msg: string): void } };

export type SeedOptions = {
  /** Publish dates and activity are laid out before this instant (default 2026-11-01T00:00:00Z). */
  baseDate?: Date;
  /** Images encoded at once (default: twice the cores, 2 to 4). */
  concurrency?: number;
  /** Insert nothing if the catalogue has items by the time the rows are written (checked under a lock). */
  ifEmpty?: boolean;
};

export type SeedSummary = {
  seeded: boolean;
  items: number;
  previews: number;
  articles: number;
  /** Images encoded by this run, and images already in the media store and kept. */
  rendered: number;
  reused: number;
  seconds: number;
};

/** Rows per INSERT statement: well under PostgreSQL's 65,535 bound parameters. */
const BATCH = 1000;
/** Key of the advisory lock that stops two starting processes from seeding at once. */
const SEED_LOCK = 7_420_031;

const defaultConcurrency = () => Math.max(2, Math.min(4, availableParallelism() * 2));
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>, size = BATCH): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function catalogueIsEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: item.id }).from(item).limit(1);
  return row === undefined;
}

/**
 * VACUUM (ANALYZE) the catalogue tables after a bulk load. PGlite has no autovacuum: without this
 * the planner never learns the tables' sizes and answers "newest 8 apps" with a sequential scan of
 * all of them (≈1 s at 100k items instead of < 1 ms), and index-only scans find no visibility map.
 * On PostgreSQL it only does early what autovacuum would do later.
 */
export async function refreshPlannerStatistics(db: Queryable): Promise<void> {
  await db.execute(sql`vacuum (analyze) item, item_category, preview, preview_element, item_activity`);
}

/** Take `n` ids from a table's serial sequence, so file keys can name rows before they exist. */
async function reserveIds(db: Queryable, table: 'item' | 'article' | 'preview', n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int` })
    .from(sql`generate_series(1, ${n}::int)`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The category trees (fixed ids: five roots, the list and screen categories; then the named ones) and the three plans; existing rows are left alone. */
export async function insertReferenceData(tx: Queryable): Promise<void> {
  await tx
    .insert(category)
    .values([
      ...ROOT_CATEGORIES.map((root) => ({ ...root, preId: 0, sort: 0 })),
      ...LIST_CATEGORIES.map((c, i) => ({
        id: c.id,
        preId: CATEGORY_ROOT.list,
        kind: 'list' as const,
        nameEn: c.nameEn,
        nameCn: c.nameCn,
        nameTw: c.nameTw,
        sort: i + 1,
      })),
      ...SCREEN_CATEGORIES.map((c, i) => ({
        id: c.id,
        preId: CATEGORY_ROOT.screen,
        kind: 'screen' as const,
        nameEn: c.nameEn,
        nameCn: c.nameCn,
        nameTw: c.nameTw,
        sort: i + 1,
      })),
    ])
    .onConflictDoNothing();
  // Explicit ids do not move the serial sequence: move it past them for rows added later.
  await tx.execute(sql`select setval(pg_get_serial_sequence('category', 'id'), (select max(id) from category))`);
  await insertNamedCategories(tx);
  await tx
    .insert(plan)
    .values(PLAN_PRICES.map((p) => ({ ...p })))
    .onConflictDoNothing();
}

/**
 * The categories found by tree and English name (the element tree, the Paywall screen type): those
 * missing get ids from the sequence, after the existing ones of their parent. Idempotent.
 */
async function insertNamedCategories(tx: Queryable): Promise<void> {
  const present = await tx
    .select({ preId: category.preId, nameEn: category.nameEn })
    .from(category)
    .where(inArray(category.preId, [...new Set(NAMED_CATEGORIES.map((c) => c.preId))]));
  const has = new Set(present.map((row) => `${row.preId}:${row.nameEn.toLowerCase()}`));
  const missing = NAMED_CATEGORIES.filter((c) => !has.has(`${c.preId}:${c.nameEn.toLowerCase()}`));
  if (missing.length === 0) return;
  const sorts = new Map<number, number>();
  for (const row of await tx
    .select({ preId: category.preId, sort: max(category.sort) })
    .from(category)
    .where(inArray(category.preId, [...new Set(missing.map((c) => c.preId))]))
    .groupBy(category.preId))
    sorts.set(row.preId, row.sort ?? 0);
  await tx.insert(category).values(
    missing.map((c) => {
      const sort = (sorts.get(c.preId) ?? 0) + 1;
      sorts.set(c.preId, sort);
      return { kind: c.kind, preId: c.preId, nameEn: c.nameEn, nameCn: c.nameCn, nameTw: c.nameTw, sort };
    }),
  );
}

/** The ids of the UI elements (root 7) by key, as insertReferenceData added them. */
async function elementIdsByKey(db: Queryable): Promise<Map<ElementKey, number>> {
  const rows = await db.select({ id: category.id, nameEn: category.nameEn }).from(category).where(eq(category.preId, CATEGORY_ROOT.element));
  const byName = new Map(rows.map((row) => [row.nameEn.toLowerCase(), row.id]));
  return new Map(ELEMENT_CATEGORIES.flatMap((c) => (byName.has(c.nameEn.toLowerCase()) ? [[c.key, byName.get(c.nameEn.toLowerCase())!] as const] : [])));
}

type ImageJob = { key: string; svg: () => string };

/** Encode and store every image whose key is not in the media store yet. */
async function renderImages(media: MediaStore, jobs: readonly ImageJob[], concurrency: number) {
  let rendered = 0;
  let reused = 0;
  await runPool(jobs, concurrency, async (job) => {
    if (await media.exists(job.key)) {
      reused++;
      return;
    }
    await media.put(job.key, await encodeWebp(job.svg()));
    rendered++;
  });
  return { rendered, reused };
}

function deviceOf(isSite: boolean): Device {
  return isSite ? 'desktop' : 'phone';
}

function itemImageJobs(planned: PlannedItem, id: number): ImageJob[] {
  const device = deviceOf(planned.isSite);
  return [
    { key: `logos/${id}.webp`, svg: () => logoSvg(planned.name, planned.theme, planned.logoMotif) },
    ...planned.screens.map((screen, n) => ({
      key: `shots/${id}/${n + 1}.webp`,
      svg: () =>
        screenSvg({
          device,
          screen,
          theme: planned.theme,
          appName: planned.name,
          vocab: planned.vocab,
          seed: `shot:${planned.name}:${n}`,
          solidBar: planned.solidBar,
        }),
    })),
  ];
}

/**
 * Seed the demo catalogue: categories, plans, 64 apps and 32 websites with generated logos and
 * screenshots, 60 days of activity behind the Hot ranking, and the insight articles.
 * Images are rendered first (outside any transaction; files already present are kept), then every
 * row is written in one transaction.
 */
export async function seedDemo(deps: SeedDeps, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const { db, media, log } = deps;
  const q: Queryable = db;
  const baseDate = options.baseDate ?? DEMO_BASE_DATE;
  const planned = planDemoItems(baseDate);
  const itemIds = await reserveIds(q, 'item', planned.length);
  const withArticles = (await q.select({ n: count() }).from(article))[0]?.n === 0;
  const articleIds = withArticles ? await reserveIds(q, 'article', DEMO_ARTICLES.length) : [];

  const jobs: ImageJob[] = planned.flatMap((p, i) => itemImageJobs(p, itemIds[i]));
  DEMO_ARTICLES.forEach((a, i) => {
    if (!withArticles) return;
    jobs.push({
      key: `articles/${articleIds[i]}.webp`,
      svg: () =>
        coverSvg({
          title: a.text.enUS.title,
          label: 'Insights',
          theme: makeTheme(a.cover.hue, a.cover.dark),
          appName: planned[i * 7].name,
          vocab: planned[i * 7].vocab,
          screens: a.cover.screens,
          seed: `cover:${i}`,
        }),
    });
  });
  const images = await renderImages(media, jobs, options.concurrency ?? defaultConcurrency());
  const renderSeconds = seconds(started);

  const itemRows = planned.map((p, i) => ({
    id: itemIds[i],
    isSite: p.isSite,
    name: p.name,
    logo: `logos/${itemIds[i]}.webp`,
    briefing: p.briefing,
    ...chineseColumns(p.chinese),
    site: p.site,
    rating: p.rating,
    publishedAt: p.publishedAt,
  }));
  const categoryRows = planned.flatMap((p, i) => p.categoryIds.map((categoryId) => ({ itemId: itemIds[i], categoryId })));
  const previewRows = planned.flatMap((p, i) => {
    const size = SCREEN_SIZE[deviceOf(p.isSite)];
    return p.screens.map((screen, n) => ({
      itemId: itemIds[i],
      path: `shots/${itemIds[i]}/${n + 1}.webp`,
      width: size.width,
      height: size.height,
      categoryId: screenCategory(screen).id,
      sort: n + 1,
    }));
  });
  const activityRows = planned.flatMap((p, i) =>
    p.activity.map((d) => ({ itemId: itemIds[i], day: activityDay(baseDate, d.ageDays), views: d.views, collects: d.collects })),
  );

  const seeded = await q.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (options.ifEmpty && !(await catalogueIsEmpty(tx))) return false;
    await insertReferenceData(tx);
    await insertInBatches(itemRows, (rows) => tx.insert(item).values(rows));
    await insertInBatches(categoryRows, (rows) => tx.insert(itemCategory).values(rows));
    const elementIds = await elementIdsByKey(tx);
    await insertInBatches(previewRows, async (rows) => {
      const inserted = await tx.insert(preview).values(rows).returning({ id: preview.id, categoryId: preview.categoryId });
      // Each screen's UI elements by its type (SCREEN_ELEMENTS), so the element filter has results.
      const elementRows = inserted.flatMap((row) =>
        SCREEN_ELEMENTS[SCREEN_CATEGORIES.find((c) => c.id === row.categoryId)!.key].map((key) => ({ previewId: row.id, categoryId: elementIds.get(key)! })),
      );
      if (elementRows.length > 0) await insertInBatches(elementRows, (batch) => tx.insert(previewElement).values(batch));
    });
    await insertInBatches(activityRows, (rows) => tx.insert(itemActivity).values(rows));
    await refreshHotScores(tx, itemIds);
    if (withArticles) {
      await tx.insert(article).values(
        DEMO_ARTICLES.map((a, i) => ({
          id: articleIds[i],
          preview: `articles/${articleIds[i]}.webp`,
          publishedAt: new Date(a.publishedAt),
          updatedAt: new Date(a.updatedAt),
        })),
      );
      await tx.insert(articleTranslation).values(
        // Stored as any article is: through the sanitiser (docs/architecture.md §6).
        DEMO_ARTICLES.flatMap((a, i) =>
          LOCALES.map((locale) => ({
            articleId: articleIds[i],
            locale,
            title: a.text[locale].title,
            content: sanitizeArticleHtml(a.text[locale].content),
          })),
        ),
      );
    }
    return true;
  });

  if (seeded) await refreshPlannerStatistics(q);

  const summary: SeedSummary = {
    seeded,
    items: seeded ? itemRows.length : 0,
    previews: seeded ? previewRows.length : 0,
    articles: seeded && withArticles ? DEMO_ARTICLES.length : 0,
    ...images,
    seconds: seconds(started),
  };
  if (seeded) {
    const apps = planned.filter((p) => !p.isSite).length;
    log.info(
      `demo seed: ${summary.items} items (${apps} apps, ${summary.items - apps} sites), ${summary.previews} screenshots, ` +
        `${summary.articles} articles, ${activityRows.length} activity rows; images ${images.rendered} rendered, ` +
        `${images.reused} reused in ${renderSeconds} s; total ${summary.seconds} s`,
    );
  } else {
    log.info('demo seed skipped: the catalogue was filled meanwhile');
  }
  return summary;
}

/** The item columns of an item's Chinese texts (all null without them). */
function chineseColumns(texts: ChineseTexts | null) {
  return {
    nameCn: texts?.cn[0] ?? null,
    briefingCn: texts?.cn[1] ?? null,
    nameTw: texts?.tw[0] ?? null,
    briefingTw: texts?.tw[1] ?? null,
  };
}

/**
 * Give demo items seeded before they had Chinese texts those texts: items with a demo name and
 * its `.example` site whose Chinese name is still empty. Idempotent; returns how many it filled.
 */
export async function backfillDemoChinese(db: Queryable): Promise<number> {
  const rows = [...DEMO_APPS, ...DEMO_SITES].flatMap((seed) => {
    const texts = DEMO_CHINESE[seed.name];
    if (!texts) return [];
    return [sql`(${seed.name}, ${`https://${slug(seed.name)}.example`}, ${texts.cn[0]}, ${texts.cn[1]}, ${texts.tw[0]}, ${texts.tw[1]})`];
  });
  const updated = await db.execute(sql`
    update ${item} set name_cn = v.name_cn, briefing_cn = v.briefing_cn, name_tw = v.name_tw, briefing_tw = v.briefing_tw
    from (values ${sql.join(rows, sql`, `)}) as v(name, site, name_cn, briefing_cn, name_tw, briefing_tw)
    where ${item.name} = v.name and ${item.site} = v.site and ${item.nameCn} is null
    returning ${item.id}`);
  return (updated as unknown as { rows?: unknown[] }).rows?.length ?? 0;
}

/**
 * Seed the demo on a fresh database; true when it did. On a database seeded by an earlier version
 * it adds what that version lacked (the Chinese texts).
 */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<boolean> {
  if (!(await catalogueIsEmpty(deps.db))) {
    const filled = await backfillDemoChinese(deps.db);
    if (filled > 0) deps.log.info(`demo seed: added Chinese texts to ${filled} items seeded before them`);
    return false;
  }
  const summary = await seedDemo(deps, { ifEmpty: true });
  return summary.seeded;
}

// ------------------------------------------------------------------ benchmark scale

/** The most screenshots a generated item may have (the benchmark's catalogue uses 200). */
export const MAX_SCREENS_PER_ITEM = 1000;

export type ScaleOptions = {
  /** Screenshots per item (default 15, at most MAX_SCREENS_PER_ITEM). */
  shotsPerItem?: number;
  /** Days of activity per item (default 14; the hot score is computed from them). */
  activityDays?: number;
  /** Items per transaction (default: 1000 items of 15 screenshots, fewer of more). */
  batchSize?: number;
  baseDate?: Date;
  concurrency?: number;
};

export type ScaleSummary = { items: number; previews: number; activityRows: number; seconds: number };

/** Image variants per screen kind and device in the shared pool of benchmark images. */
const POOL_VARIANTS = 2;
const poolShotKey = (device: Device, screen: ScreenKey, variant: number) => `pool/${device}/${screen}-${variant}.webp`;
const poolLogoKey = (head: string) => `pool/logos/${slug(head)}.webp`;

function poolJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const device of ['phone', 'desktop'] as const) {
    for (const screen of SCREEN_CATEGORIES) {
      for (let v = 0; v < POOL_VARIANTS; v++) {
        const theme = makeTheme((screen.id * 37 + v * 140 + (device === 'desktop' ? 60 : 0)) % 360, v === 1 && screen.id % 3 === 0);
        const list = LIST_CATEGORIES[(screen.id + v) % LIST_CATEGORIES.length];
        jobs.push({
          key: poolShotKey(device, screen.key, v),
          svg: () =>
            screenSvg({ device, screen: screen.key, theme, appName: 'Sample', vocab: list.vocab, seed: `pool:${device}:${screen.key}:${v}`, solidBar: v === 0 }),
        });
      }
    }
  }
  SCALE_NAME_HEADS.forEach((head, i) => {
    jobs.push({ key: poolLogoKey(head), svg: () => logoSvg(head, makeTheme((i * 137.508) % 360, false), i) });
  });
  return jobs;
}

const ITEM_COLUMNS = [
  [item.id, 'int4'],
  [item.isSite, 'bool'],
  [item.name, 'text'],
  [item.logo, 'text'],
  [item.briefing, 'text'],
  [item.site, 'text'],
  [item.rating, 'float8'],
  [item.publishedAt, 'timestamptz'],
  [item.hotScore, 'float8'],
  [item.nameCn, 'text'],
  [item.briefingCn, 'text'],
  [item.nameTw, 'text'],
  [item.briefingTw, 'text'],
] as const;
const ITEM_CATEGORY_COLUMNS = [
  [itemCategory.itemId, 'int4'],
  [itemCategory.categoryId, 'int4'],
] as const;
const PREVIEW_COLUMNS = [
  [preview.id, 'int4'],
  [preview.itemId, 'int4'],
  [preview.path, 'text'],
  [preview.width, 'int4'],
  [preview.height, 'int4'],
  [preview.categoryId, 'int4'],
  [preview.sort, 'int4'],
  // Given, so the position trigger finds nothing to renumber (sort is 1..n in each item).
  [preview.position, 'int4'],
  [preview.colors, 'text[]'],
  [preview.phash, 'int8'],
  // The luminance of the screen's background (its first colour), as migration 0019 estimates it.
  [preview.luminance, 'float8'],
  [preview.ocrText, 'text'],
  // Given (ascending), so the element triggers of preview_element find nothing to write (migration 0014).
  [preview.elementIds, 'int4[]'],
] as const;
const PREVIEW_ELEMENT_COLUMNS = [
  [previewElement.previewId, 'int4'],
  [previewElement.categoryId, 'int4'],
] as const;
const ACTIVITY_COLUMNS = [
  [itemActivity.itemId, 'int4'],
  [itemActivity.day, 'date'],
  [itemActivity.views, 'int4'],
  [itemActivity.collects, 'int4'],
] as const;

const SCALE_SUFFIX = ['', '', '', ' Pro', ' Go', ' Studio', ' Lite', ' Plus'];
const SCALE_BRIEF_OPENINGS = ['A simple', 'A calm', 'A fast', 'A friendly', 'The everyday', 'A thoughtful'];
const SCALE_BRIEF_AUDIENCES = ['busy people', 'small teams', 'families', 'students', 'creators', 'travellers'];

/**
 * Add `n` generated items (apps and sites about 2:1) for benchmarks, with `shotsPerItem` screenshots
 * each pointing at a small shared pool of images, categories, activity and a hot score computed
 * from it. Rows go in multi-row INSERTs of up to 1000 (one array parameter per column), one
 * transaction per batch of items (about 15,000 screenshots).
 */
export async function seedScale(deps: SeedDeps, n: number, options: ScaleOptions = {}): Promise<ScaleSummary> {
  const started = performance.now();
  const { db, media, log } = deps;
  const q: Queryable = db;
  const shots = options.shotsPerItem ?? 15;
  if (!Number.isInteger(shots) || shots < 1 || shots > MAX_SCREENS_PER_ITEM) throw new RangeError(`shotsPerItem must be 1..${MAX_SCREENS_PER_ITEM}, got ${shots}`);
  const days = options.activityDays ?? 14;
  // About 15,000 screenshots per transaction whatever the screens per item: 1000 items of 15, 75 of 200.
  const batchSize = options.batchSize ?? Math.max(1, Math.min(BATCH, Math.floor((BATCH * 15) / shots)));
  const baseDate = options.baseDate ?? DEMO_BASE_DATE;

  await q.transaction((tx) => insertReferenceData(tx));
  const elementIds = await elementIdsByKey(q);
  const images = await renderImages(media, poolJobs(), options.concurrency ?? defaultConcurrency());
  // Items are numbered after those already present, so a second run adds different ones.
  const offset = (await q.select({ n: count() }).from(item))[0]?.n ?? 0;
  log.info(`scale seed: adding ${n} items after ${offset}; image pool ${images.rendered} rendered, ${images.reused} reused`);

  let previews = 0;
  let activityRows = 0;
  let lastReport = performance.now();
  for (let done = 0; done < n; done += batchSize) {
    const size = Math.min(batchSize, n - done);
    const planned = Array.from({ length: size }, (_, i) => planScaleItem(offset + done + i, shots, days, baseDate));
    await q.transaction(async (tx) => {
      const ids = await reserveIds(tx, 'item', size);
      const itemRows = planned.map((p, i) => {
        const r = p.row;
        const zh = chineseColumns(p.chinese);
        return [ids[i], r.isSite, r.name, r.logo, r.briefing, r.site, r.rating, r.publishedAt, r.hotScore, zh.nameCn, zh.briefingCn, zh.nameTw, zh.briefingTw] as const;
      });
      const categoryRows = planned.flatMap((p, i) => p.categoryIds.map((categoryId) => [ids[i], categoryId] as const));
      const screens = planned.flatMap((p, i) => p.previews.map((s) => ({ itemId: ids[i], ...s })));
      const previewIds = await reserveIds(tx, 'preview', screens.length);
      const elementsOf = (s: (typeof screens)[number]) => s.traits.elements.map((key) => elementIds.get(key) as number).sort((a, b) => a - b);
      const previewRows = screens.map(
        (s, k) =>
          [previewIds[k], s.itemId, s.path, s.width, s.height, s.categoryId, s.sort, s.sort - 1, s.traits.colors, s.traits.phash.toString(), colorLuminance(s.traits.colors[0]), s.traits.ocrText, elementsOf(s)] as const,
      );
      const elementRows = screens.flatMap((s, k) => s.traits.elements.map((key) => [previewIds[k], elementIds.get(key) as number] as const));
      const dayRows = planned.flatMap((p, i) => p.activity.map((a) => [ids[i], a.day, a.views, a.collects] as const));
      await insertInBatches(itemRows, (rows) => bulkInsert(tx, item, ITEM_COLUMNS, rows));
      await insertInBatches(categoryRows, (rows) => bulkInsert(tx, itemCategory, ITEM_CATEGORY_COLUMNS, rows));
      await insertInBatches(previewRows, (rows) => bulkInsert(tx, preview, PREVIEW_COLUMNS, rows));
      await insertInBatches(elementRows, (rows) => bulkInsert(tx, previewElement, PREVIEW_ELEMENT_COLUMNS, rows), BATCH * 3);
      await insertInBatches(dayRows, (rows) => bulkInsert(tx, itemActivity, ACTIVITY_COLUMNS, rows));
      previews += previewRows.length;
      activityRows += dayRows.length;
    });
    if (performance.now() - lastReport > 5000 || done + size >= n) {
      lastReport = performance.now();
      const elapsed = (performance.now() - started) / 1000;
      log.info(`scale seed: ${done + size}/${n} items, ${previews} screenshots, ${Math.round((done + size) / elapsed)} items/s`);
    }
  }
  await refreshPlannerStatistics(q);
  const summary = { items: n, previews, activityRows, seconds: seconds(started) };
  const rows = n + previews + activityRows;
  log.info(
    `scale seed done: ${n} items, ${previews} screenshots, ${activityRows} activity rows in ${summary.seconds} s ` +
      `(${Math.round(n / Math.max(summary.seconds, 0.001))} items/s, ${Math.round(rows / Math.max(summary.seconds, 0.001))} rows/s)`,
  );
  return summary;
}

/**
 * Chinese texts for two benchmark items in three, like 琥珀记账 / 「一款为学生打造的财务应用。」, from
 * a stream of their own so the rest of the item stays as it was.
 */
function scaleChinese(index: number, head: string, category: ListCategoryKey, isSite: boolean): ChineseTexts | null {
  const rng = createRng(`scale-zh:${index}`);
  if (!rng.chance(2 / 3)) return null;
  const [headCn, headTw] = SCALE_HEADS_ZH[SCALE_NAME_HEADS.indexOf(head as (typeof SCALE_NAME_HEADS)[number])];
  const [nounCn, nounTw] = rng.pick(SCALE_NOUNS_ZH[category]);
  const [forCn, forTw] = rng.pick(SCALE_AUDIENCES_ZH);
  const names = listCategory(category);
  return {
    cn: [`${headCn}${nounCn}`, `一款为${forCn}打造的${names.nameCn}${isSite ? '网站' : '应用'}。`],
    tw: [`${headTw}${nounTw}`, `一款為${forTw}打造的${names.nameTw}${isSite ? '網站' : ' App'}。`],
  };
}

function planScaleItem(index: number, shots: number, days: number, baseDate: Date) {
  const rng = createRng(`scale:${index}`);
  const isSite = index % 3 === 2;
  const device = deviceOf(isSite);
  const head = rng.pick(SCALE_NAME_HEADS);
  const name = `${head}${rng.pick(SCALE_NAME_TAILS)}${rng.pick(SCALE_SUFFIX)}`;
  const main = rng.pick(LIST_CATEGORIES);
  const publishedAgeDays = rng.float(0.3, 730);
  const activity = activitySeries(rng, pickProfile(rng, publishedAgeDays), publishedAgeDays, days);
  const size = SCREEN_SIZE[device];
  const chinese = scaleChinese(index, head, main.key, isSite);
  // A stream of its own: the screens' traits leave the items' other draws as they were.
  const traitsRng = createRng(`scale-traits:${index}`);
  return {
    row: {
      isSite,
      name,
      logo: poolLogoKey(head),
      briefing: `${rng.pick(SCALE_BRIEF_OPENINGS)} ${main.nameEn.toLowerCase()} ${isSite ? 'website' : 'app'} for ${rng.pick(SCALE_BRIEF_AUDIENCES)}.`,
      site: `https://${slug(name)}-${index}.example`,
      rating: pickRating(rng),
      publishedAt: new Date(Math.floor((baseDate.getTime() - publishedAgeDays * 86_400_000) / 60_000) * 60_000),
      hotScore: hotScore(activity, baseDate),
    },
    chinese,
    categoryIds: pickCategories(rng, main),
    previews: pickScreens(rng, shots, isSite).map((screen, n) => {
      const variant = rng.int(0, POOL_VARIANTS - 1);
      return {
        path: poolShotKey(device, screen, variant),
        width: size.width,
        height: size.height,
        categoryId: screenCategory(screen).id,
        sort: n + 1,
        traits: screenTraits(traitsRng, screen, variant, main, chinese !== null),
      };
    }),
    activity: activity.map((d) => ({ day: activityDay(baseDate, d.ageDays), views: d.views, collects: d.collects })),
  };
}


// ------------------------------------------------------------------ demo through the importer

/**
 * The insight articles of the demo with their covers, when there are none yet (the import path of
 * the demo, demo/import-demo.ts; the direct seed writes them with its items). True when it wrote them.
 */
export async function seedDemoArticles(deps: SeedDeps, concurrency = defaultConcurrency()): Promise<boolean> {
  const q: Queryable = deps.db;
  if ((await q.select({ n: count() }).from(article))[0]?.n !== 0) return false;
  const planned = planDemoItems();
  const ids = await reserveIds(q, 'article', DEMO_ARTICLES.length);
  await renderImages(
    deps.media,
    DEMO_ARTICLES.map((a, i) => ({
      key: `articles/${ids[i]}.webp`,
      svg: () =>
        coverSvg({
          title: a.text.enUS.title,
          label: 'Insights',
          theme: makeTheme(a.cover.hue, a.cover.dark),
          appName: planned[i * 7].name,
          vocab: planned[i * 7].vocab,
          screens: a.cover.screens,
          seed: `cover:${i}`,
        }),
    })),
    concurrency,
  );
  await q.transaction(async (tx) => {
    await tx.insert(article).values(
      DEMO_ARTICLES.map((a, i) => ({ id: ids[i], preview: `articles/${ids[i]}.webp`, publishedAt: new Date(a.publishedAt), updatedAt: new Date(a.updatedAt) })),
    );
    await tx.insert(articleTranslation).values(
      DEMO_ARTICLES.flatMap((a, i) =>
        LOCALES.map((locale) => ({ articleId: ids[i], locale, title: a.text[locale].title, content: sanitizeArticleHtml(a.text[locale].content) })),
      ),
    );
  });
  return true;
}

/** 60 days of activity and the hot score of demo items already in the catalogue (imported), by item id. */
export async function seedDemoActivity(db: Queryable, idsByName: ReadonlyMap<string, number>, baseDate: Date = DEMO_BASE_DATE): Promise<number> {
  const planned = planDemoItems(baseDate).filter((p) => idsByName.has(p.name));
  const rows = planned.flatMap((p) =>
    p.activity.map((d) => ({ itemId: idsByName.get(p.name) as number, day: activityDay(baseDate, d.ageDays), views: d.views, collects: d.collects })),
  );
  await db.transaction(async (tx) => {
    await insertInBatches(rows, (batch) => tx.insert(itemActivity).values(batch).onConflictDoNothing());
    await refreshHotScores(tx, [...idsByName.values()]);
  });
  return rows.length;
}
