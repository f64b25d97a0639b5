import { ADMIN_PATH } from '@shotlib/contract/admin';
import { AdminScreenListSchema, type AdminScreen } from '@shotlib/contract/ingest';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminScreensQueryOptions } from './list-screens';

/** `PUT /admin/items/:id/screens/order {ids}`: every screen of the item, in the new order. */
export const orderAdminScreens = ({ itemId, ids }: { itemId: number; ids: number[] }) =>
  api.put(`${ADMIN_PATH}/items/${itemId}/screens/order`, { ids }, z.unknown());

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
    onSettled: (data) => {
      const parsed = AdminScreenListSchema.safeParse(data);
      if (parsed.success) queryClient.setQueryData(queryKey, parsed.data);
      else void queryClient.invalidateQueries({ queryKey });
    },
  });
}
