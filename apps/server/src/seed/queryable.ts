import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema';

/**
 * Any Drizzle handle on our schema: the database of either driver (PGlite or node-postgres) or a
 * transaction of either. `Db` from db/client is a union of the two drivers, which a transaction
 * callback's `tx` is not; functions that run inside or outside a transaction take this instead.
 */
export type Queryable = PgDatabase<PgQueryResultHKT, typeof schema>;
