import { type PayConfirmSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/**
 * `GET /pay/{token}`: confirm the return from a PayPal-style checkout. The server asks the
 * provider (and captures); `status` 1 means paid. Silent: the page says a refusal itself.
 */
export const confirmPayment = (token: string, signal?: AbortSignal) =>
  api.get<Reply<typeof PayConfirmSchema>>(`/pay/${encodeURIComponent(token)}`, { signal, silent: true });

export const confirmPaymentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['billing', 'confirm', token],
    queryFn: ({ signal }) => confirmPayment(token, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useConfirmPayment = (token: string | null) =>
  useQuery({ ...confirmPaymentQueryOptions(token ?? ''), enabled: token !== null });
