import {
  mayOpenScreen,
  openableScreens,
  SCREEN_COUNT_CAP,
  SCREEN_DARK_BELOW,
  PaywallMessage,
  RANK,
  ScreenListMessage,
  SIMILAR_SCREENS,
  type ScreenCard,
  type ScreenListQuerySchema,
  type ScreenTheme,
} from '@shotlib/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError, VipRequiredError } from '../../lib/errors';
import type { MediaSigner } from '../../lib/media-signature';
import type { ReplyCache } from '../../lib/reply-cache';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache';
import { applyPaywall, categoriesNamed, COUNT_CACHE_MS, escapeLike, normalizeTerm, segmentOfKind, termGrams, toPreview, versionedTotal, type SearchTree } from '../catalog/catalog.service';
import { toFlowItem } from '../flow/flow.service';
import * as repo from './screen.repo';

/**
 * The Screens view (issue 14, docs/decisions/047-screen-discovery.md): every screen of every
 * published app, site and business product, filtered, searched and ranked, and the screens like one
 * screen. Behind the paywall: a regular caller gets the first pages, drawn only from the screens
 * they may open in their app (position below openableScreens(false)), so no other screen is ever
 * listed or signed for them.
 */
export type ScreenDeps = { db: Db; signer: MediaSigner; catalogCache: ReplyCache };
/** The dependencies plus this process's cache of list totals (per catalogue version, as the catalogue's). */
export type ScreenContext = ScreenDeps & { totals: TtlCache<number> };
/** What the screen calls need to know about the caller. */
export type Caller = { vip: boolean };

type ScreenListQuery = z.output<typeof ScreenListQuerySchema>;
type List<T> = { arr: T[]; total: number };
type ScreenList = List<ScreenCard> & { totalAtLeast: boolean };

export function withScreenCaches(deps: ScreenDeps): ScreenContext {
  return { ...deps, totals: createTtlCache<number>({ ttlMs: COUNT_CACHE_MS, maxEntries: 2000 }) };
}

/** Light or dark by the screen's mean luminance (SCREEN_DARK_BELOW); null until processed. */
const themeOf = (luminance: number | null): ScreenTheme | null => (luminance === null ? null : luminance < SCREEN_DARK_BELOW ? 'dark' : 'light');

function toCard(row: repo.ScreenCardRow, signer: MediaSigner): ScreenCard {
  return {
    ...toPreview(row, signer),
    elements: row.elements,
    colors: row.colors,
    theme: themeOf(row.luminance),
    item: toFlowItem(row),
  };
}

/** The position bound of the screens a caller may open; undefined when they may open all. */
function openableBound(caller: Caller): number | undefined {
  const openable = openableScreens(caller.vip);
  return Number.isFinite(openable) ? openable : undefined;
}

/** Ascending and once each, so equal filters make equal cache keys. */
const idSet = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * What a search term matches: the screen types, UI elements and app categories (list and business
 * trees) with a name in any of the three languages containing it (so "登录" finds Login screens in
 * the English UI), and the OCR text holding it (Latin and CJK substrings, as the item search).
 */
async function searchOf(db: Db, term: string): Promise<repo.ScreenSearch> {
  const like = `%${escapeLike(term.toLowerCase())}%`;
  const named = await categoriesNamed(db, like, ['screen', 'element', 'list', 'business']);
  const of = (...kinds: SearchTree[]) => idSet(named.filter((c) => kinds.includes(c.kind)).map((c) => c.id));
  return { types: of('screen'), elements: of('element'), groups: of('list', 'business'), like, grams: termGrams(term) };
}

/**
 * `POST /screen`: one page of screens with the total matching, behind the paywall (regular callers:
 * the first LIMITS.regular.screenListMaxPage pages, only screens they may open; 1002 beyond).
 */
export async function listScreens(ctx: ScreenContext, caller: Caller, query: ScreenListQuery): Promise<ScreenList> {
  const { limit, offset } = applyPaywall(caller.vip, { kind: 'screenList', page: query.page, pageSize: query.pageSize });
  const term = normalizeTerm(query.q);
  const filter: repo.ScreenFilter = {
    segment: query.kind === undefined ? undefined : segmentOfKind(query.kind),
    types: idSet(query.type),
    elements: idSet(query.element),
    groups: idSet(query.group),
    swatch: query.color,
    theme: query.theme,
    search: term ? await searchOf(ctx.db, term) : undefined,
    openable: openableBound(caller),
  };
  // A filtered or searched list counts one past the cap at most: enough to say "1,000+".
  const narrowed = filter.segment !== undefined || filter.types.length + filter.elements.length + filter.groups.length > 0 || filter.swatch !== undefined || filter.theme !== undefined || filter.search !== undefined;
  const cap = narrowed ? SCREEN_COUNT_CAP + 1 : undefined;
  const [rows, counted] = await Promise.all([
    repo.listScreens(ctx.db, { ...filter, hot: query.rank === RANK.hot, limit, offset }),
    versionedTotal(ctx, filter, () => repo.countScreens(ctx.db, filter, cap)),
  ]);
  const totalAtLeast = cap !== undefined && counted >= cap;
  return { arr: rows.map((row) => toCard(row, ctx.signer)), total: totalAtLeast ? SCREEN_COUNT_CAP : counted, totalAtLeast };
}

/** Whether the list reply moves with activity (Hot), not only with writes. */
export const isVolatileList = (query: ScreenListQuery): boolean => query.rank === RANK.hot;

/**
 * `GET /screen/{id}/similar`: up to SIMILAR_SCREENS screens like it, drawn from the screens the
 * caller may open (repo.similarScreens says how they are ranked). 404 for a screen that is not
 * listed (missing, or of an unpublished item); 1002 when the caller may not open the screen itself.
 */
export async function similarScreens(deps: Pick<ScreenDeps, 'db' | 'signer'>, caller: Caller, id: number): Promise<List<ScreenCard>> {
  const screen = await repo.findScreenTraits(deps.db, id);
  if (!screen) throw new NotFoundError(ScreenListMessage.screenMissing);
  if (!mayOpenScreen(caller.vip, screen.position)) throw new VipRequiredError(PaywallMessage.screens);
  const rows = await repo.similarScreens(deps.db, screen, SIMILAR_SCREENS, openableBound(caller));
  return { arr: rows.map((row) => toCard(row, deps.signer)), total: rows.length };
}
