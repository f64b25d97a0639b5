import { type CollectListSchema, PAGE_SIZE } from '@shotlib/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { COLLECT_QUERY_KEY } from '../../../lib/collect';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

/**
 * `POST /platform/fav` with query parameters (docs/product-spec.md §7): one page of the member's collection,
 * newest first (PAGE_SIZE). Silent: a refused list call stops loading without a toast (docs/product-spec.md §8).
 */
export function listCollection(page: number, signal?: AbortSignal) {
  return api.post<Reply<typeof CollectListSchema>>('/platform/fav', undefined, { query: { page, pageSize: PAGE_SIZE }, silent: true, signal });
}

/**
 * The collection as pages: starts at 1, appends, stops after a short page (docs/product-spec.md §4). Under the
 * collect key, so each collect toggle refreshes it (lib/collect.ts); per member, so a different
 * account never sees another's pages from the cache.
 */
export const collectionQueryOptions = (memberId: number | null) =>
  infiniteQueryOptions({
    queryKey: [...COLLECT_QUERY_KEY, 'list', memberId],
    queryFn: ({ pageParam, signal }) => listCollection(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) => nextPageAfter(lastPage.arr.length, allPages.length, PAGE_SIZE),
  });

export const useCollection = (memberId: number | null, enabled = true) => useInfiniteQuery({ ...collectionQueryOptions(memberId), enabled });
