import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-db';
import * as repo from './jobs.repo';
import { createJobQueue, type JobQueueOptions } from './jobs.service';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const silent = { warn: () => undefined, error: () => undefined };
const queue = (options: Partial<JobQueueOptions> = {}) => createJobQueue({ db: database.db, log: silent, pollMs: 20, ...options });

describe('job queue', () => {
  it('gives each job to one worker only, however many claim at once', async () => {
    const seen: number[] = [];
    const workers = ['a', 'b', 'c'].map((workerId) => queue({ workerId }));
    for (const worker of workers) {
      worker.register('claim-once', async (payload) => {
        seen.push((payload as { n: number }).n);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
    }
    for (let n = 0; n < 30; n++) await workers[0]!.enqueue(database.db, 'claim-once', { n });
    const ran = await Promise.all(workers.map((worker) => worker.runUntilIdle()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(30);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(await workers[0]!.pending()).toBe(0);
  });

  it('runs a job again once the lease of a worker that died has run out', async () => {
    let clock = new Date('2026-01-01T00:00:00Z');
    const now = () => clock;
    const dead = queue({ workerId: 'dead', now, leaseMs: 60_000 });
    dead.register('lease', async () => undefined);
    const id = await dead.enqueue(database.db, 'lease', { x: 1 });
    // The dead worker claimed it and never finished.
    const claimed = await repo.claimJob(database.db, ['lease'], 'dead', now(), new Date(now().getTime() + 60_000));
    expect(claimed?.id).toBe(id);

    const ran: number[] = [];
    const alive = queue({ workerId: 'alive', now, leaseMs: 60_000 });
    alive.register('lease', async (_payload, context) => void ran.push(context.attempt));
    expect(await alive.runUntilIdle()).toBe(0); // still leased
    clock = new Date(clock.getTime() + 61_000);
    expect(await alive.runUntilIdle()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await repo.jobRow(database.db, id)).toBeNull();
  });

  it('retries a failing job with backoff, then keeps it as failed', async () => {
    let clock = new Date('2026-02-01T00:00:00Z');
    const now = () => clock;
    const attempts: number[] = [];
    const worker = queue({ now, backoffMs: (attempt) => attempt * 1000 });
    worker.register('flaky', async (_payload, context) => {
      attempts.push(context.attempt);
      throw new Error(`boom ${context.attempt}`);
    });
    const id = await worker.enqueue(database.db, 'flaky', {}, { maxAttempts: 3 });
    expect(await worker.runUntilIdle()).toBe(1);
    expect(await worker.runUntilIdle()).toBe(0); // waiting 1 s
    clock = new Date(clock.getTime() + 1000);
    expect(await worker.runUntilIdle()).toBe(1);
    clock = new Date(clock.getTime() + 2000);
    expect(await worker.runUntilIdle()).toBe(1);
    clock = new Date(clock.getTime() + 60_000);
    expect(await worker.runUntilIdle()).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    expect(await repo.jobRow(database.db, id)).toMatchObject({ done: true, failed: true, attempts: 3, lastError: 'boom 3', lockedBy: null });
    expect(await worker.pending()).toBe(0);
  });

  it('runs jobs in the background once started, and stop waits for the running one', async () => {
    const done: number[] = [];
    const worker = queue();
    worker.register('background', async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done.push((payload as { n: number }).n);
    });
    worker.start();
    await worker.enqueue(database.db, 'background', { n: 1 });
    await worker.enqueue(database.db, 'background', { n: 2 });
    const start = Date.now();
    while (done.length < 2 && Date.now() - start < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
    await worker.stop();
    expect(done).toEqual([1, 2]);
  });

  it('runs jobs side by side with workers added for a while, and one at a time again once they are released', async () => {
    let running = 0;
    let most = 0;
    const worker = queue();
    worker.register('side-by-side', async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 40));
      running -= 1;
    });
    const until = async (check: () => Promise<boolean>) => {
      const start = Date.now();
      while (!(await check()) && Date.now() - start < 10_000) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    // Added before the queue runs: nothing (the queue's own worker has not started).
    worker.addWorkers(5)();
    worker.start();
    const release = worker.addWorkers(2);
    for (let n = 0; n < 9; n++) await worker.enqueue(database.db, 'side-by-side', { n });
    await until(async () => (await worker.pending()) === 0);
    expect(most).toBe(3);
    release();
    most = 0;
    for (let n = 0; n < 4; n++) await worker.enqueue(database.db, 'side-by-side', { n });
    await until(async () => (await worker.pending()) === 0);
    await worker.stop();
    expect(most).toBe(1);
  });

  it('leaves jobs of kinds it does not handle to others', async () => {
    const worker = queue();
    worker.register('mine', async () => undefined);
    const other = await worker.enqueue(database.db, 'someone-else', {});
    expect(await worker.runUntilIdle()).toBe(0);
    expect(await repo.jobRow(database.db, other)).toMatchObject({ done: false, attempts: 0 });
  });

  it('claims a job of higher priority first, then the oldest; enqueues a backlog in one go', async () => {
    const order: string[] = [];
    const worker = queue();
    worker.register('prioritised', async (payload) => void order.push((payload as { name: string }).name));
    await worker.enqueueMany(database.db, 'prioritised', [{ name: 'backlog 1' }, { name: 'backlog 2' }]);
    await worker.enqueue(database.db, 'prioritised', { name: 'upload' }, { priority: 10 });
    expect(await worker.runUntilIdle()).toBe(3);
    expect(order).toEqual(['upload', 'backlog 1', 'backlog 2']);
  });
});
