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
import { installCachedReads } from '../../lib/cached-reads';
import { replies } from '../../lib/envelope';
import { mergeQueryIntoBody } from '../../lib/request';
import * as service from './catalog.service';

const callerOf = (request: FastifyRequest): service.Caller => ({ vip: isVipMember(request.member) });

/**
 * Catalogue reads: categories, the apps/sites list, one item, its screens, banner figures. Every
 * reply is the same for every caller of one entitlement class (visitor/member or vip), so each is
 * served from the per-process reply cache (`deps.catalogCache`, invalidated by every catalogue write:
 * docs/decisions/036-catalogue-read-cache.md), keyed by route, parameters, class and the media
 * signing window, and serialized once through the route's response schema.
 */
export const catalogRoutes: FastifyPluginAsyncZod<service.CatalogDeps> = async (app, options) => {
  const deps = service.withCatalogCaches(options);

  // Views count on a cached detail reply too (the handler counts the loaded ones).
  const cached = installCachedReads(app, deps, (request) => {
    if (!request.routeOptions.config.countsView) return undefined;
    const id = Number((request.params as { id: string | number }).id);
    return () => service.recordItemActivity(deps, id, { views: 1 });
  });
  const categoryReplies = replies(CategoryListSchema);
  const itemListReplies = replies(ItemListSchema);
  const statsReplies = replies(CatalogStatsSchema);
  const itemReplies = replies(ItemSchema);
  const previewListReplies = replies(PreviewListSchema);
  app.get(
    '/group/child',
    {
      config: { catalogueRead: true },
      schema: {
        tags: ['catalog'],
        summary: 'Category trees below a parent (9: app/site categories, 11: screen categories)',
        querystring: CategoryQuerySchema,
        response: categoryReplies,
      },
    },
    (request, reply) => cached(request, reply, categoryReplies, () => service.categoryChildren(deps, request.query.preId)),
  );

  app.post(
    '/platform',
    {
      preValidation: mergeQueryIntoBody,
      config: { catalogueRead: true },
      schema: {
        tags: ['catalog'],
        summary: 'List or search apps (platform=false), websites (platform=true) or business software (business=true)',
        description:
          'Fields may also be sent as query parameters. `business=true` lists business (B-end) software of either platform; without it the lists exclude it. `name` searches names and briefs (English and Chinese) case-insensitively; ' +
          'exact name matches come first, then names starting with it, names containing it, briefs containing it, each in the rank order (N newest, H hottest), then by id. ' +
          'Regular callers stop after the free pages (code 1002; business software after its first page). `total` may lag new items by a few seconds.',
        body: ItemListQuerySchema,
        response: itemListReplies,
      },
    },
    (request, reply) =>
      cached(request, reply, itemListReplies, () => service.listItems(deps, callerOf(request), request.body), request.body.rank === 'H'),
  );

  // Registered before /platform/:id so the static path is never read as an id.
  app.get(
    '/platform/stats',
    {
      config: { catalogueRead: true },
      schema: {
        tags: ['catalog'],
        summary: 'Catalogue figures for the banner',
        response: statsReplies,
      },
    },
    (request, reply) => cached(request, reply, statsReplies, () => service.catalogStats(deps)),
  );

  app.get(
    '/platform/:id',
    {
      config: { catalogueRead: true, countsView: true },
      schema: {
        tags: ['catalog'],
        summary: 'One app, website or business product with its first previews and its flow count',
        params: IdParamSchema,
        response: itemReplies,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let loaded = false;
      await cached(request, reply, itemReplies, () => {
        loaded = true;
        return service.getItem(deps, id);
      });
      // getItem counts the view when it loads; a cached reply (the item exists) counts it here.
      if (!loaded) service.recordItemActivity(deps, id, { views: 1 });
    },
  );

  app.post(
    '/platform/app',
    {
      preValidation: mergeQueryIntoBody,
      config: { catalogueRead: true },
      schema: {
        tags: ['catalog'],
        summary: "The screens of one app or website",
        description:
          'Fields may be sent as query parameters or a JSON body. Regular callers get the first page only and no screen filter (code 1002).',
        body: PreviewListQuerySchema,
        response: previewListReplies,
      },
    },
    (request, reply) =>
      cached(request, reply, previewListReplies, () => service.listPreviews(deps, callerOf(request), request.body)),
  );
};
