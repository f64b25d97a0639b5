import { type FlowListSchema, type ItemKind, PAGE_SIZE, type Rank } from '@shotlib/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

export type FlowListParams = {
  /** Apps, websites or B-end (null: every kind). */
  kind: ItemKind | null;
  /** Flow type ids ([] for all). */
  type: readonly number[];
  rank: Rank;
};

export const flowListKey = (params: FlowListParams) => ['flows', 'list', params] as const;

/** `POST /flow`: one page of flow cards across the library (PAGE_SIZE). Silent: the page says when it fails. */
export function listFlows({ kind, type, rank }: FlowListParams, page: number, signal?: AbortSignal) {
  const body = { page, pageSize: PAGE_SIZE, rank, ...(kind ? { kind } : {}), ...(type.length ? { type } : {}) };
  return api.post<Reply<typeof FlowListSchema>>('/flow', body, { silent: true, signal });
}

/** The flows as pages: starts at 1, appends, stops after a short page (docs/product-spec.md §4). */
export const flowListQueryOptions = (params: FlowListParams) =>
  infiniteQueryOptions({
    queryKey: flowListKey(params),
    queryFn: ({ pageParam, signal }) => listFlows(params, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) => nextPageAfter(lastPage.arr.length, allPages.length, PAGE_SIZE),
  });

export const useFlowList = (params: FlowListParams) => useInfiniteQuery(flowListQueryOptions(params));
