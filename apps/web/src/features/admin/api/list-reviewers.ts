import { ADMIN_PAGE_SIZE, ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_PORTFOLIO_PATHS, type AdminReviewerListSchema } from '@shotlib/contract/admin-portfolio';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/reviewers?q&page`: the reviewers, with their open and answered requests and mean rating. */
export const fetchAdminReviewers = (q: string, page: number, pageSize = ADMIN_PAGE_SIZE, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminReviewerListSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.reviewers}`, { query: { q: q || undefined, page, pageSize }, signal, silent: true });

export const adminReviewersQueryOptions = (q: string, page: number, pageSize = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['admin', 'reviewers', 'list', q, page, pageSize],
    queryFn: ({ signal }) => fetchAdminReviewers(q, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminReviewers = (q: string, page: number, pageSize = ADMIN_PAGE_SIZE) => useQuery(adminReviewersQueryOptions(q, page, pageSize));
