import { type FlowSchema, type Tier } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/**
 * `GET /flow/{id}`: a flow with the steps the caller may play (a regular caller gets the free ones and `locked`).
 * Keyed by tier, so subscribing (or signing out) asks again. Silent: the player says when it is missing.
 */
export const flowQueryOptions = (id: number, tier: Tier) =>
  queryOptions({
    queryKey: ['flows', 'flow', id, tier],
    queryFn: ({ signal }) => api.get<Reply<typeof FlowSchema>>(`/flow/${id}`, { signal, silent: true }),
    staleTime: 5 * 60 * 1000,
  });

export const useFlow = (id: number, tier: Tier) => useQuery(flowQueryOptions(id, tier));
