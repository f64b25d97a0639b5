import { REVIEW_PATHS, type PortfolioState, type ReviewListSchema } from '@shotlib/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /review?state&page`: the requests assigned to the signed-in reviewer, open ones first. */
export const fetchReviews = (state: PortfolioState | undefined, page: number, signal?: AbortSignal) =>
  api.get<Reply<typeof ReviewListSchema>>(REVIEW_PATHS.list, { query: { state, page }, signal, silent: true });

export const reviewsQueryOptions = (state: PortfolioState | undefined, page: number) =>
  queryOptions({
    queryKey: ['review', 'list', state ?? 'all', page],
    queryFn: ({ signal }) => fetchReviews(state, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useReviews = (state: PortfolioState | undefined, page: number, enabled: boolean) => useQuery({ ...reviewsQueryOptions(state, page), enabled });
