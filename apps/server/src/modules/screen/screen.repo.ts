import { itemOfRowColumns, type ItemOfRow } from '../../db/item-of-row';
import { SCREEN_DARK_BELOW, type ScreenTheme } from '@shotlib/contract';
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { item, itemCategory, preview, previewSearchGrams } from '../../db/schema';
import { intArray, textArray } from '../../db/sql-arrays';

/**
 * The Screens view's reads (issue 14, docs/decisions/047-screen-discovery.md): screens of published
 * items across the library, filtered, searched and ranked, and the screens like one screen.
 */

/** A screen as a card shows it, with the item it belongs to. */
export type ScreenCardRow = {
  id: number;
  path: string;
  width: number;
  height: number;
  categoryId: number | null;
  colors: string[];
  luminance: number | null;
  elements: number[];
} & ItemOfRow;

const cardColumns = {
  id: preview.id,
  path: preview.path,
  width: preview.width,
  height: preview.height,
  categoryId: preview.categoryId,
  colors: preview.colors,
  luminance: preview.luminance,
  elements: preview.elementIds,
  ...itemOfRowColumns,
};

/**
 * What a search term names: the categories (screen types, UI elements, app categories) whose name
 * contains it, and the OCR text pattern (`like`, escaped, lower-cased and folded to Simplified as
 * `search_text` is) with the CJK grams the text must hold (search-term.ts).
 */
export type ScreenSearch = { types: number[]; elements: number[]; groups: number[]; like: string; grams: string[] };

export type ScreenFilter = {
  /** Screens of items of this list segment (catalog ITEM_SEGMENT); all when undefined. */
  segment?: number | undefined;
  /** Any of these screen types; empty = all. */
  types: readonly number[];
  /** Every one of these UI elements; empty = all. */
  elements: readonly number[];
  /** Screens of items in any of these app categories; empty = all. */
  groups: readonly number[];
  /** A COLOR_SWATCHES key the screen's colours fall in. */
  swatch?: string | undefined;
  /** Light or dark screens: mean luminance at or above, or below, SCREEN_DARK_BELOW (null: neither). */
  theme?: ScreenTheme | undefined;
  search?: ScreenSearch | undefined;
  /** Only the first screens of each item (position below this: a regular caller's); undefined = all. */
  openable?: number | undefined;
};

export type ScreenQuery = ScreenFilter & { hot: boolean; limit: number; offset: number };

const idList = (ids: readonly number[]): SQL => sql.join(
  ids.map((id) => sql`${id}`),
  sql`, `,
);

/** Screens of items in any of these app categories (a few thousand items at most: one hashed set). */
const inGroups = (groups: readonly number[]): SQL =>
  sql`${preview.itemId} in (select ic.item_id from ${itemCategory} ic where ic.category_id in (${idList(groups)}))`;

/**
 * The screens a search matches: by screen type, by UI element, by app category, or by their OCR
 * text (trigram index; the CJK gram index for Chinese terms). Each test is on the screen's own row
 * (its type, its element ids, its item, its text), so the planner can walk the News or Hot order and
 * stop at the page, or combine the indexes of a rare term (decision 047; element_ids: migration 0014).
 */
function searchCondition(search: ScreenSearch): SQL {
  const grams = search.grams.length > 0 ? sql` and ${previewSearchGrams} @> ${textArray(search.grams)}` : sql``;
  return or(
    search.types.length > 0 ? inArray(preview.categoryId, search.types) : undefined,
    search.elements.length > 0 ? sql`${preview.elementIds} && ${intArray(search.elements)}` : undefined,
    search.groups.length > 0 ? inGroups(search.groups) : undefined,
    sql`(${preview.searchText} like ${search.like}${grams})`,
  )!;
}

function conditions(filter: ScreenFilter): SQL {
  return and(
    // A published item's screens only (decision 037).
    isNull(item.unpublishedAt),
    filter.segment !== undefined ? eq(item.segment, filter.segment) : undefined,
    filter.openable !== undefined ? lt(preview.position, filter.openable) : undefined,
    filter.types.length > 0 ? inArray(preview.categoryId, [...filter.types]) : undefined,
    filter.elements.length > 0 ? sql`${preview.elementIds} @> ${intArray(filter.elements)}` : undefined,
    filter.groups.length > 0 ? inGroups(filter.groups) : undefined,
    filter.swatch !== undefined ? sql`${preview.swatches} @> ${textArray([filter.swatch])}` : undefined,
    filter.theme === 'dark' ? lt(preview.luminance, SCREEN_DARK_BELOW) : filter.theme === 'light' ? gte(preview.luminance, SCREEN_DARK_BELOW) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
  )!;
}

/**
 * One page of screens in a total order: News (the screen's created_at, then id, newest first; the
 * index preview_news_idx) or Hot (its item's hot score, then the item, then the screen's position
 * in it: the items walked in item_hot_all_idx or item_hot_idx order, each one's screens from
 * preview_item_position_idx). NULLS LAST as the indexes are built, so the planner can walk them.
 * The page's ids first, then their cards: the rows an offset skips are never made into cards.
 */
export async function listScreens(db: Db, query: ScreenQuery): Promise<ScreenCardRow[]> {
  const order = query.hot
    ? [sql`${item.hotScore} desc nulls last`, sql`${item.id} desc nulls last`, asc(preview.position), asc(preview.id)]
    : [sql`${preview.createdAt} desc nulls last`, sql`${preview.id} desc nulls last`];
  const page = await db
    .select({ id: preview.id })
    .from(preview)
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(conditions(query))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  return cardsOf(db, page.map((row) => row.id));
}

/** The cards of these screens, in this order. */
async function cardsOf(db: Db, ids: readonly number[]): Promise<ScreenCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(cardColumns).from(preview).innerJoin(item, eq(item.id, preview.itemId)).where(inArray(preview.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many screens match a filter; with `cap`, at most that many (the scan stops there). */
export async function countScreens(db: Db, filter: ScreenFilter, cap?: number): Promise<number> {
  const matching = db.select({ id: preview.id }).from(preview).innerJoin(item, eq(item.id, preview.itemId)).where(conditions(filter));
  const rows = await db.select({ total: count() }).from((cap === undefined ? matching : matching.limit(cap)).as('matching'));
  return rows[0]?.total ?? 0;
}

/** A screen of a published item, as similar screens compare it; null when there is none. */
export type ScreenTraits = {
  id: number;
  position: number;
  categoryId: number | null;
  isSite: boolean;
  elements: number[];
  swatches: string[];
  /** The perceptual hash as a decimal string (a bigint). */
  phash: string | null;
};

export async function findScreenTraits(db: Db, id: number): Promise<ScreenTraits | null> {
  const rows = await db
    .select({
      id: preview.id,
      position: preview.position,
      categoryId: preview.categoryId,
      isSite: item.isSite,
      elements: preview.elementIds,
      swatches: preview.swatches,
      phash: sql<string | null>`${preview.phash}::text`,
    })
    .from(preview)
    .innerJoin(item, eq(item.id, preview.itemId))
    .where(and(eq(preview.id, id), isNull(item.unpublishedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The screens most like `of`: on the same kind of device (an app's or a site's), of the same type
 * first, then with the most UI elements in common, the most swatches in common, the nearest
 * perceptual hash (Hamming distance: bits that differ; unknown hashes last), then the newest.
 * Without the screen itself, and only screens at a position below `openable` when given. The
 * same-type screens are read first (from preview_cat_idx): they fill the reply unless the type is
 * rare, and only then are the other screens ranked.
 */
export async function similarScreens(db: Db, of: ScreenTraits, limit: number, openable: number | undefined): Promise<ScreenCardRow[]> {
  // Each ordering term only when the screen has something to compare (a constant would be read as
  // a column position in ORDER BY).
  const order: SQL[] = [];
  if (of.elements.length > 0) {
    order.push(sql`cardinality(array(select unnest(${preview.elementIds}) intersect select unnest(${intArray(of.elements)}))) desc`);
  }
  if (of.swatches.length > 0) {
    order.push(sql`cardinality(array(select unnest(${preview.swatches}) intersect select unnest(${textArray(of.swatches)}))) desc`);
  }
  if (of.phash !== null) order.push(sql`bit_count((${preview.phash} # ${of.phash}::bigint)::bit(64)) asc nulls last`);
  order.push(sql`${preview.id} desc`);
  const page = async (sameType: boolean, size: number) => {
    const rows = await db
      .select({ id: preview.id })
      .from(preview)
      .innerJoin(item, eq(item.id, preview.itemId))
      .where(
        and(
          isNull(item.unpublishedAt),
          eq(item.isSite, of.isSite),
          ne(preview.id, of.id),
          openable !== undefined ? lt(preview.position, openable) : undefined,
          of.categoryId === null
            ? undefined
            : sameType
              ? eq(preview.categoryId, of.categoryId)
              : sql`${preview.categoryId} is distinct from ${of.categoryId}`,
        ),
      )
      .orderBy(...order)
      .limit(size);
    return rows.map((row) => row.id);
  };
  const same = of.categoryId === null ? [] : await page(true, limit);
  return cardsOf(db, same.length === limit ? same : [...same, ...(await page(false, limit - same.length))]);
}
