import {
  CatalogStatsSchema,
  CategoryListSchema,
  CategoryQuerySchema,
  IdParamSchema,
  ItemListQuerySchema,
  ItemListSchema,
  ItemSchema,
  PreviewListQuerySchema,
  PreviewListSchema,
} from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isVipMember } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { mergeQueryIntoBody } from '../../lib/request';
import * as service from './catalog.service';

const callerOf = (request: FastifyRequest): service.Caller => ({ vip: isVipMember(request.member) });

/** Catalogue reads: categories, the apps/sites list, one item, its screens, banner figures. */
export const catalogRoutes: FastifyPluginAsyncZod<service.CatalogDeps> = async (app, options) => {
  const deps = service.withCatalogCaches(options);
  app.get(
    '/group/child',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Category trees below a parent (9: app/site categories, 11: screen categories)',
        querystring: CategoryQuerySchema,
        response: replies(CategoryListSchema),
      },
    },
    async (request) => ok(await service.categoryChildren(deps, request.query.preId)),
  );

  app.post(
    '/platform',
    {
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['catalog'],
        summary: 'List or search apps (platform=false) or websites (platform=true)',
        description:
          'Fields may also be sent as query parameters. `name` searches names and briefs (English and Chinese) case-insensitively; ' +
          'exact name matches come first, then names starting with it, names containing it, briefs containing it, each in the rank order (N newest, H hottest), then by id. ' +
          'Regular callers stop after the free pages (code 1002). `total` may lag new items by a few seconds.',
        body: ItemListQuerySchema,
        response: replies(ItemListSchema),
      },
    },
    async (request) => ok(await service.listItems(deps, callerOf(request), request.body)),
  );

  // Registered before /platform/:id so the static path is never read as an id.
  app.get(
    '/platform/stats',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Catalogue figures for the banner',
        response: replies(CatalogStatsSchema),
      },
    },
    async () => ok(await service.catalogStats(deps)),
  );

  app.get(
    '/platform/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One app or website with its first previews',
        params: IdParamSchema,
        response: replies(ItemSchema),
      },
    },
    async (request) => ok(await service.getItem(deps, request.params.id)),
  );

  app.post(
    '/platform/app',
    {
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['catalog'],
        summary: "The screens of one app or website",
        description:
          'Fields may be sent as query parameters or a JSON body. Regular callers get the first page only and no screen filter (code 1002).',
        body: PreviewListQuerySchema,
        response: replies(PreviewListSchema),
      },
    },
    async (request) => ok(await service.listPreviews(deps, callerOf(request), request.body)),
  );
};
