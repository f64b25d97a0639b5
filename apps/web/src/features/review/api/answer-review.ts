import { REVIEW_PATHS, type DeclineInput, type ReviewAnswerInput, type ReviewRequest, type ReviewRequestSchema } from '@shotlib/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { reviewQueryOptions } from './get-review';

/** `POST /review/{id}/answer {html, callLink}`: the feedback; assigned → answered, the member is e-mailed. */
export const answerReview = ({ id, answer }: { id: number; answer: ReviewAnswerInput }) =>
  api.post<Reply<typeof ReviewRequestSchema>>(REVIEW_PATHS.answer(id), answer);

/** `POST /review/{id}/decline {reason}`: assigned → declined; the member's review comes back to them. */
export const declineReview = ({ id, decline }: { id: number; decline: DeclineInput }) =>
  api.post<Reply<typeof ReviewRequestSchema>>(REVIEW_PATHS.decline(id), decline);

function store(queryClient: QueryClient, request: ReviewRequest) {
  queryClient.setQueryData(reviewQueryOptions(request.id).queryKey, request);
  void queryClient.invalidateQueries({ queryKey: ['review', 'list'] });
}

export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerReview, onSuccess: (request) => store(queryClient, request) });
}

export function useDeclineReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineReview, onSuccess: (request) => store(queryClient, request) });
}
