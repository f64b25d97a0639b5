import { ADMIN_PATH } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFlowsQueryOptions } from './list-flows';
import { adminScreensQueryOptions } from './list-screens';

/** `POST /admin/screens/delete {ids}`: delete screens. */
export const deleteAdminScreens = (ids: number[]) => api.post<unknown>(`${ADMIN_PATH}/screens/delete`, { ids });

export function useDeleteAdminScreens(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminScreens,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminScreensQueryOptions(itemId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'items'] });
      // The flows' steps that showed these screens are gone with them.
      void queryClient.invalidateQueries({ queryKey: adminFlowsQueryOptions(itemId).queryKey });
    },
  });
}
