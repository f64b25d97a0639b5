import { PORTFOLIO_PATHS, type PortfolioRequestSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /portfolio/{id}`: one of the member's requests (not found for anyone else's). Silent: the page says it. */
export const fetchPortfolioRequest = (id: number, signal?: AbortSignal) =>
  api.get<Reply<typeof PortfolioRequestSchema>>(PORTFOLIO_PATHS.request(id), { signal, silent: true });

export const portfolioRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['portfolio', 'request', id],
    queryFn: ({ signal }) => fetchPortfolioRequest(id, signal),
    staleTime: 0,
    retry: false,
  });

export const usePortfolioRequest = (id: number, enabled = true) => useQuery({ ...portfolioRequestQueryOptions(id), enabled });
