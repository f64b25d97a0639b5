import { type CollectedFlowListSchema, PAGE_SIZE } from '@shotlib/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { FLOW_COLLECT_QUERY_KEY } from '../../../lib/flow-collect';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

/** `POST /flow/fav`: one page of the member's collected flows, newest first (PAGE_SIZE). Silent: the tab says when it fails. */
export function listCollectedFlows(page: number, signal?: AbortSignal) {
  return api.post<Reply<typeof CollectedFlowListSchema>>('/flow/fav', { page, pageSize: PAGE_SIZE }, { silent: true, signal });
}

/** The collected flows as pages, under the flow-collect key (each toggle refreshes them), per member. */
export const collectedFlowsQueryOptions = (memberId: number | null) =>
  infiniteQueryOptions({
    queryKey: [...FLOW_COLLECT_QUERY_KEY, 'list', memberId],
    queryFn: ({ pageParam, signal }) => listCollectedFlows(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) => nextPageAfter(lastPage.arr.length, allPages.length, PAGE_SIZE),
  });

export const useCollectedFlows = (memberId: number | null) => useInfiniteQuery(collectedFlowsQueryOptions(memberId));
