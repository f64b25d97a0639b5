import { ADMIN_PATH, type AdminMemberSchema, type VipChange } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /admin/members/:id/vip`: grant, extend or revoke a membership, with a reason. */
export const changeAdminVip = ({ id, change }: { id: number; change: VipChange }) =>
  api.post<Reply<typeof AdminMemberSchema>>(`${ADMIN_PATH}/members/${id}/vip`, change);

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
