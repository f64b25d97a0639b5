import { ADMIN_PATH } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminScreensQueryOptions } from './list-screens';

/** `POST /admin/screens/category {ids, group}`: set (or clear, with null) the screen category of several screens. */
export const setAdminScreenCategory = ({ ids, group }: { ids: number[]; group: number | null }) =>
  api.post<unknown>(`${ADMIN_PATH}/screens/category`, { ids, group });

export function useSetAdminScreenCategory(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminScreenCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScreensQueryOptions(itemId).queryKey }),
  });
}
