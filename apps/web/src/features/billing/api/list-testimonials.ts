import type { Locale } from '@shotlib/contract';
import { TESTIMONIALS_PATH, type TestimonialListSchema } from '@shotlib/contract/testimonials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /testimonials?locale=`: the plans page's testimonials in the reader's language, in order (decision 053). */
export const fetchTestimonials = (locale: Locale, signal?: AbortSignal) =>
  api.get<Reply<typeof TestimonialListSchema>>(TESTIMONIALS_PATH, { query: { locale }, signal, silent: true });

export const testimonialsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['billing', 'testimonials', locale],
    queryFn: ({ signal }) => fetchTestimonials(locale, signal),
    staleTime: 5 * 60 * 1000,
  });

export const useTestimonials = (locale: Locale) => useQuery(testimonialsQueryOptions(locale));
