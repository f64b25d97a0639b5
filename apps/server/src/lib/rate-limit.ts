import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from './errors';

/** At most `max` hits per fixed window of `windowMs`. */
export type Limit = { max: number; windowMs: number };

export type HitResult = { allowed: boolean; retryAfterMs: number };

/** Counts hits per key in fixed windows. Implementations: in-process, or Redis shared by processes. */
export interface CounterStore {
  /** Add one hit to `key` in the window that contains `now`; the count after the hit. */
  increment(key: string, windowMs: number, now: number): Promise<number>;
  close(): Promise<void>;
}

/** In-process counters: right for one process; every process counts on its own. */
export function memoryCounterStore(): CounterStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  let hits = 0;
  return {
    async increment(key, windowMs, now) {
      // Forget expired windows now and then so the map does not grow without bound.
      if (++hits % 1000 === 0) {
        for (const [k, v] of counters) if (v.expiresAt <= now) counters.delete(k);
      }
      const current = counters.get(key);
      if (!current || current.expiresAt <= now) {
        counters.set(key, { count: 1, expiresAt: now + windowMs });
        return 1;
      }
      current.count += 1;
      return current.count;
    },
    async close() {
      counters.clear();
    },
  };
}

/** INCR and set the expiry on the first hit, atomically (a crash between the two cannot leave a key forever). */
const INCREMENT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

type RedisWithIncrement = Redis & { rateIncrement(key: string, windowMs: number): Promise<number> };

/** How long one Redis command may take before the hit is counted in process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** The longest wait between two reconnection attempts. */
const REDIS_RECONNECT_MAX_MS = 1000;

/**
 * Counters in Redis, shared by every process. If Redis cannot answer within
 * REDIS_COMMAND_TIMEOUT_MS (down, unreachable or frozen), the hit is counted in process instead:
 * limits stay in force, per process, until it is back. A timed-out command drops the connection,
 * so the hits that follow are counted in process at once (no waiting on a frozen server) while
 * the client reconnects by itself; counting returns to Redis once the connection is ready again.
 * Each outage is logged once, when it starts, and its end once.
 */
export function redisCounterStore(url: string, log: FastifyBaseLogger): CounterStore & {
  /** Resolves once the connection takes commands (hits before that are counted in process); rejects if it ends for good. */
  ready(): Promise<void>;
} {
  const redis = new Redis(url, {
    // Fail fast rather than queue: a login must not wait for a Redis that is down.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A frozen server keeps its connection open and never answers: every command gives up in time.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnect for ever, soon: 100 ms, 200 ms, … at most REDIS_RECONNECT_MAX_MS apart.
    retryStrategy: (times) => Math.min(times * 100, REDIS_RECONNECT_MAX_MS),
  }) as RedisWithIncrement;
  redis.defineCommand('rateIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  let outage = false;
  const unavailable = (err: unknown) => {
    if (outage) return;
    outage = true;
    log.warn({ err }, 'redis unavailable: rate limits are counted in process until it answers again');
  };
  redis.on('error', unavailable);
  redis.on('ready', () => {
    if (!outage) return;
    outage = false;
    log.info('redis answers again: rate limits are counted in Redis');
  });
  const fallback = memoryCounterStore();
  return {
    ready: () =>
      new Promise<void>((resolve, reject) => {
        const ended = () => new Error('redis connection ended before it was ready');
        if (redis.status === 'ready') return resolve();
        if (redis.status === 'end') return reject(ended());
        const onReady = () => {
          redis.off('end', onEnd);
          resolve();
        };
        const onEnd = () => {
          redis.off('ready', onReady);
          reject(ended());
        };
        redis.once('ready', onReady).once('end', onEnd);
      }),
    async increment(key, windowMs, now) {
      try {
        return Number(await redis.rateIncrement(key, windowMs));
      } catch (err) {
        unavailable(err);
        // A command that timed out on a ready connection: the server is frozen or the link is dead.
        // Drop the connection (and what waits on it) and reconnect; until then hits fail fast.
        if (redis.status === 'ready' && err instanceof Error && /timed out/i.test(err.message)) redis.disconnect(true);
        return fallback.increment(key, windowMs, now);
      }
    },
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}

/** A short, stable stand-in for a subject (an e-mail address) so keys do not hold personal data. */
export const subjectKey = (value: string): string => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export type RateLimiter = {
  /**
   * Count one hit of `name` for `subject` against every limit. Allowed only when every window is
   * still within its maximum; `retryAfterMs` is the longest wait among the exceeded ones.
   */
  hit(name: string, subject: string, limits: readonly Limit[]): Promise<HitResult>;
  /** Like `hit`, but throws the generic 429 when a limit is exceeded. */
  enforce(name: string, subject: string, limits: readonly Limit[]): Promise<void>;
  close(): Promise<void>;
};

export function createRateLimiter(store: CounterStore, now: () => Date = () => new Date()): RateLimiter {
  const hit: RateLimiter['hit'] = async (name, subject, limits) => {
    const at = now().getTime();
    let retryAfterMs = 0;
    for (const { max, windowMs } of limits) {
      const window = Math.floor(at / windowMs);
      const count = await store.increment(`rl:${name}:${windowMs}:${subject}:${window}`, windowMs, at);
      if (count > max) retryAfterMs = Math.max(retryAfterMs, (window + 1) * windowMs - at);
    }
    return { allowed: retryAfterMs === 0, retryAfterMs };
  };
  return {
    hit,
    async enforce(name, subject, limits) {
      const result = await hit(name, subject, limits);
      if (!result.allowed) throw new TooManyRequestsError(Math.max(1, Math.ceil(result.retryAfterMs / 1000)));
    },
    close: () => store.close(),
  };
}
