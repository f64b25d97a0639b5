import { IdParamSchema, ScreenListQuerySchema, ScreenListSchema, SIMILAR_SCREENS, SimilarScreenListSchema } from '@shotlib/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isVipMember } from '../../lib/auth';
import { installCachedReads } from '../../lib/cached-reads';
import { replies } from '../../lib/envelope';
import { mergeQueryIntoBody } from '../../lib/request';
import * as service from './screen.service';

const callerOf = (request: FastifyRequest): service.Caller => ({ vip: isVipMember(request.member) });

/**
 * The Screens view (decision 047). Its replies are the same for every caller of one entitlement
 * class, so they are served from the catalogue's reply cache like the catalogue's and the flows'
 * (invalidated by every write of screens, their elements, items and categories: migrations 0007,
 * 0011 and 0013). The paywall runs in the handler, before anything is cached.
 */
export const screenRoutes: FastifyPluginAsyncZod<service.ScreenDeps> = async (app, options) => {
  const deps = service.withScreenCaches(options);
  const cached = installCachedReads(app, deps);
  const listReplies = replies(ScreenListSchema);
  const similarReplies = replies(SimilarScreenListSchema);

  app.post(
    '/screen',
    {
      preValidation: mergeQueryIntoBody,
      config: { catalogueRead: true },
      schema: {
        tags: ['screen'],
        summary: 'Screens across the library: filters, search, News or Hot',
        description:
          'Fields may also be sent as query parameters. `type` (screen types) and `group` (app categories) match any of their ids, `element` (UI elements) all of them; ' +
          '`color` a swatch; `theme` light or dark screens (mean luminance of the pixels); `q` screen types, UI elements and app categories by name in any language, and the text read inside the screens. ' +
          'N: newest screens first; H: the hottest apps first, each app\'s screens in their order. Regular callers get the first pages, ' +
          'drawn from the screens they may open in their app (code 1002 beyond).',
        body: ScreenListQuerySchema,
        response: listReplies,
      },
    },
    (request, reply) =>
      cached(request, reply, listReplies, () => service.listScreens(deps, callerOf(request), request.body), service.isVolatileList(request.body)),
  );

  app.get(
    '/screen/:id/similar',
    {
      config: { catalogueRead: true },
      schema: {
        tags: ['screen'],
        summary: 'Screens like this one',
        description:
          `Up to ${SIMILAR_SCREENS} screens on the same kind of device: the same screen type first, then the most UI elements and colours in common and the nearest layout. ` +
          'Drawn from the screens the caller may open; 404 for a missing screen, code 1002 when the caller may not open this one.',
        params: IdParamSchema,
        response: similarReplies,
      },
    },
    (request, reply) => cached(request, reply, similarReplies, () => service.similarScreens(deps, callerOf(request), request.params.id)),
  );
};
