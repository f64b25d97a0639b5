import { RANK, SCREEN_LIST_WINDOW, SCREEN_PAGE_SIZE, SIMILAR_SCREENS, type ItemKind, type Rank, type ScreenListSchema, type ScreenTheme, type SimilarScreenListSchema, type SwatchKey } from '@shotlib/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, type Reply } from './api-client';
import { FIRST_PAGE, nextPageAfter } from './paging';

/**
 * The Screens view's filters (issue 14, docs/decisions/047): a platform (apps, websites, B-end; null for all),
 * screen types and app categories (any of them), UI elements (all of them), one colour swatch, light or dark, the rank and the
 * search term ('' for none). Shared by the Screens view and the lists' "Screens" section of a search.
 */
export type ScreenListParams = {
  kind: ItemKind | null;
  type: readonly number[];
  element: readonly number[];
  group: readonly number[];
  color: SwatchKey | null;
  /** Light or dark screens (decision 056); null for both. */
  theme: ScreenTheme | null;
  rank: Rank;
  q: string;
  /** The search counter (lib/search-store): a repeated search starts over. */
  nonce: number;
};

/** No filter at all: every screen, newest first. */
export const NO_SCREEN_FILTERS: ScreenListParams = { kind: null, type: [], element: [], group: [], color: null, theme: null, rank: RANK.news, q: '', nonce: 0 };

export const screenListKey = (params: ScreenListParams, pageSize: number) => ['screens', 'list', params, pageSize] as const;

/** The request body of `POST /screen`: only the filters in use, so the call reads as what the reader chose. */
export function screenListBody({ kind, type, element, group, color, theme, rank, q }: ScreenListParams, page: number, pageSize: number) {
  return {
    page,
    pageSize,
    rank,
    ...(kind ? { kind } : {}),
    ...(type.length ? { type } : {}),
    ...(element.length ? { element } : {}),
    ...(group.length ? { group } : {}),
    ...(color ? { color } : {}),
    ...(theme ? { theme } : {}),
    ...(q ? { q } : {}),
  };
}

/**
 * `POST /screen`: one page of screens across the library. Silent: a refused page (1002 past the free pages) ends
 * the list with the paywall notice, not a toast.
 */
export function listScreens(params: ScreenListParams, page: number, pageSize = SCREEN_PAGE_SIZE, signal?: AbortSignal) {
  return api.post<Reply<typeof ScreenListSchema>>('/screen', screenListBody(params, page, pageSize), { silent: true, signal });
}

/** The page after `pagesLoaded` pages, if it ends within the list's window (SCREEN_LIST_WINDOW: the server refuses the pages past it). */
export function nextScreenPage(lastPageLength: number, pagesLoaded: number, pageSize: number): number | undefined {
  const next = nextPageAfter(lastPageLength, pagesLoaded, pageSize);
  return next !== undefined && next * pageSize <= SCREEN_LIST_WINDOW ? next : undefined;
}

/** The screens as pages of `pageSize` (SCREEN_PAGE_SIZE by default): starts at 1, appends, stops after a short page or at the window. */
export const screenListQueryOptions = (params: ScreenListParams, pageSize = SCREEN_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: screenListKey(params, pageSize),
    queryFn: ({ pageParam, signal }) => listScreens(params, pageParam, pageSize, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) => nextScreenPage(lastPage.arr.length, allPages.length, pageSize),
  });

export const useScreenList = (params: ScreenListParams, pageSize = SCREEN_PAGE_SIZE, enabled = true) =>
  useInfiniteQuery({ ...screenListQueryOptions(params, pageSize), enabled });

/** `GET /screen/{id}/similar`: up to SIMILAR_SCREENS screens like it. Silent: the viewer's strip says when it fails. */
export function listSimilarScreens(id: number, signal?: AbortSignal) {
  return api.get<Reply<typeof SimilarScreenListSchema>>(`/screen/${id}/similar`, { silent: true, signal });
}

export const similarScreensQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['screens', 'similar', id],
    queryFn: ({ signal }) => listSimilarScreens(id, signal),
    // A screen's neighbours change only with the library: one ask per screen per visit.
    staleTime: 10 * 60 * 1000,
    select: (reply) => reply.arr.slice(0, SIMILAR_SCREENS),
  });

/** The similar screens of the screen on show, asked for only while it is shown (`id` null: nothing on show). */
export const useSimilarScreens = (id: number | null) => useQuery({ ...similarScreensQueryOptions(id ?? 0), enabled: id !== null });
