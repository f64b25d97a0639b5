import { PORTFOLIO_PATHS, type PortfolioListSchema } from '@shotlib/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /portfolio?page`: the member's requests, newest first. */
export const fetchPortfolioList = (page: number, signal?: AbortSignal) =>
  api.get<Reply<typeof PortfolioListSchema>>(PORTFOLIO_PATHS.list, { query: { page }, signal });

export const portfolioListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['portfolio', 'list', page],
    queryFn: ({ signal }) => fetchPortfolioList(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const usePortfolioList = (page: number) => useQuery(portfolioListQueryOptions(page));
