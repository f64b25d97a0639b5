import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_FLOW_PATHS, type AdminFlow, type AdminFlowListSchema } from '@shotlib/contract/admin-flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminFlowsQueryOptions } from './list-flows';

/** `PUT /admin/items/:id/flows/order {ids}`: every flow of the item, in the new order. */
export const orderAdminFlows = ({ itemId, ids }: { itemId: number; ids: number[] }) =>
  api.put<Reply<typeof AdminFlowListSchema>>(`${ADMIN_PATH}${ADMIN_FLOW_PATHS.flowOrder(itemId)}`, { ids });

/** Reorder optimistically: the list moves at once and goes back if the server refuses. */
export function useOrderAdminFlows(itemId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = adminFlowsQueryOptions(itemId);
  return useMutation({
    mutationFn: (ids: number[]) => orderAdminFlows({ itemId, ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) {
        const byId = new Map(before.map((flow) => [flow.id, flow]));
        queryClient.setQueryData(
          queryKey,
          ids.map((id) => byId.get(id)).filter((flow): flow is AdminFlow => flow !== undefined),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    // The reply is the item's flows in their stored order; without one (a refusal), ask again.
    onSettled: (data) => {
      if (data) queryClient.setQueryData(queryKey, data);
      else void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
