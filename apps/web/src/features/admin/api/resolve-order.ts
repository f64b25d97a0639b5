import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, type AdminOrderSchema, type OrderResolve } from '@shotlib/contract/admin-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `POST /admin/orders/{id}/resolve`: record how a flagged order was dealt with (no money moves). */
export const resolveAdminOrder = ({ id, resolution }: { id: number; resolution: OrderResolve }) =>
  api.post<Reply<typeof AdminOrderSchema>>(`${ADMIN_PATH}${ADMIN_CONTENT_PATHS.orderResolve(id)}`, resolution);

export function useResolveAdminOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveAdminOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
