import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_FLOW_PATHS, type AdminFlow, type AdminFlowListSchema } from '@shotlib/contract/admin-flows';
import { api, type Reply } from '../../../lib/api-client';
import { adminFlowsQueryOptions } from './list-flows';
import { useOptimisticOrder } from './optimistic-order';

/** `PUT /admin/items/:id/flows/order {ids}`: every flow of the item, in the new order. */
export const orderAdminFlows = ({ itemId, ids }: { itemId: number; ids: number[] }) =>
  api.put<Reply<typeof AdminFlowListSchema>>(`${ADMIN_PATH}${ADMIN_FLOW_PATHS.flowOrder(itemId)}`, { ids });

/** Reorder optimistically: the list moves at once and goes back if the server refuses. */
export const useOrderAdminFlows = (itemId: number) =>
  useOptimisticOrder<AdminFlow>({
    queryKey: adminFlowsQueryOptions(itemId).queryKey,
    save: (ids) => orderAdminFlows({ itemId, ids }),
    alsoInvalidate: [['admin', 'audit']],
  });
