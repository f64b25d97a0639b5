import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>> | ReturnType<typeof drizzlePg<typeof schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** Where the SQL migrations live: beside this file in source, copied beside the bundle when built. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, 'migrations');
}

export type OpenOptions = {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` or undefined for an in-memory database. */
  dataDir?: string;
  /** Start PGlite from a data-directory dump (`dumpDataDir()`), e.g. an already migrated one in tests. */
  pgliteLoadDataDir?: Blob;
  /**
   * Errors of idle PostgreSQL connections (server restart, admin termination). Without a
   * listener they would crash the process; the next query simply opens a new connection.
   */
  onConnectionError?: (err: Error) => void;
};

/** Open the database and apply pending migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', (err) => options.onConnectionError?.(err));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = options.dataDir;
  if (dir && !dir.startsWith('memory://')) await mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}
