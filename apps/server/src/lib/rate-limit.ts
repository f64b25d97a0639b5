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

/**
 * Counters in Redis, shared by every process. If Redis cannot answer, the hit is counted in
 * process instead (logged once a minute): limits stay in force, per process, until it is back.
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
  }) as RedisWithIncrement;
  redis.defineCommand('rateIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      log.warn({ err }, 'redis unavailable: rate limits are counted in process');
    }
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
        if (Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now();
          log.warn({ err }, 'redis unavailable: rate limits are counted in process');
        }
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
