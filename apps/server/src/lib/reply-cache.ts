import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A reply kept serialized and UTF-8 encoded: sent as it is, and compared by its entity tag.
 * `onHit` is what every answer from the cache does besides sending it (a detail view counts).
 */
export type CachedReply = { body: Buffer; etag: string; onHit?: () => void };

/** How a reply is kept: volatile (a ranking that moves with activity), and what a hit does. */
export type KeepOptions = { volatile: boolean; onHit?: () => void };

/**
 * A per-process cache of serialized replies for content that changes only when it is written
 * (docs/decisions/036-catalogue-read-cache.md):
 * - every entry belongs to a content *version*; `invalidate()` (a write, heard from any process)
 *   moves to the next version, and entries of an older one are never served again;
 * - a *volatile* entry (a ranking that moves with activity, not writes) is served for at most
 *   `volatileMaxAgeMs`, and once `touchVolatile()` says its scores moved, for at most
 *   `volatileMinAgeMs` after it was made; past that age (within `volatileStaleMs` and its version)
 *   it is still served while one load makes it anew (stale while revalidate): a ranking a few
 *   milliseconds older is worth more than every reader of a popular page waiting for it; those
 *   loads are made one at a time, after a turn of the event loop each;
 * - while the change feed is not live (before it listens, or after its connection dropped), nothing
 *   is served from the cache: a missed write must not leave stale replies behind;
 * - concurrent misses of one key share one load; the least recently used entries go first once
 *   `maxEntries` or `maxBytes` is reached; a failed load is not kept.
 */
export type ReplyCache = {
  /** The current content version (bumped by every write). */
  readonly version: number;
  /** Whether entries may be served now. */
  readonly live: boolean;
  /** A content write happened: everything cached so far is stale. */
  invalidate(): void;
  /** The scores behind volatile entries moved. */
  touchVolatile(): void;
  /** The change feed is listening (true) or lost (false); both drop every entry. */
  setLive(live: boolean): void;
  /** The valid reply under `key`, if there is one (loads nothing). */
  peek(key: string): CachedReply | undefined;
  /** The reply under `key`: from the cache when valid, else from `produce` (its JSON, then kept while live). */
  get(key: string, options: KeepOptions, produce: () => Promise<string>): Promise<CachedReply>;
  /** Entries held now (for tests and the bench). */
  readonly size: number;
};

type Entry = CachedReply & { version: number; epoch: number; at: number; volatile: boolean };

export type ReplyCacheOptions = {
  maxEntries?: number;
  /** Bound on the bytes of the bodies held. */
  maxBytes?: number;
  volatileMinAgeMs?: number;
  volatileMaxAgeMs?: number;
  /** How old a volatile entry may be and still be served while it is made anew. */
  volatileStaleMs?: number;
  /** Milliseconds clock (monotonic by default). */
  nowMs?: () => number;
};

export const etagOf = (body: Buffer | string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

export function createReplyCache(options: ReplyCacheOptions = {}): ReplyCache {
  const { maxEntries = 20_000, maxBytes = 128 * 1024 * 1024, volatileMinAgeMs = 10_000, volatileMaxAgeMs = 30_000, volatileStaleMs = 60_000 } = options;
  const nowMs = options.nowMs ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<CachedReply>>();
  let bytes = 0;
  let version = 0;
  let epoch = 0;
  let live = false;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const clear = () => {
    entries.clear();
    loading.clear();
    bytes = 0;
  };
  const valid = (entry: Entry): boolean => {
    if (entry.version !== version) return false;
    if (!entry.volatile) return true;
    const age = nowMs() - entry.at;
    return age < (entry.epoch === epoch ? volatileMaxAgeMs : volatileMinAgeMs);
  };
  /** A volatile entry past its age but of this version and young enough to serve while a new one is made. */
  const servableStale = (entry: Entry): boolean => entry.volatile && entry.version === version && nowMs() - entry.at < volatileStaleMs;
  const keep = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) drop(key, old);
    entries.set(key, entry);
    bytes += entry.body.length;
    // A Map iterates in insertion order, and a hit re-inserts: the first keys are the least recently used.
    for (const [oldestKey, oldest] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldestKey, oldest);
    }
  };

  /** Make the reply of `key` and keep it (if nothing was written meanwhile); concurrent asks share it. */
  const load = (key: string, { volatile, onHit }: KeepOptions, produce: () => Promise<string>): Promise<CachedReply> => {
    const started = { version, epoch, at: nowMs(), live };
    const loaded = produce().then((json) => {
      const body = Buffer.from(json);
      const reply: CachedReply = { body, etag: etagOf(body), onHit };
      if (started.live && live && version === started.version) keep(key, { ...reply, ...started, volatile });
      return reply;
    });
    if (started.live) {
      loading.set(key, loaded);
      const forget = () => {
        if (loading.get(key) === loaded) loading.delete(key);
      };
      loaded.then(forget, forget);
    }
    return loaded;
  };

  // Stale entries are made anew one at a time, each after a turn of the event loop: their readers
  // are served meanwhile, so nothing waits for them, and on PGlite (one thread) a burst of them,
  // every Hot page at once after the ranking moved, held the thread for tens of milliseconds with
  // every other request, the writes included, waiting behind.
  let refreshes: Promise<unknown> = Promise.resolve();
  const refreshing = new Set<string>();
  const refresh = (key: string, options: KeepOptions, produce: () => Promise<string>) => {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    refreshes = refreshes
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => load(key, options, produce))
      .catch(() => {})
      .finally(() => refreshing.delete(key));
  };

  return {
    get version() {
      return version;
    },
    get live() {
      return live;
    },
    get size() {
      return entries.size;
    },
    invalidate() {
      version++;
      clear();
    },
    touchVolatile() {
      epoch++;
    },
    setLive(next) {
      live = next;
      version++;
      clear();
    },
    peek(key) {
      if (!live) return undefined;
      const hit = entries.get(key);
      if (!hit || !valid(hit)) return undefined;
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    },
    get(key, options, produce) {
      if (live) {
        const hit = entries.get(key);
        if (hit && valid(hit)) {
          entries.delete(key);
          entries.set(key, hit);
          return Promise.resolve(hit);
        }
        const pending = loading.get(key);
        if (hit && servableStale(hit)) {
          // Served as it is; one load (queued here, or one already on its way) replaces it.
          if (!pending) refresh(key, options, produce);
          entries.delete(key);
          entries.set(key, hit);
          return Promise.resolve(hit);
        }
        if (hit) drop(key, hit);
        if (pending) return pending;
      }
      return load(key, options, produce);
    },
  };
}

/** What a cached reply answers to a request: its status and headers (the body goes with 200 only). */
export type CachedReplyHead = { status: 200 | 304; headers: Record<string, string> };

/**
 * The head of a cached reply: the serialized envelope with its ETag; a GET whose If-None-Match
 * names it answers 304 with no body. `Cache-Control: no-cache` lets browsers keep the reply and
 * revalidate (privately when the request carried credentials).
 */
export function cachedReplyHead(method: string | undefined, headers: IncomingHttpHeaders, cached: CachedReply): CachedReplyHead {
  const common = { etag: cached.etag, 'cache-control': headers.authorization ? 'private, no-cache' : 'no-cache' };
  if (method === 'GET' && ifNoneMatch(headers['if-none-match'], cached.etag)) return { status: 304, headers: common };
  return { status: 200, headers: { ...common, 'content-type': 'application/json; charset=utf-8' } };
}

/** Send a cached reply through Fastify (see cachedReplyHead). */
export function sendCachedReply(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  const head = cachedReplyHead(request.method, request.headers, cached);
  reply.code(head.status).headers(head.headers);
  return head.status === 304 ? reply.send() : reply.send(cached.body);
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
