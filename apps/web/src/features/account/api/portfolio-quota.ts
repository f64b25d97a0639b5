import { PORTFOLIO_PATHS, type PortfolioQuotaSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /portfolio/quota`: reviews of the current subscription year — limit, used, left, and when it renews. */
export const fetchPortfolioQuota = (signal?: AbortSignal) => api.get<Reply<typeof PortfolioQuotaSchema>>(PORTFOLIO_PATHS.quota, { signal });

export const portfolioQuotaQueryOptions = queryOptions({
  queryKey: ['portfolio', 'quota'],
  queryFn: ({ signal }) => fetchPortfolioQuota(signal),
  staleTime: 0,
});

export const usePortfolioQuota = () => useQuery(portfolioQuotaQueryOptions);
