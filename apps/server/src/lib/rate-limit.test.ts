import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from './errors';
import { createRateLimiter, memoryCounterStore, redisCounterStore, type CounterStore } from './rate-limit';

const silent = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** Exercise any store: fixed windows, separate keys, several limits at once. */
function behavesAsALimiter(makeStore: () => CounterStore) {
  it('allows max hits per window, then refuses until the next window', async () => {
    let now = 1_000_000_000_000;
    const limiter = createRateLimiter(makeStore(), () => new Date(now));
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
    const limiter = createRateLimiter(makeStore(), () => new Date(now));
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

describe('in-process counters', () => behavesAsALimiter(memoryCounterStore));

describe('Redis counters (a real redis-server on loopback)', () => {
  let redis: ChildProcess;
  let url: string;
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
    });
    url = `redis://127.0.0.1:${port}`;
  });
  afterAll(() => {
    redis.kill();
  });

  behavesAsALimiter(() => redisCounterStore(url, silent));

  it('shares counts between processes (two clients of one Redis)', async () => {
    const now = () => new Date(3_000_000_000_000);
    const a = createRateLimiter(redisCounterStore(url, silent), now);
    const b = createRateLimiter(redisCounterStore(url, silent), now);
    const limits = [{ max: 2, windowMs: 60_000 }];
    // The first command waits for the connection; later ones fail fast when Redis is away.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await a.hit('shared', 'x', limits)).allowed).toBe(true);
    expect((await b.hit('shared', 'x', limits)).allowed).toBe(true);
    expect((await a.hit('shared', 'x', limits)).allowed).toBe(false);
    await a.close();
    await b.close();
  });

  it('keeps limiting in process when Redis cannot be reached', async () => {
    const limiter = createRateLimiter(redisCounterStore('redis://127.0.0.1:1', silent), () => new Date(4_000_000_000_000));
    const limits = [{ max: 1, windowMs: 60_000 }];
    expect((await limiter.hit('down', 'x', limits)).allowed).toBe(true);
    expect((await limiter.hit('down', 'x', limits)).allowed).toBe(false);
    await limiter.close();
  });
});
