import { type OrderListSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /order`: the member's orders, newest first. */
export const fetchOrders = (signal?: AbortSignal) => api.get<Reply<typeof OrderListSchema>>('/order', { signal });

export const ordersQueryOptions = queryOptions({
  queryKey: ['account', 'orders'],
  queryFn: ({ signal }) => fetchOrders(signal),
  staleTime: 0,
});

export const useOrders = () => useQuery(ordersQueryOptions);
