import { IdParamSchema } from '@shotlib/contract';
import {
  ADMIN_TESTIMONIAL_PATHS,
  AdminTestimonialInputSchema,
  AdminTestimonialListSchema,
  AdminTestimonialSchema,
  TestimonialListSchema,
  TestimonialOrderSchema,
  TestimonialQuerySchema,
  TESTIMONIALS_PATH,
} from '@shotlib/contract/testimonials';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireAdmin } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import * as service from './testimonial.service';

const security = [{ token: [] }];
const caller = (request: Parameters<typeof currentMember>[0]) => {
  const member = currentMember(request);
  return { id: member.id, email: member.email };
};

/** `GET /testimonials?locale=`: the plans page's testimonials in the reader's language (decision 053). */
export const testimonialRoutes: FastifyPluginAsyncZod<service.TestimonialDeps> = async (app, deps) => {
  app.get(
    TESTIMONIALS_PATH,
    {
      schema: {
        tags: ['billing'],
        summary: 'Testimonials for the plans page in one language, in order (none: the page shows no testimonials)',
        querystring: TestimonialQuerySchema,
        response: replies(TestimonialListSchema),
      },
    },
    async (request) => ok(await service.listForReaders(deps, request.query.locale)),
  );
};

/**
 * The console's testimonials, under /admin: refused to visitors (401) and non-admins (403) before
 * validation, like every admin route; every write audited (target `testimonial`).
 */
export const testimonialAdminRoutes: FastifyPluginAsyncZod<service.TestimonialDeps> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    ADMIN_TESTIMONIAL_PATHS.list,
    { schema: { tags: ['admin'], summary: 'Every testimonial of the plans page, in order', security, response: replies(AdminTestimonialListSchema) } },
    async () => ok(await service.listAll(deps)),
  );

  app.post(
    ADMIN_TESTIMONIAL_PATHS.list,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a testimonial (its language, quote, name and role), last; audited',
        security,
        body: AdminTestimonialInputSchema,
        response: replies(AdminTestimonialSchema),
      },
    },
    async (request) => ok(await service.create(deps, caller(request), request.body)),
  );

  app.put(
    ADMIN_TESTIMONIAL_PATHS.order,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder the testimonials (every id once); audited',
        security,
        body: TestimonialOrderSchema,
        response: replies(AdminTestimonialListSchema),
      },
    },
    async (request) => ok(await service.order(deps, caller(request), request.body.ids)),
  );

  app.put(
    '/testimonials/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a testimonial; audited',
        security,
        params: IdParamSchema,
        body: AdminTestimonialInputSchema,
        response: replies(AdminTestimonialSchema),
      },
    },
    async (request) => ok(await service.replace(deps, caller(request), request.params.id, request.body)),
  );

  app.delete(
    '/testimonials/:id',
    {
      schema: { tags: ['admin'], summary: 'Delete a testimonial; audited', security, params: IdParamSchema, response: replies(AdminTestimonialSchema) },
    },
    async (request) => ok(await service.remove(deps, caller(request), request.params.id)),
  );
};
