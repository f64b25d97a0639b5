import { ITEM_KINDS, RANK, type ItemKind, type Rank } from '@shotlib/contract';
import { SEARCH_PARAM } from './routes';

/**
 * The list's state in its URL, so reload, back and shared links keep it:
 * `?rank=H` (Trending; Latest is the default and is left out), `?group=12,15` (categories),
 * `?q=` (the header's search, lib/search-store).
 */
export const RANK_PARAM = 'rank';
export const GROUP_PARAM = 'group';

export function parseRank(value: string | null): Rank {
  return value === RANK.hot ? RANK.hot : RANK.news;
}

/** Category ids from `?group=`: positive integers, each once, in the given order; anything else is ignored. */
export function parseGroups(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

type ListChange = { rank?: Rank; group?: readonly number[]; clearSearch?: boolean };

/** The query after a change of tab, categories or search; other parameters are kept. */
export function withListParams(current: URLSearchParams, { rank, group, clearSearch }: ListChange): URLSearchParams {
  const next = new URLSearchParams(current);
  if (rank !== undefined) {
    if (rank === RANK.news) next.delete(RANK_PARAM);
    else next.set(RANK_PARAM, rank);
  }
  if (group !== undefined) {
    if (group.length) next.set(GROUP_PARAM, group.join(','));
    else next.delete(GROUP_PARAM);
  }
  if (clearSearch) next.delete(SEARCH_PARAM);
  return next;
}

/**
 * `?type=27,28`: screen types, the detail page's screen-category filter (a shared link keeps it; the Screens view
 * names its screen-type filter the same way).
 */
export const TYPE_PARAM = 'type';

/** The query with the screen types `ids` (none: the parameter goes); other parameters are kept. */
export function withScreenTypes(current: URLSearchParams, ids: readonly number[]): URLSearchParams {
  const next = new URLSearchParams(current);
  if (ids.length) next.set(TYPE_PARAM, ids.join(','));
  else next.delete(TYPE_PARAM);
  return next;
}

/** `?kind=app|web|b` (the flows list's platform filter; all when absent or unknown). */
export const KIND_PARAM = 'kind';

export function parseKind(value: string | null): ItemKind | null {
  return ITEM_KINDS.find((kind) => kind === value) ?? null;
}
