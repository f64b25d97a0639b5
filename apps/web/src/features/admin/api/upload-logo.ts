import { ADMIN_PATH, type AdminItemSchema } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { storeAdminItem } from './create-item';

/** `POST /admin/items/:id/logo` (multipart `file`): re-encoded as WebP by the server. */
export function uploadAdminLogo({ id, file }: { id: number; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return api.post<Reply<typeof AdminItemSchema>>(`${ADMIN_PATH}/items/${id}/logo`, form);
}

export function useUploadAdminLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAdminLogo, onSuccess: (item) => storeAdminItem(queryClient, item) });
}
