import { RANK, type Rank } from '@shotlib/contract';
import { and, asc, count, eq, exists, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type * as schema from '../../db/schema';
import { category, flow, flowStep, item, itemActivity, itemCategory, itemSearchGrams, preview } from '../../db/schema';
import { textArray } from '../../db/sql-arrays';
import { addScoresSql, hotScoreGainSql, hotScoreSql } from './hot-score';
import { escapeLike, termGrams } from './search-term';

/** The database or a transaction of either driver. */
type Handle = PgDatabase<PgQueryResultHKT, typeof schema>;

export type ItemRow = {
  id: number;
  isSite: boolean;
  business: boolean;
  name: string;
  logo: string;
  briefing: string;
  site: string;
  rating: number;
  publishedAt: Date;
  nameCn: string | null;
  nameTw: string | null;
  briefingCn: string | null;
  briefingTw: string | null;
};

export type PreviewRow = {
  id: number;
  itemId: number;
  path: string;
  width: number;
  height: number;
  categoryId: number | null;
};

export type CategoryRow = typeof category.$inferSelect;

/** An item with its category ids, its first previews and its flow count, read in the same query. */
export type ItemWithDetailsRow = ItemRow & { groups: number[]; previews: PreviewRow[]; flows: number };

/**
 * The list an item belongs to (the generated column `item.segment`, migration 0011): apps, websites
 * or business (B-end) software of either platform. Every list filters on it, and the News and Hot
 * indexes lead with it (decision 045).
 */
export const ITEM_SEGMENT = { app: 0, site: 1, business: 2 } as const;
export type ItemSegment = (typeof ITEM_SEGMENT)[keyof typeof ITEM_SEGMENT];

/** The segment of a list query: business software whatever the platform, else apps or websites. */
export const segmentOf = (list: { business: boolean; isSite: boolean }): ItemSegment =>
  list.business ? ITEM_SEGMENT.business : list.isSite ? ITEM_SEGMENT.site : ITEM_SEGMENT.app;

/** The category ids of the item of the row, ascending, as a correlated subquery (a json array). */
export const itemCategoryIds = sql<number[]>`coalesce((select json_agg(ic.category_id order by ic.category_id) from ${itemCategory} ic where ic.item_id = ${item}.id), '[]'::json)`;

/**
 * How many flows the item of the row has that a reader can play (at least one step: a flow without
 * steps is listed nowhere), as a correlated subquery.
 */
const itemFlowCount = sql<number>`(select count(*) from ${flow} f where f.item_id = ${item}.id and exists (select 1 from ${flowStep} fs where fs.flow_id = f.id))`.mapWith(Number);

/**
 * The category ids (ascending), the first `previews` screens (by sort, then id) and the flow count
 * of the item of the row, as correlated subqueries: a page of items and all it shows is one query.
 */
function detailColumns(previews: number) {
  return {
    groups: itemCategoryIds,
    flows: itemFlowCount,
    previews: sql<PreviewRow[]>`coalesce((
      select json_agg(json_build_object('id', p.id, 'itemId', p.item_id, 'path', p.path, 'width', p.width, 'height', p.height, 'categoryId', p.category_id) order by p.sort, p.id)
      from (select pv.id, pv.item_id, pv.path, pv.width, pv.height, pv.category_id, pv.sort from ${preview} pv where pv.item_id = ${item}.id order by pv.sort, pv.id limit ${previews}) p
    ), '[]'::json)`,
  };
}

const itemColumns = {
  id: item.id,
  isSite: item.isSite,
  business: item.business,
  name: item.name,
  logo: item.logo,
  briefing: item.briefing,
  site: item.site,
  rating: item.rating,
  publishedAt: item.publishedAt,
  nameCn: item.nameCn,
  nameTw: item.nameTw,
  briefingCn: item.briefingCn,
  briefingTw: item.briefingTw,
};

const previewColumns = {
  id: preview.id,
  itemId: preview.itemId,
  path: preview.path,
  width: preview.width,
  height: preview.height,
  categoryId: preview.categoryId,
};

export type ItemFilter = {
  /** The list: apps, websites or business software (ITEM_SEGMENT). */
  segment: ItemSegment;
  /**
   * A normalised search term (search-term.ts): a case-insensitive substring of a name or brief in
   * any language. Empty or undefined = no search.
   */
  term?: string | undefined;
  /**
   * With a term: the categories (list or business tree) whose names hold it (categoriesNamed). Their
   * items match as a brief does (after the name matches), so "Finance" or "理财" finds finance apps.
   */
  named?: readonly number[] | undefined;
  /** Items in any of these categories; empty = all. */
  groups: readonly number[];
  /**
   * With a term, only the items whose names match ('names') or only those matched by a brief
   * alone ('briefs'); both when undefined. A search page takes 'names' first (search-page order).
   */
  part?: 'names' | 'briefs' | undefined;
};

/** A page of items: `previews` is how many first screens each carries. */
export type ItemQuery = ItemFilter & { rank: Rank; limit: number; offset: number; previews: number };

/**
 * Items the public catalogue shows: not unpublished by an admin. Few items are, so the News and
 * Hot indexes still give the order (the condition filters their walk); decision 037.
 */
export const isPublished = (): SQL => isNull(item.unpublishedAt);

function itemConditions(db: Db, filter: ItemFilter): SQL | undefined {
  const conditions: SQL[] = [eq(item.segment, filter.segment), isPublished()];
  if (filter.term) {
    const pattern = sql`lower(${`%${escapeLike(filter.term)}%`})`;
    // One- and two-character Chinese terms yield no trigram: the CJK gram index narrows them.
    const grams = termGrams(filter.term);
    const gramsHeld = grams.length > 0 ? sql`${itemSearchGrams} @> ${textArray(grams)}` : undefined;
    // search_text / search_names are lower-cased and folded to Simplified (zh_fold, as the term is)
    // with one field per line; a normalised term holds no line break, so it cannot match across
    // fields. Their trigram indexes narrow 3+ characters.
    if (filter.part === 'names') conditions.push(and(sql`${item.searchNames} like ${pattern}`, gramsHeld)!);
    else {
      const text = and(sql`${item.searchText} like ${pattern}`, gramsHeld)!;
      const named = filter.named ?? [];
      conditions.push(named.length > 0 ? or(text, inCategories(db, named))! : text);
    }
    if (filter.part === 'briefs') conditions.push(sql`${item.searchNames} not like ${pattern}`);
  }
  if (filter.groups.length > 0) conditions.push(inCategories(db, filter.groups));
  return and(...conditions);
}

/** The item of the row is in any of these categories. */
function inCategories(db: Db, ids: readonly number[]): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(itemCategory)
      .where(and(eq(itemCategory.itemId, item.id), inArray(itemCategory.categoryId, [...ids]))),
  );
}

/** The category trees a search term is looked up in (category.kind). */
export type SearchTree = 'screen' | 'element' | 'list' | 'business';

/**
 * The categories (not the roots) of these trees whose English, Simplified or Traditional name
 * contains the term (`like`: escaped and lower-cased; folded to Simplified as normalizeTerm folds
 * it, so 理財 finds 理财 and the other way round). The trees are small: one scan.
 */
export async function categoriesNamed(db: Db, like: string, trees: readonly SearchTree[]): Promise<{ id: number; kind: SearchTree }[]> {
  const named = (column: AnyPgColumn) => sql`zh_fold(lower(${column})) like ${like}`;
  const rows = await db
    .select({ id: category.id, kind: category.kind })
    .from(category)
    .where(and(inArray(category.kind, [...trees]), ne(category.preId, 0), or(named(category.nameEn), named(category.nameCn), named(category.nameTw))));
  return rows as { id: number; kind: SearchTree }[];
}

function descNullsLast(column: AnyPgColumn | SQL): SQL {
  return sql`${column} desc nulls last`;
}

/**
 * How well a name matching the term matches: 0 a name (English, Simplified or Traditional) equals
 * it, 1 a name starts with it, 2 a name contains it. `search_names` holds the lower-cased names
 * one per line.
 */
function nameRank(term: string): SQL<number> {
  const t = sql`lower(${term})`;
  const lines = sql`(chr(10) || ${item.searchNames} || chr(10))`;
  return sql<number>`case
    when strpos(${lines}, chr(10) || ${t} || chr(10)) > 0 then 0
    when strpos(${lines}, chr(10) || ${t}) > 0 then 1
    else 2 end`;
}

/**
 * One page of items, in a total order (id breaks ties), so pages never overlap or skip: News
 * (published_at) or Hot (hot_score), newest or hottest first, then id; name matches
 * (part 'names') by nameRank first.
 */
export async function listItems(db: Db, query: ItemQuery): Promise<ItemWithDetailsRow[]> {
  return itemPageQuery(db, query);
}

/**
 * The query of listItems, not yet run (tests read its plan). Two steps: the page's ids in their
 * order (walking the News or Hot index past the offset on bare columns), then what the page shows
 * for those rows only. In one flat query PostgreSQL computes the select list (three correlated
 * subqueries) for every row it skips as well: page 150 of a tab ran them 1,208 times for 8 rows
 * (176 ms instead of 2 ms on PGlite).
 */
export function itemPageQuery(db: Db, query: ItemQuery) {
  const keys: Record<string, SQL | AnyPgColumn> = {};
  // NULLS LAST as the indexes (segment, key DESC NULLS LAST, id DESC NULLS LAST) are built: a
  // plain DESC means NULLS FIRST, which the planner cannot serve from them (it would sort every
  // app of the tab: 0.4 s instead of 0.5 ms at 100k items). Without a rank in front, a frequent
  // term is served by walking that index until the page is full.
  if (query.term && query.part === 'names') keys.nameRank = nameRank(query.term);
  keys.rankKey = query.rank === RANK.hot ? item.hotScore : item.publishedAt;
  const order = (columns: Record<string, SQL | AnyPgColumn>) =>
    Object.entries(columns).map(([name, column]) => (name === 'nameRank' ? sql`${column}` : descNullsLast(column)));
  const page = db
    .select({ id: item.id, ...(keys.nameRank ? { nameRank: sql<number>`${keys.nameRank}`.as('name_rank') } : {}), rankKey: sql`${keys.rankKey}`.as('rank_key') })
    .from(item)
    .where(itemConditions(db, query))
    .orderBy(...order({ ...keys, id: item.id }))
    .limit(query.limit)
    .offset(query.offset)
    .as('page');
  const pageKeys: Record<string, SQL | AnyPgColumn> = {
    ...(keys.nameRank ? { nameRank: sql`"page"."name_rank"` } : {}),
    rankKey: sql`"page"."rank_key"`,
    id: page.id,
  };
  return db
    .select({ ...itemColumns, ...detailColumns(query.previews) })
    .from(page)
    .innerJoin(item, eq(item.id, page.id))
    .orderBy(...order(pageKeys));
}

/** How many items match a filter. */
export async function countItems(db: Db, filter: ItemFilter): Promise<number> {
  const rows = await db.select({ total: count() }).from(item).where(itemConditions(db, filter));
  return rows[0]?.total ?? 0;
}

/** A published item, or null. */
export async function findItem(db: Db, id: number): Promise<ItemRow | null> {
  const rows = await db.select(itemColumns).from(item).where(and(eq(item.id, id), isPublished())).limit(1);
  return rows[0] ?? null;
}

/** One published item with its categories and first `previews` screens, in one query. */
export async function findItemWithDetails(db: Db, id: number, previews: number): Promise<ItemWithDetailsRow | null> {
  const rows = await db
    .select({ ...itemColumns, ...detailColumns(previews) })
    .from(item)
    .where(and(eq(item.id, id), isPublished()))
    .limit(1);
  return rows[0] ?? null;
}

export type PreviewQuery = { itemId: number; groups: readonly number[]; limit: number; offset: number };

/** One page of an item's previews (by sort, then id), optionally only some screen categories. */
export async function listPreviews(db: Db, query: PreviewQuery): Promise<{ rows: PreviewRow[]; total: number }> {
  const where = and(
    eq(preview.itemId, query.itemId),
    query.groups.length > 0 ? inArray(preview.categoryId, [...query.groups]) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select(previewColumns)
      .from(preview)
      .where(where)
      .orderBy(asc(preview.sort), asc(preview.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(preview).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(category).orderBy(asc(category.sort), asc(category.id));
}

/**
 * The banner figures: published apps, websites and business products (each in one list only), the
 * flows a reader can play (of published items, with a step) and the screenshots of published items.
 */
export async function catalogCounts(db: Db): Promise<{ apps: number; sites: number; business: number; flows: number; screenshots: number }> {
  const bySegment = (segment: ItemSegment) => sql<number>`count(*) filter (where ${item.segment} = ${segment})`.mapWith(Number);
  const [items, flows, previews] = await Promise.all([
    db
      .select({ apps: bySegment(ITEM_SEGMENT.app), sites: bySegment(ITEM_SEGMENT.site), business: bySegment(ITEM_SEGMENT.business) })
      .from(item)
      .where(isPublished()),
    db
      .select({ flows: count() })
      .from(flow)
      .innerJoin(item, eq(item.id, flow.itemId))
      .where(and(isPublished(), sql`exists (select 1 from ${flowStep} fs where fs.flow_id = ${flow.id})`)),
    // The screenshots of published items: an anti-join against the (few) unpublished ones.
    db
      .select({ screenshots: count() })
      .from(preview)
      .where(sql`not exists (select 1 from ${item} i where i.id = ${preview.itemId} and i.unpublished_at is not null)`),
  ]);
  return {
    apps: items[0]?.apps ?? 0,
    sites: items[0]?.sites ?? 0,
    business: items[0]?.business ?? 0,
    flows: flows[0]?.flows ?? 0,
    screenshots: previews[0]?.screenshots ?? 0,
  };
}

export type ActivityRow = { itemId: number; day: string; views: number; collects: number };

/**
 * Add views and collects to items' daily activity rows (one statement for many). Rows of items
 * that no longer exist are dropped.
 */
/**
 * Add views and collects to the items' day rows and move their Hot scores by exactly that much, in
 * one statement (rows of items that do not exist are dropped). Concurrent calls from several
 * processes add up: each update of an item row sees the score the previous one wrote.
 */
export async function addItemActivity(db: Handle, rows: readonly ActivityRow[]): Promise<void> {
  if (rows.length === 0) return;
  const ints = (values: number[]) => `{${values.join(',')}}`;
  await db.execute(sql`
    with v as (
      select v.item_id, v.day, v.views, v.collects
      from unnest(
        ${ints(rows.map((r) => r.itemId))}::int4[],
        ${`{${rows.map((r) => r.day).join(',')}}`}::date[],
        ${ints(rows.map((r) => r.views))}::int4[],
        ${ints(rows.map((r) => r.collects))}::int4[]
      ) as v(item_id, day, views, collects)
      where exists (select 1 from ${item} where ${item.id} = v.item_id)
    ),
    added as (
      insert into ${itemActivity} (item_id, day, views, collects)
      select item_id, day, views, collects from v
      on conflict (item_id, day) do update
        set views = ${itemActivity.views} + excluded.views, collects = ${itemActivity.collects} + excluded.collects
    ),
    gained as (${hotScoreGainSql(sql`v`)})
    update ${item} set hot_score = ${addScoresSql(sql`${item}.hot_score`, sql`gained.gain`)}
    from gained where ${item.id} = gained.item_id`);
}

/** Recompute `item.hot_score` from the activity history (of some items, or of all). */
export async function refreshHotScores(db: Handle, itemIds?: readonly number[]): Promise<void> {
  if (itemIds && itemIds.length === 0) return;
  const query = db.update(item).set({ hotScore: hotScoreSql(sql`${item}.id`) });
  await (itemIds ? query.where(inArray(item.id, [...itemIds])) : query);
}
