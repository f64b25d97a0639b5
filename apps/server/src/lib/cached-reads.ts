import type { Envelope } from '@shotlib/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { z } from 'zod';
import { isVipMember } from './auth';
import { ok } from './envelope';
import type { MediaSigner } from './media-signature';
import { sendCachedReply, type ReplyCache } from './reply-cache';

/** Serve the reply of `load` for this request: cached, or loaded, checked by the route's response schema and kept. */
export type CachedRead = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  schemas: { 200: z.ZodType<unknown, Envelope<T>> },
  load: () => Promise<T>,
  volatile?: boolean,
) => Promise<void>;

/**
 * Catalogue reads served from the per-process reply cache (docs/decisions/036-catalogue-read-cache.md)
 * in one plugin scope: the routes marked `config.catalogueRead` whose replies are the same for
 * every caller of one entitlement class (visitor/member or vip). Returns the `cached` helper the
 * routes answer with; `onHit` runs when a request is answered from the cache before its handler
 * (the catalogue counts a detail view there).
 *
 * A reply's key: the caller's entitlement class, the media signing window, and the request as sent
 * (method, URL and, for a POST, its body as parsed). A request the same in all of these as one
 * answered before makes the same reply: it passed validation and the paywall then, and only
 * successful replies are kept. It is made before validation (which may change the body).
 */
export function installCachedReads(
  app: FastifyInstance,
  deps: { catalogCache: ReplyCache; signer: MediaSigner },
  onHit: (request: FastifyRequest) => void = () => {},
): CachedRead {
  const keys = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest): string => {
    const known = keys.get(request);
    if (known) return known;
    const vip = isVipMember(request.member);
    const key = JSON.stringify([vip, deps.signer.window(), request.method, request.url, request.method === 'GET' ? null : request.body]);
    keys.set(request, key);
    return key;
  };

  /** Answer at once from the cache when it holds this very request's reply. */
  const answerFromCache = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!request.routeOptions.config.catalogueRead) return done();
    const hit = deps.catalogCache.peek(keyOf(request));
    if (!hit) return done();
    onHit(request);
    sendCachedReply(request, reply, hit);
  };
  // GETs before anything else is read; POSTs once their body is parsed, before validation.
  app.addHook('onRequest', (request, reply, done) => (request.method === 'GET' ? answerFromCache(request, reply, done) : done()));
  app.addHook('preValidation', (request, reply, done) => (request.method === 'POST' ? answerFromCache(request, reply, done) : done()));

  return async (request, reply, schemas, load, volatile = false) => {
    const hit = await deps.catalogCache.get(keyOf(request), { volatile }, async () => JSON.stringify(schemas[200].parse(ok(await load()))));
    sendCachedReply(request, reply, hit);
  };
}
