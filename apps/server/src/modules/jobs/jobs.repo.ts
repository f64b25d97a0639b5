import { and, eq, sql } from 'drizzle-orm';
import { job } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/** The job table (docs/decisions/040): the only code that reads or writes it. */

export type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; maxAttempts: number };

export type NewJob = { kind: string; payload: unknown; runAt: Date; maxAttempts: number; priority: number };

export async function insertJob(db: Handle, values: NewJob): Promise<number> {
  const rows = await db.insert(job).values(values).returning({ id: job.id });
  return rows[0]!.id;
}

/** Several jobs in one statement. */
export async function insertJobs(db: Handle, values: readonly NewJob[]): Promise<void> {
  if (values.length > 0) await db.insert(job).values([...values]);
}

type RawJob = { id: number; kind: string; payload: unknown; attempts: number; max_attempts: number };

/**
 * Claim the due job of `kinds` of the highest priority (then the oldest) that nobody holds (never
 * locked, or its lease ran out: its worker died), for `worker` until `lockedUntil`, counting the attempt. SKIP LOCKED: two workers
 * claiming at once never get the same job and never wait for each other.
 */
export async function claimJob(db: Handle, kinds: readonly string[], worker: string, now: Date, lockedUntil: Date): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const result = await db.execute(sql`
    update ${job} set locked_by = ${worker}, locked_until = ${lockedUntil.toISOString()}::timestamptz, attempts = attempts + 1
    where id = (
      select id from ${job}
      where not done and run_at <= ${now.toISOString()}::timestamptz
        and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
        and kind = any(${`{${kinds.map((kind) => `"${kind}"`).join(',')}}`}::text[])
      order by priority desc, run_at, id
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  const row = (result as unknown as { rows: RawJob[] }).rows[0];
  return row ? { id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
}

/** Keep holding a running job (its worker is alive). False when another worker took it over. */
export async function extendLease(db: Handle, id: number, worker: string, lockedUntil: Date): Promise<boolean> {
  const rows = await db
    .update(job)
    .set({ lockedUntil })
    .where(and(eq(job.id, id), eq(job.lockedBy, worker)))
    .returning({ id: job.id });
  return rows.length > 0;
}

/** A finished job leaves the table (only failed ones are kept, for a person to look at). */
export async function completeJob(db: Handle, id: number, worker: string): Promise<void> {
  await db.delete(job).where(and(eq(job.id, id), eq(job.lockedBy, worker)));
}

/** Run it again at `runAt` (a retry), or give up (`runAt` null): kept with failed = true. */
export async function failJob(db: Handle, id: number, worker: string, error: string, runAt: Date | null): Promise<void> {
  await db
    .update(job)
    .set(runAt ? { runAt, lockedBy: null, lockedUntil: null, lastError: error } : { done: true, failed: true, lockedBy: null, lockedUntil: null, lastError: error })
    .where(and(eq(job.id, id), eq(job.lockedBy, worker)));
}

/** Jobs not finished yet (of `kinds`, or all): queued, running or waiting for a retry. */
export async function countPending(db: Handle, kinds?: readonly string[]): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(job)
    .where(kinds ? and(eq(job.done, false), sql`${job.kind} = any(${`{${kinds.map((kind) => `"${kind}"`).join(',')}}`}::text[])`) : eq(job.done, false));
  return rows[0]?.n ?? 0;
}

/** A job's row as tests and the CLI's summary look at it. */
export async function jobRow(db: Handle, id: number) {
  const rows = await db.select().from(job).where(eq(job.id, id));
  return rows[0] ?? null;
}
