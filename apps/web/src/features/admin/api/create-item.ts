import { ADMIN_PATH, AdminItemSchema, type AdminItem, type AdminItemInput } from '@shotlib/contract/admin';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminItemQueryOptions } from './get-item';

/** `POST /admin/items`: a new app or website (a draft unless `published`). */
export const createAdminItem = (input: AdminItemInput) => api.post(`${ADMIN_PATH}/items`, input, AdminItemSchema);

/** After any item write: the one item is the reply; the lists and the audit log are stale. */
export function storeAdminItem(queryClient: QueryClient, item: AdminItem): void {
  queryClient.setQueryData(adminItemQueryOptions(item.id).queryKey, item);
  void queryClient.invalidateQueries({ queryKey: ['admin', 'items', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useCreateAdminItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminItem, onSuccess: (item) => storeAdminItem(queryClient, item) });
}
