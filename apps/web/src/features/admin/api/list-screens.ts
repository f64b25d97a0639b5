import { ADMIN_PATH } from '@shotlib/contract/admin';
import { type AdminScreenListSchema } from '@shotlib/contract/ingest';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/items/:id/screens`: the item's screens in their order. */
export const fetchAdminScreens = (itemId: number, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminScreenListSchema>>(`${ADMIN_PATH}/items/${itemId}/screens`, { signal, silent: true });

export const adminScreensQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['admin', 'screens', itemId],
    queryFn: ({ signal }) => fetchAdminScreens(itemId, signal),
  });

export const useAdminScreens = (itemId: number) => useQuery(adminScreensQueryOptions(itemId));
