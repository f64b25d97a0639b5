import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_PORTFOLIO_PATHS, type AdminReviewerSchema, type ReviewerCreate, type ReviewerUpdate } from '@shotlib/contract/admin-portfolio';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /admin/reviewers`: make an account (made when there is none) a reviewer, with their profile. */
export const createAdminReviewer = (input: ReviewerCreate) => api.post<Reply<typeof AdminReviewerSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.reviewers}`, input);
/** `PUT /admin/reviewers/{id}`: edit the profile. */
export const updateAdminReviewer = ({ id, update }: { id: number; update: ReviewerUpdate }) =>
  api.put<Reply<typeof AdminReviewerSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.reviewer(id)}`, update);
/** `DELETE /admin/reviewers/{id}`: a member again; their assigned requests go back to the queue. */
export const removeAdminReviewer = (id: number) => api.delete<unknown>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.reviewer(id)}`);

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['admin', 'reviewers'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'portfolio'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useCreateAdminReviewer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminReviewer, onSuccess: () => refresh(queryClient) });
}
export function useUpdateAdminReviewer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminReviewer, onSuccess: () => refresh(queryClient) });
}
export function useRemoveAdminReviewer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAdminReviewer, onSuccess: () => refresh(queryClient) });
}
