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
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Envelope } from '@shotlib/contract';
import { isVipMember } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { sendCachedReply } from '../../lib/reply-cache';
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

  /**
   * A reply's key: the caller's entitlement class, the media signing window, and the request as
   * sent (method, URL and, for a POST, its body as parsed). A request the same in all of these as
   * one answered before makes the same reply: it passed validation and the paywall then, and only
   * successful replies are kept. It is made before validation (which may change the body).
   */
  const keys = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest): string => {
    const known = keys.get(request);
    if (known) return known;
    const key = JSON.stringify([callerOf(request).vip, deps.signer.window(), request.method, request.url, request.method === 'GET' ? null : request.body]);
    keys.set(request, key);
    return key;
  };

  /** Answer at once from the cache when it holds this very request's reply (views still count). */
  const answerFromCache = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const hit = deps.catalogCache.peek(keyOf(request));
    if (!hit) return done();
    if (request.routeOptions.config.countsView) service.recordItemActivity(deps, Number((request.params as { id: string }).id), { views: 1 });
    sendCachedReply(request, reply, hit);
  };
  // GETs before anything else is read; POSTs once their body is parsed, before validation.
  app.addHook('onRequest', (request, reply, done) => (request.method === 'GET' ? answerFromCache(request, reply, done) : done()));
  app.addHook('preValidation', (request, reply, done) => (request.method === 'POST' ? answerFromCache(request, reply, done) : done()));

  /** The reply of `load` for this request's key: cached, or loaded, checked by the route's response schema and kept. */
  const cached = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    schemas: { 200: z.ZodType<unknown, Envelope<T>> },
    load: () => Promise<T>,
    volatile = false,
  ): Promise<void> => {
    const hit = await deps.catalogCache.get(keyOf(request), { volatile }, async () =>
      JSON.stringify(schemas[200].parse(ok(await load()))),
    );
    sendCachedReply(request, reply, hit);
  };
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
        summary: 'List or search apps (platform=false) or websites (platform=true)',
        description:
          'Fields may also be sent as query parameters. `name` searches names and briefs (English and Chinese) case-insensitively; ' +
          'exact name matches come first, then names starting with it, names containing it, briefs containing it, each in the rank order (N newest, H hottest), then by id. ' +
          'Regular callers stop after the free pages (code 1002). `total` may lag new items by a few seconds.',
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
        summary: 'One app or website with its first previews',
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
