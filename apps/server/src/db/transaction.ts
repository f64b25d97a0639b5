import { eq } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type * as schema from './schema';
import { member } from './schema';

/** The database or a transaction of either driver: what every repo function takes. */
export type Handle = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Run `work` in one transaction (every money change happens inside one). */
export function inTransaction<T>(db: Db, work: (tx: Handle) => Promise<T>): Promise<T> {
  const handle: Handle = db;
  return handle.transaction((tx) => work(tx));
}

/**
 * Run `work` in a transaction that holds the member's row lock: the calls of one member that check
 * a count before they write (collect a screen, collect a flow) run one after another, so a limit
 * check and its insert cannot interleave with another call's, while different members never wait
 * for each other.
 */
export async function withMemberLock<T>(db: Db, memberId: number, work: (tx: Handle) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: member.id }).from(member).where(eq(member.id, memberId)).for('update');
    return work(tx);
  });
}

/** Whether an error is a unique-constraint violation (PostgreSQL 23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
