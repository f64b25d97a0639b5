import { CollectedIdsSchema, CollectListQuerySchema, CollectListSchema, CollectReplySchema, IdParamSchema } from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, isVipMember, requireMember } from '../../lib/auth';
import { ok, replies } from '../../lib/envelope';
import { mergeQueryIntoBody } from '../../lib/request';
import * as service from './collect.service';

const collectorOf = (request: FastifyRequest): service.Collector => {
  const caller = currentMember(request);
  return { id: caller.id, vip: isVipMember(caller) };
};

const security = [{ token: [] }];
// onRequest, not preHandler: a caller without a live session gets 401 before their input is validated.
// keepsSessions on collect and un-collect: they end no session and change no member, so the remembered
// session lookups stay (app.ts); a collect mix would otherwise query the session again after every
// write. (The collection's reads still forget them, as before.)

/** Collections: collect and un-collect previews, list the caller's collection (members only). */
export const collectRoutes: FastifyPluginAsyncZod<service.CollectDeps> = async (app, deps) => {
  app.put(
    '/platform/preview/:id',
    {
      onRequest: requireMember,
      config: { keepsSessions: true },
      schema: {
        tags: ['collect'],
        summary: 'Collect a preview (idempotent)',
        description:
          'Collecting a preview already collected changes nothing. 404 for a preview that does not exist. ' +
          'Regular members may collect up to the limit of the entitlement table (code 1002 beyond it); subscribers without limit.',
        security,
        params: IdParamSchema,
        response: replies(CollectReplySchema),
      },
    },
    async (request) => ok(await service.collectPreview(deps, collectorOf(request), request.params.id)),
  );

  app.delete(
    '/platform/preview/:id',
    {
      onRequest: requireMember,
      config: { keepsSessions: true },
      schema: {
        tags: ['collect'],
        summary: 'Remove a preview from the collection (idempotent)',
        description: 'Removing a preview that is not collected is not an error.',
        security,
        params: IdParamSchema,
        response: replies(CollectReplySchema),
      },
    },
    async (request) => ok(await service.uncollectPreview(deps, collectorOf(request), request.params.id)),
  );

  app.post(
    '/platform/fav',
    {
      onRequest: requireMember,
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['collect'],
        summary: "The caller's collection, newest first",
        description: 'Fields may be sent as query parameters or a JSON body. Each entry is a preview with its app or website.',
        security,
        body: CollectListQuerySchema,
        response: replies(CollectListSchema),
      },
    },
    async (request) => ok(await service.listCollection(deps, collectorOf(request), request.body)),
  );

  app.get(
    '/platform/fav/ids',
    {
      onRequest: requireMember,
      schema: {
        tags: ['collect'],
        summary: 'The ids of every preview the caller has collected, newest first',
        security,
        response: replies(CollectedIdsSchema),
      },
    },
    async (request) => ok(await service.collectedIds(deps, collectorOf(request))),
  );
};
