import {
  CollectedFlowIdsSchema,
  CollectedFlowListSchema,
  CollectListQuerySchema,
  FlowCollectReplySchema,
  FlowListQuerySchema,
  FlowListSchema,
  FlowSchema,
  IdParamSchema,
} from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, isVipMember, requireMember } from '../../lib/auth';
import { installCachedReads } from '../../lib/cached-reads';
import { ok, replies } from '../../lib/envelope';
import { mergeQueryIntoBody } from '../../lib/request';
import * as service from './flow.service';

const callerOf = (request: FastifyRequest): service.Caller => ({ vip: isVipMember(request.member) });
const collectorOf = (request: FastifyRequest): service.Collector => {
  const caller = currentMember(request);
  return { id: caller.id, vip: isVipMember(caller) };
};

const security = [{ token: [] }];

/**
 * Flows (decision 045). The reads (cards, one flow) are the same for every caller of one
 * entitlement class, so they are served from the catalogue's reply cache like the catalogue's
 * (invalidated by every flow or step write: migration 0011's triggers). Collecting flows is for
 * members (401 before validation, as the screen collection).
 */
export const flowRoutes: FastifyPluginAsyncZod<service.FlowDeps> = async (app, options) => {
  const deps = service.withFlowCaches(options);
  const cached = installCachedReads(app, deps);
  const listReplies = replies(FlowListSchema);
  const flowReplies = replies(FlowSchema);

  app.post(
    '/flow',
    {
      preValidation: mergeQueryIntoBody,
      config: { catalogueRead: true },
      schema: {
        tags: ['flow'],
        summary: 'Flow cards across the library (by item kind and flow types, News or Hot) or of one item',
        description:
          'Fields may also be sent as query parameters. With `appSiteId`, the flows of that item in the console order (`kind` and `rank` ignored). ' +
          'N: newest flows first; H: the flows of the hottest items first, then the newest. Flows without steps and flows of unpublished items are not listed.',
        body: FlowListQuerySchema,
        response: listReplies,
      },
    },
    (request, reply) =>
      cached(request, reply, listReplies, () => service.listFlows(deps, request.body), service.isVolatileList(request.body)),
  );

  app.get(
    '/flow/:id',
    {
      config: { catalogueRead: true },
      schema: {
        tags: ['flow'],
        summary: 'One flow with the steps the caller may play',
        description:
          'Regular callers get the first free steps (`locked: true` when there are more; their screens are not sent); subscribers every step. 404 for a missing flow.',
        params: IdParamSchema,
        response: flowReplies,
      },
    },
    (request, reply) => cached(request, reply, flowReplies, () => service.getFlow(deps, callerOf(request), request.params.id)),
  );

  app.put(
    '/flow/:id/fav',
    {
      onRequest: requireMember,
      config: { keepsSessions: true },
      schema: {
        tags: ['flow'],
        summary: 'Collect a whole flow (idempotent)',
        description: 'Regular members may collect up to the limit of the entitlement table (code 1002 beyond it); subscribers without limit. 404 for a missing flow.',
        security,
        params: IdParamSchema,
        response: replies(FlowCollectReplySchema),
      },
    },
    async (request) => ok(await service.collectFlow(deps, collectorOf(request), request.params.id)),
  );

  app.delete(
    '/flow/:id/fav',
    {
      onRequest: requireMember,
      config: { keepsSessions: true },
      schema: {
        tags: ['flow'],
        summary: 'Remove a flow from the collection (idempotent)',
        security,
        params: IdParamSchema,
        response: replies(FlowCollectReplySchema),
      },
    },
    async (request) => ok(await service.uncollectFlow(deps, collectorOf(request), request.params.id)),
  );

  app.post(
    '/flow/fav',
    {
      onRequest: requireMember,
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['flow'],
        summary: "The caller's collected flows, newest first",
        description: 'Fields may be sent as query parameters or a JSON body. Each entry is a flow card with when it was collected.',
        security,
        body: CollectListQuerySchema,
        response: replies(CollectedFlowListSchema),
      },
    },
    async (request) => ok(await service.listCollectedFlows(deps, collectorOf(request), request.body)),
  );

  app.get(
    '/flow/fav/ids',
    {
      onRequest: requireMember,
      schema: {
        tags: ['flow'],
        summary: 'The ids of every flow the caller has collected, newest first',
        security,
        response: replies(CollectedFlowIdsSchema),
      },
    },
    async (request) => ok(await service.collectedFlowIds(deps, collectorOf(request))),
  );
};
