import { PORTFOLIO_PATHS, type PortfolioRatingInput, type PortfolioRequestSchema } from '@shotlib/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { portfolioRequestQueryOptions } from './get-portfolio-request';

/** `PUT /portfolio/{id}/rating {rating, comment}`: rate the feedback (again to change it). */
export const ratePortfolio = ({ id, rating }: { id: number; rating: PortfolioRatingInput }) =>
  api.put<Reply<typeof PortfolioRequestSchema>>(PORTFOLIO_PATHS.rating(id), rating);

export function useRatePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ratePortfolio,
    onSuccess: (request) => {
      queryClient.setQueryData(portfolioRequestQueryOptions(request.id).queryKey, request);
      void queryClient.invalidateQueries({ queryKey: ['portfolio', 'list'] });
    },
  });
}
