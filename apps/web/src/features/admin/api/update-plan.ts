import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminPlanSchema, type AdminPlanUpdate } from '@shotlib/contract/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `PATCH /admin/plans/{grade}`: new prices in cents. */
export const updateAdminPlan = ({ grade, update }: { grade: number; update: AdminPlanUpdate }) =>
  api.patch<Reply<typeof AdminPlanSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.plan(grade)}`, update);

export function useUpdateAdminPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminPlan,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'plans'] });
      // The public plans (subscribe page) show the new prices.
      void queryClient.invalidateQueries({ queryKey: ['billing', 'plans'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
