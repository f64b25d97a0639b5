import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_TESTIMONIAL_PATHS, type AdminTestimonialInput, type AdminTestimonialSchema } from '@shotlib/contract/testimonials';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { adminTestimonialsQueryOptions } from './list-testimonials';

/** `POST /admin/testimonials`: a new testimonial, last in the order. */
export const createAdminTestimonial = (input: AdminTestimonialInput) =>
  api.post<Reply<typeof AdminTestimonialSchema>>(`${ADMIN_PATH}${ADMIN_TESTIMONIAL_PATHS.list}`, input);
/** `PUT /admin/testimonials/{id}`: replace its language, quote, name and role. */
export const updateAdminTestimonial = ({ id, input }: { id: number; input: AdminTestimonialInput }) =>
  api.put<Reply<typeof AdminTestimonialSchema>>(`${ADMIN_PATH}${ADMIN_TESTIMONIAL_PATHS.one(id)}`, input);
/** `DELETE /admin/testimonials/{id}`. */
export const deleteAdminTestimonial = (id: number) => api.delete<Reply<typeof AdminTestimonialSchema>>(`${ADMIN_PATH}${ADMIN_TESTIMONIAL_PATHS.one(id)}`);

/**
 * After a testimonial write: the console's list, the plans page's testimonials (the billing feature's
 * query, read by language) and the audit log are stale.
 */
export function refreshTestimonials(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminTestimonialsQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: ['billing', 'testimonials'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

export function useCreateAdminTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminTestimonial, onSuccess: () => refreshTestimonials(queryClient) });
}
export function useUpdateAdminTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminTestimonial, onSuccess: () => refreshTestimonials(queryClient) });
}
export function useDeleteAdminTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAdminTestimonial, onSuccess: () => refreshTestimonials(queryClient) });
}
