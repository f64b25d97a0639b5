import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_PORTFOLIO_PATHS, type AdminPortfolioRequestSchema } from '@shotlib/contract/admin-portfolio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/portfolio/{id}`: one request in full. */
export const fetchAdminPortfolioRequest = (id: number, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminPortfolioRequestSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.request(id)}`, { signal, silent: true });

export const adminPortfolioRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'portfolio', 'request', id], queryFn: ({ signal }) => fetchAdminPortfolioRequest(id, signal), retry: false });

export const useAdminPortfolioRequest = (id: number) => useQuery(adminPortfolioRequestQueryOptions(id));
