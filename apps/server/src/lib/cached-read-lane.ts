import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isVipMember, type AuthMember } from './auth';
import { replyKey } from './cached-reads';
import type { MediaSigner } from './media-signature';
import { cachedReplyHead, type ReplyCache } from './reply-cache';
import { tokenFromHeader } from './tokens';

/** Bodies above this are never read by the lane (a catalogue query is a few hundred bytes). */
export const LANE_MAX_BODY_BYTES = 8 * 1024;

/** The log levels at which Fastify logs every request (the lane logs its answers then too). */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

const laneBody = Symbol('shotlib.cachedReadLaneBody');
type LaneRequest = IncomingMessage & { [laneBody]?: Buffer };
/** The connection settings of Fastify's options (with its defaults filled in) that a factory's server must carry. */
type ServerOptions = { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };

export type CachedReadLaneDeps = {
  catalogCache: ReplyCache;
  signer: MediaSigner;
  identify: (token: string) => Promise<AuthMember | null>;
  /** The member `identify` would answer from memory, at once (undefined when it would look the token up). */
  remembered: (token: string) => AuthMember | null | undefined;
  log: FastifyBaseLogger;
  /** The headers every API reply carries (security). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Only URLs under this prefix are looked up. */
  prefix: string;
};

export type CachedReadLane = {
  /** An http server whose requests go through the lane first, then to Fastify's `handler`. */
  serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void, options: Record<string, unknown>) => Server;
  /** Install on the app: POST catalogue reads become lane paths, the body the lane read reaches the parser, closing stops the lane. */
  install: (app: FastifyInstance) => void;
};

/**
 * The cached-read lane (docs/decisions/036-catalogue-read-cache.md, "Hits before routing"): a
 * request whose reply the catalogue's read cache holds is answered by the http server's own
 * handler, before Fastify routes it, parses its body, runs its hooks or builds its request and
 * reply objects; everything else goes to Fastify untouched.
 *
 * It is safe without knowing the routes: a reply is kept only by a catalogue read that succeeded
 * (validated, paywalled) under a key of the caller's entitlement class, the signing window and the
 * request as sent (replyKey), and the lane makes the very same key. A GET is looked up by its URL;
 * a POST to a catalogue read's path with a small JSON body is read here (the body is then handed
 * to Fastify's parser on a miss). The reply is the one the routes send (cachedReplyHead, the API's
 * security headers, 304 for a matching If-None-Match) and does what a hit does (a detail view).
 */
export function createCachedReadLane(deps: CachedReadLaneDeps): CachedReadLane {
  const postPaths = new Set<string>();
  // Written as one flat list of names and values (writeHead's fastest form).
  const securityFields = deps.headers.flat();
  let open = true;

  const send = (req: IncomingMessage, res: ServerResponse, startedAt: number, key: string): boolean => {
    const hit = deps.catalogCache.peek(key);
    if (!hit) return false;
    hit.onHit?.();
    const head = cachedReplyHead(req.method, req.headers, hit);
    const fields = [...securityFields, ...Object.entries(head.headers).flat()];
    if (head.status === 304) res.writeHead(304, fields).end();
    else res.writeHead(200, [...fields, 'content-length', String(hit.body.length)]).end(hit.body);
    if (LOGS_REQUESTS.has(deps.log.level)) {
      const responseTime = performance.now() - startedAt;
      deps.log.info({ req: { method: req.method, url: req.url }, res: { statusCode: head.status }, responseTime, cached: true }, 'request completed');
    }
    return true;
  };

  /** Answer from the cache with the caller's class, or hand the request to Fastify. */
  const answer = (req: IncomingMessage, res: ServerResponse, next: () => void, startedAt: number, body: unknown) => {
    const key = (vip: boolean) => replyKey(vip, deps.signer.window(), req.method!, req.url!, body);
    const token = tokenFromHeader(req.headers.authorization);
    const known = token ? deps.remembered(token) : null;
    if (known !== undefined) {
      if (!send(req, res, startedAt, key(isVipMember(known)))) next();
      return;
    }
    deps.identify(token!).then(
      (member) => {
        if (!send(req, res, startedAt, key(isVipMember(member)))) next();
      },
      // Fastify looks the session up again and answers the failure as the API does.
      () => next(),
    );
  };

  /** A POST the lane may read: a catalogue read's path, a small JSON body, not encoded. */
  const readablePost = (req: IncomingMessage): boolean => {
    const path = req.url!.split('?', 1)[0]!;
    if (!postPaths.has(path)) return false;
    const length = Number(req.headers['content-length']);
    if (!Number.isInteger(length) || length <= 0 || length > LANE_MAX_BODY_BYTES) return false;
    if (req.headers['content-encoding'] || req.headers['transfer-encoding']) return false;
    const type = req.headers['content-type']?.split(';', 1)[0]!.trim().toLowerCase();
    return type === 'application/json';
  };

  const handle = (req: LaneRequest, res: ServerResponse, next: () => void) => {
    const startedAt = performance.now();
    if (!open || !req.url?.startsWith(deps.prefix)) return next();
    if (req.method === 'GET') return answer(req, res, next, startedAt, null);
    if (req.method !== 'POST' || !readablePost(req)) return next();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // An aborted request has nobody to answer; its socket is closed by node.
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      req[laneBody] = raw;
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return next(); // Fastify's parser answers the malformed body.
      }
      answer(req, res, next, startedAt, body);
    });
  };

  return {
    serverFactory: (handler, options) => {
      const server = createServer((req, res) => handle(req, res, () => handler(req, res)));
      // What Fastify sets on a server it makes itself, and not on one from a factory: without it node's 5 s keep-alive
      // (not Fastify's 72 s) closed idle connections under clients and proxies reusing them (ECONNRESET).
      const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as Partial<ServerOptions>;
      if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
      if (connectionTimeout !== undefined) server.setTimeout(connectionTimeout);
      if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
      return server;
    },
    install(app) {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (route.config?.catalogueRead && methods.includes('POST') && !route.url.includes(':')) postPaths.add(route.url);
      });
      // The body the lane read (a miss) is the payload Fastify parses.
      app.addHook('preParsing', (request, _reply, payload, done) => {
        const raw = (request.raw as LaneRequest)[laneBody];
        done(null, raw === undefined ? payload : Readable.from([raw]));
      });
      // Closing: Fastify answers what comes meanwhile (503 on a kept-alive connection).
      app.addHook('preClose', (done) => {
        open = false;
        done();
      });
    },
  };
}
