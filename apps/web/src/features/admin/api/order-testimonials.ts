import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_TESTIMONIAL_PATHS, type AdminTestimonial, type AdminTestimonialListSchema } from '@shotlib/contract/testimonials';
import { api, type Reply } from '../../../lib/api-client';
import { adminTestimonialsQueryOptions } from './list-testimonials';
import { useOptimisticOrder } from './optimistic-order';

/** `PUT /admin/testimonials/order {ids}`: every testimonial, in the new order; the reply is the stored order. */
export const orderAdminTestimonials = (ids: number[]) =>
  api.put<Reply<typeof AdminTestimonialListSchema>>(`${ADMIN_PATH}${ADMIN_TESTIMONIAL_PATHS.order}`, { ids }).then((reply) => reply.arr);

/** Reorder optimistically: the list moves at once and goes back if the server refuses; the plans page follows. */
export const useOrderAdminTestimonials = () =>
  useOptimisticOrder<AdminTestimonial>({
    queryKey: adminTestimonialsQueryOptions().queryKey,
    save: orderAdminTestimonials,
    alsoInvalidate: [['billing', 'testimonials'], ['admin', 'audit']],
  });
