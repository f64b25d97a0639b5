import { type FlowListSchema, MAX_PAGE_SIZE } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/**
 * `POST /flow {appSiteId}`: the flows of one item, in the console's order. One page of MAX_PAGE_SIZE holds them
 * all (an item has a handful). Silent: the section says when they could not be loaded.
 */
export const itemFlowsQueryOptions = (appSiteId: number) =>
  queryOptions({
    queryKey: ['flows', 'item', appSiteId],
    queryFn: ({ signal }) =>
      api.post<Reply<typeof FlowListSchema>>('/flow', { appSiteId, page: 1, pageSize: MAX_PAGE_SIZE }, { silent: true, signal }),
    staleTime: 5 * 60 * 1000,
  });

export const useItemFlows = (appSiteId: number, enabled: boolean) => useQuery({ ...itemFlowsQueryOptions(appSiteId), enabled });
