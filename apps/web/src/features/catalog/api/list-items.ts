import { type ItemKind, type ItemListSchema, PAGE_SIZE, type Rank } from '@shotlib/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

export type ItemListParams = {
  /** Apps, websites or business (B-end) software (of either platform). */
  kind: ItemKind;
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
 * `POST /platform`: one page of apps, websites or business software (PAGE_SIZE). `business` is sent only for the
 * B-end list, so the apps and websites calls stay the spec's (docs/decisions/045). Silent: a refused list call
 * stops loading without a toast (docs/product-spec.md §8); the page shows a paywall refusal where the list ends.
 */
export function listItems({ kind, rank, name, group }: ItemListParams, page: number, signal?: AbortSignal) {
  const body = {
    page,
    pageSize: PAGE_SIZE,
    platform: kind === 'web',
    ...(kind === 'b' ? { business: true } : {}),
    rank,
    ...(name ? { name } : {}),
    ...(group.length ? { group } : {}),
  };
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
