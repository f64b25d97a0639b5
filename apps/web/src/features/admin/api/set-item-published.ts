import { ADMIN_PATH, type AdminItemSchema } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { storeAdminItem } from './create-item';

/** `POST /admin/items/:id/publish` or `/unpublish`: join or leave the public catalogue. */
export const setAdminItemPublished = ({ id, published }: { id: number; published: boolean }) =>
  api.post<Reply<typeof AdminItemSchema>>(`${ADMIN_PATH}/items/${id}/${published ? 'publish' : 'unpublish'}`, null);

export function useSetAdminItemPublished() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAdminItemPublished, onSuccess: (item) => storeAdminItem(queryClient, item) });
}
