import { ADMIN_PATH } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminScreensQueryOptions } from './list-screens';

/** `POST /admin/screens/elements {ids, add, remove}`: tag UI elements on several screens, or take them off (issue 14). */
export const setAdminScreenElements = (change: { ids: number[]; add?: number[]; remove?: number[] }) =>
  api.post<unknown>(`${ADMIN_PATH}/screens/elements`, change);

export function useSetAdminScreenElements(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminScreenElements,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminScreensQueryOptions(itemId).queryKey }),
  });
}
