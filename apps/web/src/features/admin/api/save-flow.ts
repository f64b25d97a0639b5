import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_FLOW_PATHS, type AdminFlowInput, type AdminFlowSchema } from '@shotlib/contract/admin-flows';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminFlowsQueryOptions } from './list-flows';

/** `POST /admin/items/:id/flows`: a new flow, last in the item's order. */
export const createAdminFlow = ({ itemId, input }: { itemId: number; input: AdminFlowInput }) =>
  api.post<Reply<typeof AdminFlowSchema>>(`${ADMIN_PATH}${ADMIN_FLOW_PATHS.itemFlows(itemId)}`, input);
/** `PUT /admin/flows/:id`: replace the flow's type, names and steps. */
export const updateAdminFlow = ({ id, input }: { id: number; input: AdminFlowInput }) =>
  api.put<Reply<typeof AdminFlowSchema>>(`${ADMIN_PATH}${ADMIN_FLOW_PATHS.flow(id)}`, input);
/** `DELETE /admin/flows/:id`. */
export const deleteAdminFlow = (id: number) => api.delete<unknown>(`${ADMIN_PATH}${ADMIN_FLOW_PATHS.flow(id)}`);

/** After a flow write: the item's flows, the items' flow counts and the audit log are stale. */
export function refreshFlows(queryClient: QueryClient, itemId: number) {
  void queryClient.invalidateQueries({ queryKey: adminFlowsQueryOptions(itemId).queryKey });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'items'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useCreateAdminFlow(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: AdminFlowInput) => createAdminFlow({ itemId, input }), onSuccess: () => refreshFlows(queryClient, itemId) });
}
export function useUpdateAdminFlow(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminFlow, onSuccess: () => refreshFlows(queryClient, itemId) });
}
export function useDeleteAdminFlow(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminFlow, onSuccess: () => refreshFlows(queryClient, itemId) });
}
