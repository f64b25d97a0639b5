import { GradeParamSchema, IdParamSchema } from '@shotlib/contract';
import { AdminArticleInputSchema, AdminArticleListQuerySchema, AdminArticleListSchema, AdminArticleSchema, AdminArticleUpdateSchema, AdminCategoryInputSchema, AdminCategoryRowSchema, AdminCategoryTreeQuerySchema, AdminCategoryTreeReplySchema, AdminCategoryUpdateSchema, AdminOrderListSchema, AdminOrderQuerySchema, AdminOrderSchema, AdminPlanListSchema, AdminPlanSchema, AdminPlanUpdateSchema, ArticlePreviewInputSchema, ArticlePreviewReplySchema, OrderResolveSchema } from '@shotlib/contract/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/envelope';
import * as service from './admin-content.service';
import { callerOf } from './admin-caller';
import type { AdminDeps } from './admin.service';


const security = [{ token: [] }];
const tags = ['admin'];

/**
 * Category trees, articles, plans and orders of the admin console (decision 041). Registered by
 * admin.routes.ts inside its plugin, so `requireAdmin` runs first for every one of them.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  // ---- categories ----

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'A whole category tree (list: app/site categories below 9, screen: screen categories below 11), with how many items or screens use each',
        security,
        querystring: AdminCategoryTreeQuerySchema,
        response: replies(AdminCategoryTreeReplySchema),
      },
    },
    async (request) => ok(await service.categoryTree(deps, request.query.tree)),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Create a category in a tree (below its root or a category of the tree), three names and a sort; audited',
        security,
        body: AdminCategoryInputSchema,
        response: replies(AdminCategoryRowSchema),
      },
    },
    async (request) => ok(await service.createCategory(deps, callerOf(request), request.body)),
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename, re-sort or move a category within its tree (never a root, never below itself); audited',
        security,
        params: IdParamSchema,
        body: AdminCategoryUpdateSchema,
        response: replies(AdminCategoryRowSchema),
      },
    },
    async (request) => ok(await service.updateCategory(deps, callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category nothing uses and that has no subcategories; audited',
        security,
        params: IdParamSchema,
        response: replies(AdminCategoryRowSchema),
      },
    },
    async (request) => ok(await service.deleteCategory(deps, callerOf(request), request.params.id)),
  );

  // ---- articles ----

  app.get(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Articles, drafts and unpublished ones included, newest publication first, titled in each language',
        security,
        querystring: AdminArticleListQuerySchema,
        response: replies(AdminArticleListSchema),
      },
    },
    async (request) => ok(await service.listArticles(deps, request.query)),
  );

  app.post(
    '/articles/preview',
    {
      schema: {
        tags,
        summary: 'The HTML as saving would store it (the same sanitiser)',
        security,
        body: ArticlePreviewInputSchema,
        response: replies(ArticlePreviewReplySchema),
      },
    },
    async (request) => ok(service.previewArticleHtml(request.body.html)),
  );

  app.get(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'One article with its title and HTML in every language',
        security,
        params: IdParamSchema,
        response: replies(AdminArticleSchema),
      },
    },
    async (request) => ok(await service.getArticle(deps, request.params.id)),
  );

  app.post(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Create an article (English required, Chinese optional; HTML sanitised; a draft unless published=true); audited',
        security,
        body: AdminArticleInputSchema,
        response: replies(AdminArticleSchema),
      },
    },
    async (request) => ok(await service.createArticle(deps, callerOf(request), request.body)),
  );

  app.patch(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Edit an article: languages (replaced whole; null removes a Chinese one), cover, publication date; audited',
        security,
        params: IdParamSchema,
        body: AdminArticleUpdateSchema,
        response: replies(AdminArticleSchema),
      },
    },
    async (request) => ok(await service.updateArticle(deps, callerOf(request), request.params.id, request.body)),
  );

  for (const [action, published] of [
    ['unpublish', false],
    ['publish', true],
  ] as const) {
    app.post(
      `/articles/:id/${action}`,
      {
        schema: {
          tags,
          summary: published ? 'Put an article on the Insights pages; audited' : 'Take an article off the Insights pages; audited',
          security,
          params: IdParamSchema,
          response: replies(AdminArticleSchema),
        },
      },
      async (request) => ok(await service.setArticlePublished(deps, callerOf(request), request.params.id, published)),
    );
  }

  app.delete(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Delete an unpublished article (unpublish it first); the audit row keeps it; audited',
        security,
        params: IdParamSchema,
        response: replies(AdminArticleSchema),
      },
    },
    async (request) => ok(await service.deleteArticle(deps, callerOf(request), request.params.id)),
  );

  // ---- plans ----

  app.get(
    '/plans',
    { schema: { tags, summary: 'The plans and their prices (cents)', security, response: replies(AdminPlanListSchema) } },
    async () => ok(await service.listPlans(deps)),
  );

  app.patch(
    '/plans/:grade',
    {
      schema: {
        tags,
        summary: 'New prices of a plan (CNY and USD cents); orders already placed keep their amount; audited',
        security,
        params: GradeParamSchema,
        body: AdminPlanUpdateSchema,
        response: replies(AdminPlanSchema),
      },
    },
    async (request) => ok(await service.updatePlan(deps, callerOf(request), request.params.grade, request.body)),
  );

  // ---- orders ----

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Orders, newest first: filter by status, way, creation dates, flagged for review (resolved or not), member e-mail',
        security,
        querystring: AdminOrderQuerySchema,
        response: replies(AdminOrderListSchema),
      },
    },
    async (request) => ok(await service.listOrders(deps, request.query)),
  );

  app.post(
    '/orders/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Record how a flagged order was dealt with (accepted, refunded, dismissed) and why; moves no money; audited',
        security,
        params: IdParamSchema,
        body: OrderResolveSchema,
        response: replies(AdminOrderSchema),
      },
    },
    async (request) => ok(await service.resolveOrder(deps, callerOf(request), request.params.id, request.body)),
  );
};
