import { ADMIN_PAGE_SIZE, ADMIN_PATH, type AdminMemberListSchema } from '@shotlib/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/members?email=`: members whose address contains the text; without one, the newest members. */
export const fetchAdminMembers = (email: string, page: number, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminMemberListSchema>>(`${ADMIN_PATH}/members`, { query: { email, page, pageSize: ADMIN_PAGE_SIZE }, signal, silent: true });

export const adminMembersQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'members', email, page],
    queryFn: ({ signal }) => fetchAdminMembers(email, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminMembers = (email: string, page: number) => useQuery(adminMembersQueryOptions(email.trim(), page));
