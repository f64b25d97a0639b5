import { type SubscriptionInfoSchema } from '@shotlib/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { refreshSessionUser } from '../../../lib/member-info';
import { subscriptionQueryOptions } from './get-subscription';

/**
 * `POST /subscription/cancel`: stop automatic renewal; access lasts until the period ends.
 * Silent: the page says a refusal in the reader's language.
 */
export const cancelRenewal = () => api.post<Reply<typeof SubscriptionInfoSchema>>('/subscription/cancel', null, { silent: true });

/** Cancel renewal; the reply is the new subscription state, and the stored member is loaded again. */
export function useCancelRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRenewal,
    onSuccess: async (info) => {
      queryClient.setQueryData(subscriptionQueryOptions.queryKey, info);
      await refreshSessionUser();
    },
  });
}
