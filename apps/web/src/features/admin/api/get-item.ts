import { ADMIN_PATH, AdminItemSchema } from '@shotlib/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /admin/items/:id`: one app or website, published or not. */
export const fetchAdminItem = (id: number, signal?: AbortSignal) => api.get(`${ADMIN_PATH}/items/${id}`, AdminItemSchema, { signal, silent: true });

export const adminItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'items', 'one', id],
    queryFn: ({ signal }) => fetchAdminItem(id, signal),
  });

export const useAdminItem = (id: number) => useQuery(adminItemQueryOptions(id));
