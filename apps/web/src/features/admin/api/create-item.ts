import { ADMIN_PATH, type AdminItemSchema, type AdminItem, type AdminItemInput } from '@shotlib/contract/admin';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminItemQueryOptions } from './get-item';

/** `POST /admin/items`: a new app or website (a draft unless `published`). */
export const createAdminItem = (input: AdminItemInput) => api.post<Reply<typeof AdminItemSchema>>(`${ADMIN_PATH}/items`, input);

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
