import { ADMIN_PATH } from '@shotlib/contract/admin';
import { ADMIN_TESTIMONIAL_PATHS, type AdminTestimonialListSchema } from '@shotlib/contract/testimonials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /admin/testimonials`: every testimonial of the plans page in its order, whatever its language (decision 053). */
export const fetchAdminTestimonials = (signal?: AbortSignal) =>
  api
    .get<Reply<typeof AdminTestimonialListSchema>>(`${ADMIN_PATH}${ADMIN_TESTIMONIAL_PATHS.list}`, { signal, silent: true })
    .then((reply) => reply.arr);

export const adminTestimonialsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'testimonials'], queryFn: ({ signal }) => fetchAdminTestimonials(signal) });

export const useAdminTestimonials = () => useQuery(adminTestimonialsQueryOptions());
