import { z } from 'zod';
import { ID_MAX, LOCALES } from './constants';

/**
 * Testimonials on the plans page (issue 29.6, decision 053): words real readers gave, managed in the
 * console; none ship with the product. Each is in the one language it was given in and shows to
 * readers of that language, in the console's order; a language without any hides the section.
 */

/** `GET /testimonials?locale=`: the ones in the reader's language, in order. Paths below API_PREFIX. */
export const TESTIMONIALS_PATH = '/testimonials';

/** Paths below ADMIN_PATH. */
export const ADMIN_TESTIMONIAL_PATHS = {
  /** GET: every testimonial in order; POST: a new one, last. */
  list: '/testimonials',
  /** PUT: replace; DELETE. */
  one: (id: number) => `/testimonials/${id}`,
  /** PUT {ids}: the order (every testimonial, each once). */
  order: '/testimonials/order',
} as const;

export const TestimonialMessage = {
  missing: 'Testimonial not found.',
  orderMismatch: 'ids: send every testimonial, each once.',
} as const;

export const TESTIMONIAL_QUOTE_MAX = 400;
export const TESTIMONIAL_NAME_MAX = 80;
export const TESTIMONIAL_ROLE_MAX = 80;

export const TestimonialQuerySchema = z.object({ locale: z.enum(LOCALES).default('enUS') });

/** What a reader sees. */
export const TestimonialSchema = z.object({
  id: z.number().int(),
  quote: z.string(),
  name: z.string(),
  role: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;
export const TestimonialListSchema = z.object({ arr: z.array(TestimonialSchema), total: z.number().int() });
export type TestimonialList = z.infer<typeof TestimonialListSchema>;

/** A create or replace: who said what, in which language. */
export const AdminTestimonialInputSchema = z.object({
  locale: z.enum(LOCALES),
  quote: z.string().trim().min(1).max(TESTIMONIAL_QUOTE_MAX),
  name: z.string().trim().min(1).max(TESTIMONIAL_NAME_MAX),
  /** What they do ("Product designer, fintech"); may be empty. */
  role: z.string().trim().max(TESTIMONIAL_ROLE_MAX).default(''),
});
export type AdminTestimonialInput = z.infer<typeof AdminTestimonialInputSchema>;

export const AdminTestimonialSchema = TestimonialSchema.extend({
  locale: z.enum(LOCALES),
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type AdminTestimonial = z.infer<typeof AdminTestimonialSchema>;
export const AdminTestimonialListSchema = z.object({ arr: z.array(AdminTestimonialSchema), total: z.number().int() });

export const TestimonialOrderSchema = z.object({
  ids: z.array(z.number().int().min(1).max(ID_MAX)).max(500),
});
