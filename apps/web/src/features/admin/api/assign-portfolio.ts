import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_PORTFOLIO_PATHS, type AdminPortfolioRequest, type AdminPortfolioRequestSchema } from '@shotlib/contract/admin-portfolio';
import type { DeclineInput } from '@shotlib/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminPortfolioRequestQueryOptions } from './get-portfolio-request';

/** `POST /admin/portfolio/{id}/assign {reviewerId}`: requested or assigned → assigned to that reviewer (who is e-mailed nothing; the member is). */
export const assignAdminPortfolio = ({ id, reviewerId }: { id: number; reviewerId: number }) =>
  api.post<Reply<typeof AdminPortfolioRequestSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.assign(id)}`, { reviewerId });

/** `POST /admin/portfolio/{id}/decline {reason}`: → declined; the member's review comes back to them. */
export const declineAdminPortfolio = ({ id, decline }: { id: number; decline: DeclineInput }) =>
  api.post<Reply<typeof AdminPortfolioRequestSchema>>(`${ADMIN_PATH}${ADMIN_PORTFOLIO_PATHS.decline(id)}`, decline);

function store(queryClient: QueryClient, request: AdminPortfolioRequest) {
  queryClient.setQueryData(adminPortfolioRequestQueryOptions(request.id).queryKey, request);
  void queryClient.invalidateQueries({ queryKey: ['admin', 'portfolio', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'reviewers'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useAssignAdminPortfolio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignAdminPortfolio, onSuccess: (request) => store(queryClient, request) });
}
export function useDeclineAdminPortfolio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineAdminPortfolio, onSuccess: (request) => store(queryClient, request) });
}
