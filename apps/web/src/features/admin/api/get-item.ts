import { ADMIN_PATH, type AdminItemSchema } from '@shotlib/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/items/:id`: one app or website, published or not. */
export const fetchAdminItem = (id: number, signal?: AbortSignal) => api.get<Reply<typeof AdminItemSchema>>(`${ADMIN_PATH}/items/${id}`, { signal, silent: true });

export const adminItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'items', 'one', id],
    queryFn: ({ signal }) => fetchAdminItem(id, signal),
  });

export const useAdminItem = (id: number) => useQuery(adminItemQueryOptions(id));
