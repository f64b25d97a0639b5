import { ADMIN_PATH } from '@shotlib/contract/admin';
import { AdminScreenListSchema } from '@shotlib/contract/ingest';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/items/:id/screens`: the item's screens in their order. */
export const fetchAdminScreens = (itemId: number, signal?: AbortSignal) =>
  api.get(`${ADMIN_PATH}/items/${itemId}/screens`, AdminScreenListSchema, { signal, silent: true });

export const adminScreensQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['admin', 'screens', itemId],
    queryFn: ({ signal }) => fetchAdminScreens(itemId, signal),
  });

export const useAdminScreens = (itemId: number) => useQuery(adminScreensQueryOptions(itemId));
