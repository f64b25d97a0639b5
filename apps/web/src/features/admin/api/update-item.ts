import { ADMIN_PATH, type AdminItemSchema, type AdminItemUpdate } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { storeAdminItem } from './create-item';

/** `PUT /admin/items/:id`: change any of the fields. */
export const updateAdminItem = ({ id, update }: { id: number; update: AdminItemUpdate }) =>
  api.put<Reply<typeof AdminItemSchema>>(`${ADMIN_PATH}/items/${id}`, update);

export function useUpdateAdminItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminItem, onSuccess: (item) => storeAdminItem(queryClient, item) });
}
