import { type SubscriptionInfoSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /subscription`: the member's expiry, whether vip, and the current subscription (way, renewal, period end). */
export const fetchSubscription = (signal?: AbortSignal) => api.get<Reply<typeof SubscriptionInfoSchema>>('/subscription', { signal });

export const subscriptionQueryOptions = queryOptions({
  queryKey: ['account', 'subscription'],
  queryFn: ({ signal }) => fetchSubscription(signal),
  staleTime: 0,
});

export const useSubscription = () => useQuery(subscriptionQueryOptions);
