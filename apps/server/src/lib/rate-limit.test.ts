import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors';
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
  let redis: ChildProcess;
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
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'pipe' });
    await new Promise<void>((resolve, reject) => {
      redis.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve();
      });
      redis.once('error', reject);
      redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready`)));
    });
    url = `redis://127.0.0.1:${port}`;
  });
  afterAll(() => {
    redis.kill();
  });
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
});
