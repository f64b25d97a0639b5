import { RANK, SCREEN_THEMES, SWATCH_KEYS, type ScreenTheme, type SwatchKey } from '@shotlib/contract';
import { GROUP_PARAM, KIND_PARAM, parseGroups, parseKind, parseRank, RANK_PARAM } from '../../lib/list-params';
import { SEARCH_PARAM } from '../../lib/routes';
import type { ScreenListParams } from '../../lib/screen-list';

/**
 * The Screens view's state in its URL, so a search is shareable (`/screens?q=登录&type=27&color=blue`):
 * `kind` (app | web | b), `type` (screen types), `element` (UI elements), `group` (app categories), `color` (a
 * swatch), `theme` (light | dark, decision 056), `rank=H` (Trending) and the header's `q`. Anything unknown is ignored.
 */
export const TYPE_PARAM = 'type';
export const ELEMENT_PARAM = 'element';
export const COLOR_PARAM = 'color';
export const THEME_PARAM = 'theme';

export type ScreenFilters = Omit<ScreenListParams, 'q' | 'nonce'>;

export function parseColor(value: string | null): SwatchKey | null {
  return SWATCH_KEYS.find((key) => key === value) ?? null;
}

export function parseTheme(value: string | null): ScreenTheme | null {
  return SCREEN_THEMES.find((key) => key === value) ?? null;
}

export function parseScreenFilters(search: URLSearchParams): ScreenFilters {
  return {
    kind: parseKind(search.get(KIND_PARAM)),
    type: parseGroups(search.get(TYPE_PARAM)),
    element: parseGroups(search.get(ELEMENT_PARAM)),
    group: parseGroups(search.get(GROUP_PARAM)),
    color: parseColor(search.get(COLOR_PARAM)),
    theme: parseTheme(search.get(THEME_PARAM)),
    rank: parseRank(search.get(RANK_PARAM)),
  };
}

/** The list's parameters from a URL's query (the search counter given). */
export function screenListParams(search: URLSearchParams, nonce: number): ScreenListParams {
  return { ...parseScreenFilters(search), q: (search.get(SEARCH_PARAM) ?? '').trim(), nonce };
}

const setIds = (params: URLSearchParams, name: string, ids: readonly number[]) => {
  if (ids.length) params.set(name, ids.join(','));
  else params.delete(name);
};

/**
 * The query after a change of filters; the others (and `q`) are kept. A change of platform into or out of B-end
 * drops the app categories: B-end has its own category tree (docs/decisions/047).
 */
export function withScreenFilters(current: URLSearchParams, change: Partial<ScreenFilters>): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.rank !== undefined) {
    if (change.rank === RANK.news) next.delete(RANK_PARAM);
    else next.set(RANK_PARAM, change.rank);
  }
  if (change.kind !== undefined) {
    const before = parseKind(current.get(KIND_PARAM));
    if (change.kind) next.set(KIND_PARAM, change.kind);
    else next.delete(KIND_PARAM);
    if ((before === 'b') !== (change.kind === 'b') && change.group === undefined) next.delete(GROUP_PARAM);
  }
  if (change.type !== undefined) setIds(next, TYPE_PARAM, change.type);
  if (change.element !== undefined) setIds(next, ELEMENT_PARAM, change.element);
  if (change.group !== undefined) setIds(next, GROUP_PARAM, change.group);
  if (change.color !== undefined) {
    if (change.color) next.set(COLOR_PARAM, change.color);
    else next.delete(COLOR_PARAM);
  }
  if (change.theme !== undefined) {
    if (change.theme) next.set(THEME_PARAM, change.theme);
    else next.delete(THEME_PARAM);
  }
  return next;
}

/** Whether any filter (not the rank) narrows the list. */
export const isFiltered = (filters: ScreenFilters, q: string) =>
  Boolean(q) || filters.kind !== null || filters.type.length > 0 || filters.element.length > 0 || filters.group.length > 0 || filters.color !== null || filters.theme !== null;
