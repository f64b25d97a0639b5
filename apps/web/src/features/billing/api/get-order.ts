import { ORDER_STATUS, type OrderSchema, PAYMENT_POLL_MS, type Order } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, type Reply } from '../../../lib/api-client';

/** `GET /order/{tno}`: one of the member's orders (status 0 unpaid, 1 paid, 2 closed, 3 refunded). */
export const fetchOrder = (tno: string, signal?: AbortSignal) =>
  api.get<Reply<typeof OrderSchema>>(`/order/${encodeURIComponent(tno)}`, { signal, silent: true });

export const orderQueryOptions = (tno: string) =>
  queryOptions({
    queryKey: ['billing', 'order', tno],
    queryFn: ({ signal }) => fetchOrder(tno, signal),
    staleTime: 0,
  });

/** Whether an order is still waiting for its payment. */
export const isOpen = (order: Order | undefined): boolean => order === undefined || order.status === ORDER_STATUS.unpaid;

/**
 * Watch an order until it is settled (docs/product-spec.md §4): asked every PAYMENT_POLL_MS while unpaid, also
 * when the tab is in the background (the payer is on their phone). The query lives only while the
 * component that asks for it is mounted, so leaving the page stops the polling; `tno` null stops it too.
 */
export function useOrderPolling(tno: string | null) {
  return useQuery({
    ...orderQueryOptions(tno ?? ''),
    enabled: tno !== null,
    gcTime: 0,
    refetchInterval: (query) => (query.state.status !== 'error' && isOpen(query.state.data) ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
    // A lost connection is not the end of the payment: keep asking at the same pace for a while.
    retry: (failures, error) => failures < 20 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'server'),
    retryDelay: PAYMENT_POLL_MS,
  });
}
