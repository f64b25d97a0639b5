import { ADMIN_PATH, type AdminMemberSchema, type RoleChange } from '@shotlib/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /admin/members/:id/role`: name an admin or take the role back, with a reason. */
export const changeAdminRole = ({ id, change }: { id: number; change: RoleChange }) =>
  api.post<Reply<typeof AdminMemberSchema>>(`${ADMIN_PATH}/members/${id}/role`, change);

export function useChangeAdminRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
