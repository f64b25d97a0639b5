import { ADMIN_PATH, AdminItemSchema } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeAdminItem } from './create-item';

/** `POST /admin/items/:id/publish` or `/unpublish`: join or leave the public catalogue. */
export const setAdminItemPublished = ({ id, published }: { id: number; published: boolean }) =>
  api.post(`${ADMIN_PATH}/items/${id}/${published ? 'publish' : 'unpublish'}`, null, AdminItemSchema);

export function useSetAdminItemPublished() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAdminItemPublished, onSuccess: (item) => storeAdminItem(queryClient, item) });
}
