import { type ItemSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /platform/{id}`: one app or website. Silent: the page itself says when it does not exist. */
export const fetchItem = (id: number, signal?: AbortSignal) => api.get<Reply<typeof ItemSchema>>(`/platform/${id}`, { signal, silent: true });

export const itemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['detail', 'item', id],
    queryFn: ({ signal }) => fetchItem(id, signal),
    staleTime: 5 * 60 * 1000,
  });

export const useItem = (id: number, enabled: boolean) => useQuery({ ...itemQueryOptions(id), enabled });
