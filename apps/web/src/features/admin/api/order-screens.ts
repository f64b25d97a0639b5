import { ADMIN_PATH } from '@shotlib/contract/admin';
import { type AdminScreen, type AdminScreenListSchema } from '@shotlib/contract/ingest';
import { api, type Reply } from '../../../lib/api-client';
import { adminScreensQueryOptions } from './list-screens';
import { useOptimisticOrder } from './optimistic-order';

/** `PUT /admin/items/:id/screens/order {ids}`: every screen of the item, in the new order. */
export const orderAdminScreens = ({ itemId, ids }: { itemId: number; ids: number[] }) =>
  api.put<Reply<typeof AdminScreenListSchema>>(`${ADMIN_PATH}/items/${itemId}/screens/order`, { ids });

/** Reorder optimistically: the grid moves at once and goes back if the server refuses. */
export const useOrderAdminScreens = (itemId: number) =>
  useOptimisticOrder<AdminScreen>({
    queryKey: adminScreensQueryOptions(itemId).queryKey,
    save: (ids) => orderAdminScreens({ itemId, ids }),
  });
