import { DeclineInputSchema, IdParamSchema } from '@shotlib/contract';
import {
  AdminPortfolioListSchema,
  AdminPortfolioQuerySchema,
  AdminPortfolioRequestSchema,
  AdminReviewerListSchema,
  AdminReviewerSchema,
  AssignInputSchema,
  ReviewerCreateSchema,
  ReviewerListQuerySchema,
  ReviewerUpdateSchema,
} from '@shotlib/contract/admin-portfolio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireAdmin } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { portfolioDeps, type PortfolioServices } from './portfolio.routes';
import * as service from './portfolio.service';

const security = [{ token: [] }];

/**
 * The console's reviewers and portfolio queue, under /admin (decision 046): refused to visitors
 * (401) and non-admins (403) before validation, like every admin route; every write audited.
 */
export const portfolioAdminRoutes: FastifyPluginAsyncZod<PortfolioServices> = async (app, services) => {
  const deps = portfolioDeps(services);
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/reviewers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Portfolio reviewers, by name (search by name, company or address), with their open and answered requests and mean rating',
        security,
        querystring: ReviewerListQuerySchema,
        response: replies(AdminReviewerListSchema),
      },
    },
    async (request) => ok(await service.listReviewers(deps, request.query)),
  );

  app.post(
    '/reviewers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make the account of an address (created when missing) a reviewer: name, company, bio, languages; audited',
        security,
        body: ReviewerCreateSchema,
        response: replies(AdminReviewerSchema),
      },
    },
    async (request) => ok(await service.createReviewer(deps, currentMember(request), request.body)),
  );

  app.put(
    '/reviewers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Edit a reviewer's profile; audited",
        security,
        params: IdParamSchema,
        body: ReviewerUpdateSchema,
        response: replies(AdminReviewerSchema),
      },
    },
    async (request) => ok(await service.updateReviewer(deps, currentMember(request), request.params.id, request.body)),
  );

  app.delete(
    '/reviewers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Take the reviewer role back (the account stays, a member); their unanswered requests go back to the queue; audited',
        security,
        params: IdParamSchema,
        response: replies(AdminReviewerSchema),
      },
    },
    async (request) => ok(await service.removeReviewer(deps, currentMember(request), request.params.id)),
  );

  app.get(
    '/portfolio',
    {
      schema: {
        tags: ['admin'],
        summary: 'The portfolio queue: open requests first (oldest first), then the rest; filter by state and reviewer',
        security,
        querystring: AdminPortfolioQuerySchema,
        response: replies(AdminPortfolioListSchema),
      },
    },
    async (request) => ok(await service.listQueue(deps, request.query)),
  );

  app.get(
    '/portfolio/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One portfolio request in full',
        security,
        params: IdParamSchema,
        response: replies(AdminPortfolioRequestSchema),
      },
    },
    async (request) => ok(await service.getForAdmin(deps, request.params.id)),
  );

  app.post(
    '/portfolio/:id/assign',
    {
      schema: {
        tags: ['admin'],
        summary: 'Assign (or reassign) a waiting or assigned request to a reviewer; member and reviewer are e-mailed; audited',
        security,
        params: IdParamSchema,
        body: AssignInputSchema,
        response: replies(AdminPortfolioRequestSchema),
      },
    },
    async (request) => ok(await service.assign(deps, currentMember(request), request.params.id, request.body)),
  );

  app.post(
    '/portfolio/:id/decline',
    {
      schema: {
        tags: ['admin'],
        summary: "Decline a waiting or assigned request with a reason; the member is e-mailed and gets the quota's place back; audited",
        security,
        params: IdParamSchema,
        body: DeclineInputSchema,
        response: replies(AdminPortfolioRequestSchema),
      },
    },
    async (request) => ok(await service.adminDecline(deps, currentMember(request), request.params.id, request.body)),
  );
};
