import { ADMIN_PATH, AdminMemberSchema, type VipChange } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /admin/members/:id/vip`: grant, extend or revoke a membership, with a reason. */
export const changeAdminVip = ({ id, change }: { id: number; change: VipChange }) =>
  api.post(`${ADMIN_PATH}/members/${id}/vip`, change, AdminMemberSchema);

export function useChangeAdminVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminVip,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
