import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminCategoryRowSchema, type AdminCategoryInput, type AdminCategoryUpdate } from '@shotlib/contract/admin-content';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /admin/categories`: a new category. */
export const createAdminCategory = (input: AdminCategoryInput) => api.post<Reply<typeof AdminCategoryRowSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.categories}`, input);
/** `PATCH /admin/categories/{id}`: rename, re-sort or move. */
export const updateAdminCategory = ({ id, update }: { id: number; update: AdminCategoryUpdate }) =>
  api.patch<Reply<typeof AdminCategoryRowSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.category(id)}`, update);
/** `DELETE /admin/categories/{id}`: only an unused category without subcategories. */
export const deleteAdminCategory = (id: number) => api.delete<unknown>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.category(id)}`);

/** Every tree (the console's and the public pickers') is stale after a category write. */
function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['admin', 'categories'] });
  void queryClient.invalidateQueries({ queryKey: ['categories'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useCreateAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminCategory, onSuccess: () => refresh(queryClient) });
}
export function useUpdateAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminCategory, onSuccess: () => refresh(queryClient) });
}
export function useDeleteAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminCategory, onSuccess: () => refresh(queryClient) });
}
