import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';

/** Hashed build output: the name changes whenever the content does. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const NOT_BUILT_MESSAGE = 'The web app is not built. Run `npm run build`, then start the server again.';

/**
 * Where the built web app lives: WEB_DIST, or apps/web/dist found from this file. This file is
 * apps/server/src/spa.ts under tsx/vitest and inlined into apps/server/dist/main.js when
 * bundled: both sit two levels below apps/.
 */
export function resolveWebDist(config: Pick<Config, 'WEB_DIST'>): string {
  if (config.WEB_DIST) return path.resolve(config.WEB_DIST);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/** Paths the SPA never owns: the API and docs, media, the health check. */
const NOT_SPA = /^\/(ui|media|healthz|readyz)(\/|$)/;

/** A browser navigation to a page route (history mode): answer with index.html. */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (NOT_SPA.test(pathname)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serve the built SPA at `/`. Returns the history-mode fallback for the not-found handler.
 * Without a build, page requests get a plain 503 saying how to build; the API is unaffected.
 */
export function registerSpa(app: FastifyInstance, webDist: string): (reply: FastifyReply) => FastifyReply {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    const notBuilt = (reply: FastifyReply) =>
      reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    app.get('/', { schema: { hide: true } }, (_request, reply) => notBuilt(reply));
    return notBuilt;
  }
  const assets = path.join(webDist, 'assets') + path.sep;
  app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // An array: with preCompressed, @fastify/static looks a string index up as no index at all (`/` would be a 404).
    index: ['index.html'],
    cacheControl: false,
    // The web build writes x.br and x.gz beside every text asset (apps/web/build/precompress.ts): send the best one
    // the request accepts, with Content-Encoding and `Vary: Accept-Encoding`; the plain file otherwise.
    preCompressed: true,
    setHeaders: (reply, file) => {
      // `file` is the one sent (x.js.br for x.js): its folder decides, not its extension.
      reply.header('cache-control', file.startsWith(assets) ? ASSET_CACHE_CONTROL : 'no-cache');
    },
  });
  return (reply) => reply.sendFile('index.html');
}
