import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type * as schema from './schema';

/** The database or a transaction of either driver: what every repo function takes. */
export type Handle = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Run `work` in one transaction (every money change happens inside one). */
export function inTransaction<T>(db: Db, work: (tx: Handle) => Promise<T>): Promise<T> {
  const handle: Handle = db;
  return handle.transaction((tx) => work(tx));
}

/** Whether an error is a unique-constraint violation (PostgreSQL 23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
