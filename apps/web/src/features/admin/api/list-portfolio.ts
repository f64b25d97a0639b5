import { ADMIN_PAGE_SIZE, ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_PORTFOLIO_PATHS, type AdminPortfolioListSchema } from '@shotlib/contract/admin-portfolio';
import type { PortfolioState } from '@shotlib/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

export type PortfolioQueueFilters = { state: PortfolioState | ''; reviewerId: number | null; page: number };

/** `GET /admin/portfolio?state&reviewerId&page`: the portfolio requests, oldest waiting first. */
export const fetchAdminPortfolio = ({ state, reviewerId, page }: PortfolioQueueFilters, signal?: AbortSignal) =>
  api.get<Reply<typeof AdminPortfolioListSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.queue}`, {
    query: { state: state || undefined, reviewerId, page, pageSize: ADMIN_PAGE_SIZE },
    signal,
    silent: true,
  });

export const adminPortfolioQueryOptions = (filters: PortfolioQueueFilters) =>
  queryOptions({
    queryKey: ['admin', 'portfolio', 'list', filters],
    queryFn: ({ signal }) => fetchAdminPortfolio(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminPortfolio = (filters: PortfolioQueueFilters) => useQuery(adminPortfolioQueryOptions(filters));
