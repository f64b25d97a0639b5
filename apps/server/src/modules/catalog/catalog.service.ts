import {
  openableScreens,
  type ItemKind,
  type CatalogStats,
  type Category,
  type Item,
  type ItemListQuerySchema,
  type Preview,
  type PreviewListQuerySchema,
} from '@shotlib/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Background } from '../../lib/background';
import { NotFoundError } from '../../lib/errors';
import type { MediaSigner } from '../../lib/media-signature';
import type { ReplyCache } from '../../lib/reply-cache';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache';
import type { ActivityRecorder } from './activity-recorder';
import * as repo from './catalog.repo';
import { applyPaywall } from './paywall';
import { escapeLike, normalizeTerm } from './search-term';

/** The search term's rules and the paywall, shared with the Screens view (modules/screen). */
export { escapeLike, normalizeTerm, termGrams } from './search-term';
export { applyPaywall } from './paywall';

/** How many previews an item carries in lists and on its detail reply. */
export const ITEM_PREVIEW_COUNT = 6;
/**
 * How long a list total is kept within one catalogue version. A total depends on content only, and
 * every content write starts a new version, so this bounds memory, not staleness (see versionedTotal).
 */
export const COUNT_CACHE_MS = 10 * 60_000;
/** How long the banner figures are kept within one catalogue version. */
export const STATS_CACHE_MS = 10_000;

/**
 * `signer` signs the screenshot paths of replies (only screens the caller may open are listed);
 * `catalogCache` holds serialized replies per catalogue version (every catalogue write moves it on).
 */
export type CatalogDeps = { db: Db; background: Background; activity: ActivityRecorder; signer: MediaSigner; catalogCache: ReplyCache };
/** The dependencies plus this process's caches of counts (see withCatalogCaches). */
export type CatalogContext = CatalogDeps & { totals: TtlCache<number>; stats: TtlCache<CatalogStats> };
/** What the catalogue needs to know about the caller. */
export type Caller = { vip: boolean };

type ItemListQuery = z.output<typeof ItemListQuerySchema>;
type PreviewListQuery = z.output<typeof PreviewListQuerySchema>;
type List<T> = { arr: T[]; total: number };

/**
 * Counting every match is the costly half of a list call on a large catalogue (the page itself
 * comes from an index); infinite scroll asks the same count for every page. Totals are therefore
 * kept per process under the catalogue version (versionedTotal).
 */
export function withCatalogCaches(deps: CatalogDeps): CatalogContext {
  return {
    ...deps,
    totals: createTtlCache<number>({ ttlMs: COUNT_CACHE_MS, maxEntries: 2000 }),
    stats: createTtlCache<CatalogStats>({ ttlMs: STATS_CACHE_MS, maxEntries: 1 }),
  };
}

/**
 * A screen as replies carry it, its path signed (only screens the caller may open are ever passed
 * here). The flow module shows its steps' screens with it too.
 */
export function toPreview(row: Omit<repo.PreviewRow, 'itemId'>, signer: MediaSigner): Preview {
  return { id: row.id, path: signer.sign(row.path), width: row.width, height: row.height, group: row.categoryId };
}

function toItem(row: repo.ItemWithDetailsRow, signer: MediaSigner): Item {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    briefing: row.briefing,
    site: row.site,
    rating: row.rating,
    platform: row.isSite,
    business: row.business,
    group: row.groups,
    preview: row.previews.map((preview) => toPreview(preview, signer)),
    flows: row.flows,
    publishedAt: row.publishedAt.toISOString(),
    ...(row.nameCn ? { nameCn: row.nameCn } : {}),
    ...(row.nameTw ? { nameTw: row.nameTw } : {}),
    ...(row.briefingCn ? { briefingCn: row.briefingCn } : {}),
    ...(row.briefingTw ? { briefingTw: row.briefingTw } : {}),
  };
}

/**
 * How many first screens an item carries in lists and on its detail reply: ITEM_PREVIEW_COUNT,
 * within every caller's free screens (openableScreens).
 */
const ITEM_PREVIEWS = Math.min(ITEM_PREVIEW_COUNT, openableScreens(false));

/**
 * The apps, websites or business software list (`business` wins over `platform`): search, category
 * filter, News or Hot order, paging (behind the paywall).
 */
export async function listItems(ctx: CatalogContext, caller: Caller, query: ItemListQuery): Promise<List<Item>> {
  const { limit, offset } = applyPaywall(caller.vip, { kind: 'list', page: query.page, pageSize: query.pageSize });
  const segment = repo.segmentOf({ business: query.business, isSite: query.platform });
  const term = normalizeTerm(query.name) || undefined;
  const filter: repo.ItemFilter = {
    segment,
    term,
    // The list's own tree: apps and websites are in the list tree, business software in its own.
    named: term ? await namedIn(ctx.db, term, segment === repo.ITEM_SEGMENT.business ? 'business' : 'list') : undefined,
    groups: [...new Set(query.group)].sort((a, b) => a - b),
  };
  const page = { rank: query.rank, limit, offset, previews: ITEM_PREVIEWS };
  const [rows, total] = await Promise.all([
    filter.term ? searchPage(ctx, filter, page) : repo.listItems(ctx.db, { ...filter, ...page }),
    countCached(ctx, filter),
  ]);
  return { arr: rows.map((row) => toItem(row, ctx.signer)), total };
}

export type { SearchTree } from './catalog.repo';

/**
 * The categories (not roots) of these trees whose English, Simplified or Traditional name contains
 * the normalised term (`like`: escaped and lower-cased): the item list and the Screens view find
 * items and screens by them (issue 14, issue 29).
 */
export function categoriesNamed(db: Db, like: string, trees: readonly repo.SearchTree[]): Promise<{ id: number; kind: repo.SearchTree }[]> {
  return repo.categoriesNamed(db, like, trees);
}

/** The ids, ascending, of the categories of one tree whose names hold the term. */
async function namedIn(db: Db, term: string, tree: repo.SearchTree): Promise<number[]> {
  const rows = await repo.categoriesNamed(db, `%${escapeLike(term.toLowerCase())}%`, [tree]);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * A list's total under the catalogue version: counted once per filter and version while the change
 * feed is live (every content write, heard from any process, starts a new version, so a kept total
 * is exact), and on every call while it is not (a write could go unheard). Shared by the catalogue,
 * flow and screen lists.
 */
export function versionedTotal(
  ctx: { totals: TtlCache<number>; catalogCache: Pick<ReplyCache, 'live' | 'version'> },
  filter: unknown,
  count: () => Promise<number>,
): Promise<number> {
  return ctx.catalogCache.live ? ctx.totals.get(JSON.stringify([ctx.catalogCache.version, filter]), count) : count();
}

function countCached(ctx: CatalogContext, filter: repo.ItemFilter): Promise<number> {
  return versionedTotal(ctx, filter, () => repo.countItems(ctx.db, filter));
}

/**
 * A page of search results in the search order: items whose names match (exact, then prefix, then
 * containing the term; each in the tab's order), then items matched by a brief alone, in the tab's
 * order. Read as two queries, so that the second, usually the big one, is served by walking the
 * News or Hot index until the page is full instead of ranking every match of a frequent term.
 */
async function searchPage(
  ctx: CatalogContext,
  filter: repo.ItemFilter,
  page: { rank: ItemListQuery['rank']; limit: number; offset: number; previews: number },
): Promise<repo.ItemWithDetailsRow[]> {
  const named = await repo.listItems(ctx.db, { ...filter, part: 'names', ...page });
  if (named.length === page.limit) return named;
  // Fewer than a page: the name matches end on this page (or before it, when there are none here).
  const namedTotal =
    named.length > 0 || page.offset === 0 ? page.offset + named.length : await countCached(ctx, { ...filter, part: 'names' });
  const briefs = await repo.listItems(ctx.db, {
    ...filter,
    part: 'briefs',
    rank: page.rank,
    previews: page.previews,
    limit: page.limit - named.length,
    offset: Math.max(0, page.offset - namedTotal),
  });
  return [...named, ...briefs];
}

/** One app, website or business product; counts the view for the Hot ranking without making the reply wait. */
export async function getItem(ctx: CatalogDeps, id: number): Promise<Item> {
  const row = await repo.findItemWithDetails(ctx.db, id, ITEM_PREVIEWS);
  if (!row) throw new NotFoundError('App or website not found.');
  ctx.activity.record(id, { views: 1 });
  return toItem(row, ctx.signer);
}

/** The screens of one app or site, behind the paywall. */
export async function listPreviews(deps: Pick<CatalogDeps, 'db' | 'signer'>, caller: Caller, query: PreviewListQuery): Promise<List<Preview>> {
  const { limit, offset } = applyPaywall(caller.vip, {
    kind: 'previews',
    page: query.page,
    pageSize: query.pageSize,
    groups: query.group,
  });
  const owner = await repo.findItem(deps.db, query.appSiteId);
  if (!owner) throw new NotFoundError('App or website not found.');
  const { rows, total } = await repo.listPreviews(deps.db, { itemId: query.appSiteId, groups: query.group, limit, offset });
  return { arr: rows.map((row) => toPreview(row, deps.signer)), total };
}

/** The list segment (the generated `item.segment`) of an item kind: the flow module filters by it. */
export const segmentOfKind = (kind: ItemKind): number => repo.segmentOf({ business: kind === 'b', isSite: kind === 'web' });

/** Category trees below `preId` (9: list categories, 11: screen categories), by sort then id. */
export async function categoryChildren(deps: Pick<CatalogDeps, 'db'>, preId: number): Promise<List<Category>> {
  const rows = await repo.allCategories(deps.db);
  const byParent = new Map<number, repo.CategoryRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.preId) ?? [];
    siblings.push(row);
    byParent.set(row.preId, siblings);
  }
  // Rows arrive sorted by (sort, id), so each sibling list is already in order.
  const build = (parent: number, depth: number): Category[] =>
    depth > 8
      ? [] // a guard against a cycle in hand-edited data
      : (byParent.get(parent) ?? []).map((row) => ({
          id: row.id,
          nameEn: row.nameEn,
          nameCn: row.nameCn,
          nameTw: row.nameTw,
          preId: row.preId,
          sort: row.sort,
          children: build(row.id, depth + 1),
        }));
  const arr = build(preId, 0);
  return { arr, total: arr.length };
}

/** Banner figures, counted from the catalogue (kept per catalogue version: counting 100k items and 1.5M screenshots is not free). */
export async function catalogStats(ctx: Pick<CatalogContext, 'db' | 'stats' | 'catalogCache'>): Promise<CatalogStats> {
  return ctx.stats.get(String(ctx.catalogCache.version), () => repo.catalogCounts(ctx.db));
}

/**
 * Count activity that makes an item popular (the Hot ranking): detail views here, collects from
 * the collect module (`recordItemActivity(deps, itemId, { collects: 1 })` when a screen is
 * collected; removals are not subtracted: popularity measures attention).
 */
export function recordItemActivity(deps: Pick<CatalogDeps, 'activity'>, itemId: number, activity: { views?: number; collects?: number }): void {
  deps.activity.record(itemId, activity);
}

/**
 * The admin console's item reads and writes (published or not), for the admin module; each takes
 * a handle so that it runs in the transaction that writes the audit row (decision 037).
 */
export * as itemAdmin from './catalog-admin';

/**
 * The admin console's category tree reads and writes, for the admin module; each takes a handle so
 * that it runs in the transaction that writes the audit row (decision 041).
 */
export * as categoryAdmin from './category-admin';
