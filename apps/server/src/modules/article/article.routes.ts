import { ArticleListSchema, ArticleSchema, IdParamSchema, LangQuerySchema } from '@shotlib/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/envelope';
import * as service from './article.service';

/** Insights articles (public). */
export const articleRoutes: FastifyPluginAsyncZod<service.ArticleDeps> = async (app, deps) => {
  app.get(
    '/article',
    {
      schema: {
        tags: ['article'],
        summary: 'Articles, newest first, titled in the requested language (enUS fallback)',
        querystring: LangQuerySchema,
        response: replies(ArticleListSchema),
      },
    },
    async (request) => ok(await service.listArticles(deps, request.query.lang)),
  );

  app.get(
    '/article/:id',
    {
      schema: {
        tags: ['article'],
        summary: 'One article in the requested language (enUS fallback)',
        params: IdParamSchema,
        querystring: LangQuerySchema,
        response: replies(ArticleSchema),
      },
    },
    async (request) => ok(await service.getArticle(deps, request.params.id, request.query.lang)),
  );
};
