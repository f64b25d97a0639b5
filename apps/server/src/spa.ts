import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { createFirstView, type BuildManifest, type FirstViewDocument, type PageRenderer } from './first-view';

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

/** The encoding of a reply to a request that accepts these (not q=0): brotli, then gzip, else none. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, document: FirstViewDocument): FastifyReply {
  const encoding = encodingFor(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  // The page rendered on the server starts the app with an inline script: the policy (app.ts) allows that one.
  const policy = reply.raw.getHeader('content-security-policy');
  if (document.scriptHash && typeof policy === 'string') {
    reply.header('content-security-policy', policy.replace("script-src 'self'", `script-src 'self' ${document.scriptHash}`));
  }
  return reply.send(encoding ? document[encoding] : document.html);
}

/** The web build's manifest (its chunks, for the first view's preloads); null when the build wrote none. */
function readManifest(webDist: string): BuildManifest | null {
  const file = path.join(webDist, '.vite', 'manifest.json');
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : null;
  } catch {
    return null;
  }
}

/**
 * The web build's server entry (`vite build --ssr`, dist/.ssr/entry-server.js): loaded once, when a list page is first
 * asked for; null without it (a build from before it, or a test's), and the list pages go without their markup.
 */
function pageRenderer(app: FastifyInstance, webDist: string): () => Promise<PageRenderer | null> {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  let loading: Promise<PageRenderer | null> | null = null;
  return () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderPage?: PageRenderer }) => module.renderPage ?? null,
          (error: unknown) => {
            app.log.error({ err: error }, 'the web build\'s server entry could not be loaded');
            return null;
          },
        )
      : Promise.resolve(null));
}

type SpaPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

/**
 * Serve the built SPA at `/`. Returns the history-mode fallback for the not-found handler: index.html, with the
 * first view written in on the list pages (first-view.ts). Without a build, page requests get a plain 503 saying
 * how to build; the API is unaffected.
 */
export function registerSpa(app: FastifyInstance, webDist: string): SpaPage {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    const notBuilt = (_request: FastifyRequest, reply: FastifyReply) =>
      reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    app.get('/', { schema: { hide: true } }, notBuilt);
    return notBuilt;
  }
  const assets = path.join(webDist, 'assets') + path.sep;
  app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // `/` is the page route below (its first view), not the folder's index.
    index: false,
    cacheControl: false,
    // The web build writes x.br and x.gz beside every text asset (apps/web/build/precompress.ts): send the best one
    // the request accepts, with Content-Encoding and `Vary: Accept-Encoding`; the plain file otherwise.
    preCompressed: true,
    // The build's own records are not the site's: Vite's manifest (.vite) and the server entry (.ssr).
    allowedPath: (pathname) => !/^\/\./.test(pathname),
    setHeaders: (reply, file) => {
      // `file` is the one sent (x.js.br for x.js): its folder decides, not its extension.
      reply.header('cache-control', file.startsWith(assets) ? ASSET_CACHE_CONTROL : 'no-cache');
    },
  });
  const firstView = createFirstView(app, readFileSync(path.join(webDist, 'index.html'), 'utf8'), readManifest(webDist), pageRenderer(app, webDist));
  const page: SpaPage = async (request, reply) => {
    const [pathname, query] = request.url.split('?');
    const document = request.method === 'GET' && !query ? await firstView(pathname ?? '/') : null;
    return document ? sendDocument(request, reply, document) : reply.sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, page);
  return page;
}
