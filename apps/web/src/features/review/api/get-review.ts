import { REVIEW_PATHS, type ReviewRequestSchema } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /review/{id}`: one request assigned to the reviewer ("not found" for any other). Silent: the page says it. */
export const fetchReview = (id: number, signal?: AbortSignal) => api.get<Reply<typeof ReviewRequestSchema>>(REVIEW_PATHS.request(id), { signal, silent: true });

export const reviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['review', 'request', id],
    queryFn: ({ signal }) => fetchReview(id, signal),
    staleTime: 0,
    retry: false,
  });

export const useReview = (id: number, enabled: boolean) => useQuery({ ...reviewQueryOptions(id), enabled });
