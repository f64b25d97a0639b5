import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Handle } from '../../db/transaction';
import * as repo from './jobs.repo';

/**
 * A small job queue kept in the database (docs/decisions/040), on PGlite and PostgreSQL alike.
 * Jobs are rows: enqueued in the caller's transaction (a job exists exactly when the change that
 * needs it committed), claimed with FOR UPDATE SKIP LOCKED under a lease that a live worker keeps
 * extending, so a job whose process died is claimed again once its lease runs out. A failing job
 * is retried with exponential backoff up to its `maxAttempts`, then kept as failed. Any number of
 * processes (servers, the import CLI) can work on one database: each claim is one statement.
 */

/** What a handler gets: the payload as enqueued (JSON) and which attempt this is (1 first). */
export type JobContext = { id: number; attempt: number; maxAttempts: number };
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export type JobQueueOptions = {
  db: Handle;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => Date;
  /** How long a claim holds a job before another worker may take it (a live worker renews it). */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (enqueueing in this process wakes it at once). */
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** The delay before retry `attempt` (1 after the first failure). */
  backoffMs?: (attempt: number) => number;
  /** This worker's name in `locked_by` (default host, pid and a random part). */
  workerId?: string;
};

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /** Higher is claimed first (default 0): a console upload's OCR before the import's backlog. */
  priority?: number;
};

export type JobQueue = {
  /** Handle jobs of `kind` in this process (register before `start`). */
  register(kind: string, handler: JobHandler): void;
  /** Add a job, in the caller's transaction when `db` is one. Wakes this process's workers. */
  enqueue(db: Handle, kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /** Add one job of `kind` per payload, in one statement (a backlog). Wakes this process's workers. */
  enqueueMany(db: Handle, kind: string, payloads: readonly unknown[], options?: EnqueueOptions): Promise<void>;
  /** Start the workers (no-op when running). */
  start(): void;
  /**
   * Run `count` more workers until the returned function is called (each then stops after its current job): for a
   * backlog that should have every core for a while, such as the first start's demo import (the server answers
   * meanwhile, but `/readyz` says it is not ready). No-op unless the queue is started.
   */
  addWorkers(count: number): () => void;
  /** Stop claiming and wait for the running jobs to end. */
  stop(): Promise<void>;
  /**
   * Claim and run due jobs of the registered kinds until none is left (the import CLI and tests);
   * returns how many ran. `signal` stops it between jobs.
   */
  runUntilIdle(options?: { signal?: AbortSignal; onJob?: (kind: string, ok: boolean) => void }): Promise<number>;
  /** Unfinished jobs of the registered kinds (or every kind). */
  pending(kinds?: readonly string[]): Promise<number>;
  readonly workerId: string;
};

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_POLL_MS = 2000;
export const DEFAULT_MAX_ATTEMPTS = 5;
/** 2 s, 4 s, 8 s, … at most 10 min. */
export const defaultBackoffMs = (attempt: number): number => Math.min(600_000, 1000 * 2 ** attempt);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  const newJob = (kind: string, payload: unknown, enqueueOptions: EnqueueOptions): repo.NewJob => ({
    kind,
    payload: payload ?? null,
    runAt: enqueueOptions.runAt ?? now(),
    maxAttempts: enqueueOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    priority: enqueueOptions.priority ?? 0,
  });

  let running = false;
  let loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();

  const wake = () => {
    for (const resume of [...sleepers]) resume();
  };

  /** Run one claimed job to its end: done, retried later, or failed for good. */
  const runJob = async (claimed: repo.ClaimedJob): Promise<boolean> => {
    const handler = handlers.get(claimed.kind);
    if (claimed.attempts > claimed.maxAttempts) {
      // Its last attempt's worker died while holding it.
      await repo.failJob(db, claimed.id, workerId, 'lease expired on the last attempt', null);
      return false;
    }
    const renew = setInterval(
      () => void repo.extendLease(db, claimed.id, workerId, new Date(now().getTime() + leaseMs)).catch(() => undefined),
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    try {
      await handler!(claimed.payload, { id: claimed.id, attempt: claimed.attempts, maxAttempts: claimed.maxAttempts });
      clearInterval(renew);
      await repo.completeJob(db, claimed.id, workerId);
      return true;
    } catch (err) {
      clearInterval(renew);
      const message = err instanceof Error ? err.message : String(err);
      const last = claimed.attempts >= claimed.maxAttempts;
      log.warn({ err, jobId: claimed.id, kind: claimed.kind, attempt: claimed.attempts }, last ? 'job failed for good' : 'job failed; will retry');
      await repo.failJob(db, claimed.id, workerId, message.slice(0, 2000), last ? null : new Date(now().getTime() + backoffMs(claimed.attempts)));
      return false;
    }
  };

  const claim = () => {
    const at = now();
    return repo.claimJob(db, [...handlers.keys()], workerId, at, new Date(at.getTime() + leaseMs));
  };

  /** One worker: claims and runs due jobs while the queue runs and `active()` holds. */
  const loop = async (active: () => boolean) => {
    while (running && active()) {
      let claimed: repo.ClaimedJob | null = null;
      try {
        claimed = await claim();
        if (claimed) await runJob(claimed);
      } catch (err) {
        log.error({ err }, 'job queue: claiming or finishing a job failed');
      }
      if (!running || !active()) break;
      if (!claimed) {
        await new Promise<void>((resume) => {
          const timer = setTimeout(done, pollMs);
          function done() {
            clearTimeout(timer);
            sleepers.delete(done);
            resume();
          }
          sleepers.add(done);
        });
      }
    }
  };

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async enqueue(handle, kind, payload, enqueueOptions = {}) {
      const id = await repo.insertJob(handle, newJob(kind, payload, enqueueOptions));
      // In a transaction the row is not visible yet: the poll finds it if this wake is too early.
      setTimeout(wake, 0);
      return id;
    },
    async enqueueMany(handle, kind, payloads, enqueueOptions = {}) {
      for (let at = 0; at < payloads.length; at += 1000) {
        await repo.insertJobs(handle, payloads.slice(at, at + 1000).map((payload) => newJob(kind, payload, enqueueOptions)));
      }
      setTimeout(wake, 0);
    },
    start() {
      if (running || handlers.size === 0) return;
      running = true;
      loops = Array.from({ length: concurrency }, () => loop(() => true));
    },
    addWorkers(count) {
      let active = running;
      if (active) loops.push(...Array.from({ length: count }, () => loop(() => active)));
      return () => {
        active = false;
        wake();
      };
    },
    async stop() {
      running = false;
      wake();
      await Promise.all(loops);
      loops = [];
    },
    async runUntilIdle(runOptions = {}) {
      let ran = 0;
      for (;;) {
        if (runOptions.signal?.aborted) return ran;
        const claimed = await claim();
        if (!claimed) return ran;
        const ok = await runJob(claimed);
        ran += 1;
        runOptions.onJob?.(claimed.kind, ok);
      }
    },
    pending(kinds) {
      return repo.countPending(db, kinds ?? [...handlers.keys()]);
    },
  };
}
