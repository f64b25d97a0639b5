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
 * The key of a cached reply: the caller's entitlement class, the media signing window, and the
 * request as sent (method, URL and, for a POST, its body as parsed). The cached-read lane
 * (cached-read-lane.ts) makes the same key before Fastify sees the request.
 */
export const replyKey = (vip: boolean, signingWindow: number, method: string, url: string, body: unknown): string =>
  JSON.stringify([vip, signingWindow, method, url, method === 'GET' ? null : body]);

/**
 * Catalogue reads served from the per-process reply cache (docs/decisions/036-catalogue-read-cache.md)
 * in one plugin scope: the routes marked `config.catalogueRead` whose replies are the same for
 * every caller of one entitlement class (visitor/member or vip). Returns the `cached` helper the
 * routes answer with; `hitEffect` says what answering this request's reply from the cache does
 * besides sending it (the catalogue counts a detail view), kept with the reply.
 *
 * A request the same in all parts of its key (replyKey) as one answered before makes the same
 * reply: it passed validation and the paywall then, and only successful replies are kept. The key
 * is made before validation (which may change the body). Most hits never reach this scope: the
 * cached-read lane answers them before routing; these hooks answer the rest (and `app.inject`).
 */
export function installCachedReads(
  app: FastifyInstance,
  deps: { catalogCache: ReplyCache; signer: MediaSigner },
  hitEffect: (request: FastifyRequest) => (() => void) | undefined = () => undefined,
): CachedRead {
  const keys = new WeakMap<FastifyRequest, string>();
  const keyOf = (request: FastifyRequest): string => {
    const known = keys.get(request);
    if (known) return known;
    const key = replyKey(isVipMember(request.member), deps.signer.window(), request.method, request.url, request.body);
    keys.set(request, key);
    return key;
  };

  /** Answer at once from the cache when it holds this very request's reply. */
  const answerFromCache = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!request.routeOptions.config.catalogueRead) return done();
    const hit = deps.catalogCache.peek(keyOf(request));
    if (!hit) return done();
    hit.onHit?.();
    sendCachedReply(request, reply, hit);
  };
  // GETs before anything else is read; POSTs once their body is parsed, before validation.
  app.addHook('onRequest', (request, reply, done) => (request.method === 'GET' ? answerFromCache(request, reply, done) : done()));
  app.addHook('preValidation', (request, reply, done) => (request.method === 'POST' ? answerFromCache(request, reply, done) : done()));

  return async (request, reply, schemas, load, volatile = false) => {
    const keep = { volatile, onHit: hitEffect(request) };
    const hit = await deps.catalogCache.get(keyOf(request), keep, async () => JSON.stringify(schemas[200].parse(ok(await load()))));
    sendCachedReply(request, reply, hit);
  };
}
