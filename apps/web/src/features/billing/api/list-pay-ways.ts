import { type PaymentWayListSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /pay/ways`: the ways this server takes payments by, whether each renews by itself and runs on the sandbox. */
export const fetchPayWays = (signal?: AbortSignal) => api.get<Reply<typeof PaymentWayListSchema>>('/pay/ways', { signal });

export const payWaysQueryOptions = queryOptions({
  queryKey: ['billing', 'ways'],
  queryFn: ({ signal }) => fetchPayWays(signal),
  staleTime: 5 * 60 * 1000,
});

export const usePayWays = () => useQuery(payWaysQueryOptions);
