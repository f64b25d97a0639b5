import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors';
import { startRedisServer, type RedisTestServer } from '../test/redis-server';
import { createRateLimiter, memoryCounterStore, redisCounterStore, type CounterStore } from './rate-limit';

const silent = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** Exercise any store: fixed windows, separate keys, several limits at once. */
function behavesAsALimiter(makeStore: () => Promise<CounterStore>) {
  it('allows max hits per window, then refuses until the next window', async () => {
    let now = 1_000_000_000_000;
    const limiter = createRateLimiter(await makeStore(), () => new Date(now));
    const limits = [{ max: 2, windowMs: 60_000 }];
    const subject = `s-${Math.random()}`;
    expect((await limiter.hit('t', subject, limits)).allowed).toBe(true);
    expect((await limiter.hit('t', subject, limits)).allowed).toBe(true);
    const third = await limiter.hit('t', subject, limits);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterMs).toBe(60_000 - (now % 60_000));
    await expect(limiter.enforce('t', subject, limits)).rejects.toBeInstanceOf(TooManyRequestsError);
    expect((await limiter.hit('t', `${subject}-other`, limits)).allowed).toBe(true);
    expect((await limiter.hit('u', subject, limits)).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit('t', subject, limits)).allowed).toBe(true);
    await limiter.close();
  });

  it('refuses when any of several limits is exceeded', async () => {
    let now = 2_000_000_040_000;
    const limiter = createRateLimiter(await makeStore(), () => new Date(now));
    const limits = [
      { max: 3, windowMs: 60_000 },
      { max: 4, windowMs: 3_600_000 },
    ];
    const subject = `m-${Math.random()}`;
    for (let i = 0; i < 3; i++) expect((await limiter.hit('t', subject, limits)).allowed).toBe(true);
    now += 60_000;
    expect((await limiter.hit('t', subject, limits)).allowed).toBe(true);
    expect((await limiter.hit('t', subject, limits)).allowed).toBe(false);
    await limiter.close();
  });
}

describe('in-process counters', () => behavesAsALimiter(async () => memoryCounterStore()));

describe('Redis counters (a real redis-server on loopback)', () => {
  let server: RedisTestServer;
  let url: string;
  /** What the stores warn about: a warning means a hit was counted in process, not in Redis. */
  const warnings: unknown[] = [];
  const watchful = { ...silent, warn: (entry: unknown) => warnings.push(entry) } as unknown as FastifyBaseLogger;
  /** A store whose connection is ready: every hit goes to Redis. */
  const readyStore = async () => {
    const store = redisCounterStore(url, watchful);
    await store.ready();
    return store;
  };

  beforeAll(async () => {
    server = await startRedisServer();
    url = server.url;
  });
  afterAll(() => server.close());
  afterEach(() => {
    // Every test of this block counts in Redis only: no hit may have fallen back to the process.
    expect(warnings.splice(0)).toEqual([]);
  });

  behavesAsALimiter(readyStore);

  it('shares counts between processes (two clients of one Redis)', async () => {
    const now = () => new Date(3_000_000_000_000);
    const a = createRateLimiter(await readyStore(), now);
    const b = createRateLimiter(await readyStore(), now);
    const limits = [{ max: 2, windowMs: 60_000 }];
    expect((await a.hit('shared', 'x', limits)).allowed).toBe(true);
    expect((await b.hit('shared', 'x', limits)).allowed).toBe(true);
    expect((await a.hit('shared', 'x', limits)).allowed).toBe(false);
    await a.close();
    await b.close();
  });

  it('keeps limiting in process when Redis cannot be reached', async () => {
    const log: unknown[] = [];
    const store = redisCounterStore('redis://127.0.0.1:1', { ...silent, warn: (entry: unknown) => log.push(entry) } as unknown as FastifyBaseLogger);
    const limiter = createRateLimiter(store, () => new Date(4_000_000_000_000));
    const limits = [{ max: 1, windowMs: 60_000 }];
    expect((await limiter.hit('down', 'x', limits)).allowed).toBe(true);
    expect((await limiter.hit('down', 'x', limits)).allowed).toBe(false);
    // Said once, not once per hit.
    expect(log).toHaveLength(1);
    await limiter.close();
  });

  it('counts in process within 250 ms while Redis is frozen, says so once, and goes back to Redis when it answers again', async () => {
    const log: unknown[] = [];
    const info: unknown[] = [];
    const store = redisCounterStore(url, { ...silent, warn: (entry: unknown) => log.push(entry), info: (entry: unknown) => info.push(entry) } as unknown as FastifyBaseLogger);
    await store.ready();
    const check = new Redis(url);
    const key = `rl:frozen:${Math.random()}`;
    try {
      expect(await store.increment(key, 60_000, Date.now())).toBe(1);
      server.freeze();
      try {
        // Every hit answers quickly and is counted (in process: Redis holds 1, the process counts on from 1).
        for (let i = 1; i <= 5; i++) {
          const started = performance.now();
          expect(await store.increment(key, 60_000, Date.now())).toBe(i);
          expect(performance.now() - started).toBeLessThan(1000);
        }
        // Still frozen while the client tries to reconnect: hits still answer in time.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const started = performance.now();
        expect(await store.increment(key, 60_000, Date.now())).toBe(6);
        expect(performance.now() - started).toBeLessThan(1000);
      } finally {
        server.resume();
      }
      // One warning for the whole outage, not one per hit.
      expect(log).toHaveLength(1);
      // It reconnects by itself: a hit made after the resume lands in Redis. (A fresh key: the
      // command that timed out was already written, and the resumed server still runs it.)
      const after = `${key}:after`;
      await expect
        .poll(async () => {
          await store.increment(after, 60_000, Date.now());
          return Number(await check.get(after));
        }, { timeout: 10_000, interval: 100 })
        .toBeGreaterThanOrEqual(1);
      expect(info.length).toBeGreaterThanOrEqual(1);
      expect(log).toHaveLength(1);
    } finally {
      server.resume();
      check.disconnect();
      await store.close();
    }
  });
});
