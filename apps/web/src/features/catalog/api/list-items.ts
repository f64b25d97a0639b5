import { type ItemListSchema, PAGE_SIZE, type Rank } from '@shotlib/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

export type ItemListParams = {
  /** false: apps, true: websites. */
  platform: boolean;
  rank: Rank;
  /** Search term ('' for none). */
  name: string;
  /** Category ids ([] for all). */
  group: readonly number[];
  /** The search counter (lib/search-store): a repeated search starts over. */
  nonce: number;
};

export const itemListKey = (params: ItemListParams) => ['catalog', 'items', params] as const;

/**
 * `POST /platform`: one page of apps or websites (PAGE_SIZE). Silent: a refused list call stops
 * loading without a toast (docs/product-spec.md §8); the page shows a paywall refusal where the list ends.
 */
export function listItems({ platform, rank, name, group }: ItemListParams, page: number, signal?: AbortSignal) {
  const body = { page, pageSize: PAGE_SIZE, platform, rank, ...(name ? { name } : {}), ...(group.length ? { group } : {}) };
  return api.post<Reply<typeof ItemListSchema>>('/platform', body, { silent: true, signal });
}

/** The list as pages: starts at 1, appends, and stops after a page shorter than PAGE_SIZE (docs/product-spec.md §4). */
export const itemListQueryOptions = (params: ItemListParams) =>
  infiniteQueryOptions({
    queryKey: itemListKey(params),
    queryFn: ({ pageParam, signal }) => listItems(params, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) => nextPageAfter(lastPage.arr.length, allPages.length, PAGE_SIZE),
  });

export const useItemList = (params: ItemListParams) => useInfiniteQuery(itemListQueryOptions(params));
