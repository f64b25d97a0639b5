import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_FLOW_PATHS, type AdminFlowListSchema } from '@shotlib/contract/admin-flows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/items/:id/flows`: the item's flows in their order, with every step and caption. */
export const fetchAdminFlows = (itemId: number, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminFlowListSchema>>(`${ADMIN_PATH}${ADMIN_FLOW_PATHS.itemFlows(itemId)}`, { signal, silent: true });

export const adminFlowsQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['admin', 'flows', itemId],
    queryFn: ({ signal }) => fetchAdminFlows(itemId, signal),
  });

export const useAdminFlows = (itemId: number) => useQuery(adminFlowsQueryOptions(itemId));
