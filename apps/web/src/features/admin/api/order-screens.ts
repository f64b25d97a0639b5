import { ADMIN_PATH } from '@shotlib/contract/admin';
import { type AdminScreen, type AdminScreenListSchema } from '@shotlib/contract/ingest';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminScreensQueryOptions } from './list-screens';

/** `PUT /admin/items/:id/screens/order {ids}`: every screen of the item, in the new order. */
export const orderAdminScreens = ({ itemId, ids }: { itemId: number; ids: number[] }) =>
  api.put<Reply<typeof AdminScreenListSchema>>(`${ADMIN_PATH}/items/${itemId}/screens/order`, { ids });

/** Reorder optimistically: the grid moves at once and goes back if the server refuses. */
export function useOrderAdminScreens(itemId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = adminScreensQueryOptions(itemId);
  return useMutation({
    mutationFn: (ids: number[]) => orderAdminScreens({ itemId, ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before) {
        const byId = new Map(before.map((screen) => [screen.id, screen]));
        queryClient.setQueryData(
          queryKey,
          ids.map((id) => byId.get(id)).filter((screen): screen is AdminScreen => screen !== undefined),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    // The reply is the item's screens in their stored order; without one (a refusal), ask again.
    onSettled: (data) => {
      if (data) queryClient.setQueryData(queryKey, data);
      else void queryClient.invalidateQueries({ queryKey });
    },
  });
}
