import { type MemberInfoSchema, type MemberInfo } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from './api-client';
import { queryClient } from './query-client';
import { useSessionStore } from './session-store';

/**
 * `GET /member/info`: the signed-in member. Shared (lib, not a feature) because signing in, the
 * account pages and the payment pages all load the current user and store it in the session.
 */
export const fetchMemberInfo = (signal?: AbortSignal): Promise<MemberInfo> => api.get<Reply<typeof MemberInfoSchema>>('/member/info', { signal });

export const memberInfoQueryOptions = queryOptions({
  queryKey: ['member', 'info'],
  queryFn: ({ signal }) => fetchMemberInfo(signal),
});

export const useMemberInfo = () => useQuery(memberInfoQueryOptions);

/** Load the member again and store it in the session (after a profile change, a payment, ...). */
export async function refreshSessionUser(): Promise<MemberInfo> {
  const info = await queryClient.fetchQuery({ ...memberInfoQueryOptions, staleTime: 0 });
  useSessionStore.getState().setUser(info);
  return info;
}
