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

/** What a listener on a notification channel hears. */
export type ChannelHandlers = {
  /** A NOTIFY on the channel was delivered (after its transaction committed). */
  onNotify: () => void;
  /** The listening connection dropped: notifications may be missed until `onLive`. */
  onLost?: () => void;
  /** Listening (again) after a loss. */
  onLive?: () => void;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on `channel`: PGlite in-process; PostgreSQL on a connection of its own, reconnected
   * after a loss (so every process sharing the server hears every other's writes). Resolves once
   * listening; the returned function stops.
   */
  listen: (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** How long a lost PostgreSQL listener waits before it connects again. */
export const LISTEN_RETRY_MS = 1000;

/** LISTEN on a dedicated PostgreSQL connection that comes back after a loss. */
async function listenPg(
  connectionString: string,
  channel: string,
  handlers: ChannelHandlers,
  onConnectionError?: (err: Error) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.onLost?.();
    void client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify();
    });
    client.on('error', (err) => {
      onConnectionError?.(err);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      void client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS);
      throw err;
    }
    if (stopped) return void (await client.end());
    current = client;
    handlers.onLive?.();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

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

/** How many migrations drizzle has applied to this database (0 before the first). */
async function appliedMigrations(client: PGlite): Promise<number> {
  try {
    const result = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    return result.rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL advisory lock every process holds around its migrations ("SHOTMIGR" in ASCII).
 * Processes started together on a fresh database otherwise race on `CREATE EXTENSION IF NOT EXISTS
 * pg_trgm`, drizzle's `__drizzle_migrations` and the migrations themselves (23505, 42P07: issue 30).
 */
export const MIGRATION_LOCK_KEY = '6001133726963681106';

/**
 * Apply pending migrations on one connection that holds the migration lock for the whole step:
 * the first process applies each migration, every other waits and then finds them applied. The lock
 * is the session's, so a process that dies while holding it releases it with its connection.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // After a failure the connection is closed, not pooled: nothing of the lock or a broken session stays.
    client.release(failed ?? false);
  }
}

/** Open the database and apply pending migrations (on PostgreSQL under the migration lock). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // No JIT compilation: the catalogue's queries are short, and PostgreSQL's cost model turned it on for
    // counts over the screens table, adding 300-400 ms of compiling to a 250 ms query (issue 11, decision 036).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    pool.on('error', (err) => options.onConnectionError?.(err));
    const db = drizzlePg(pool, { schema });
    try {
      await migratePostgres(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    const url = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => listenPg(url, channel, handlers, options.onConnectionError),
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir;
  if (dir && !dir.startsWith('memory://')) await mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  const before = await appliedMigrations(client);
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  // PGlite has no autovacuum: a migration that rewrote rows (0014 filled a column of every screen)
  // leaves dead rows and no statistics for the planner, which then walks whole tables. A start that
  // applied migrations to an existing database tidies up once (seconds at 400,000 screens).
  if (before > 0 && (await appliedMigrations(client)) > before) await client.exec('vacuum (analyze)');
  return {
    db,
    kind: 'pglite',
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, () => handlers.onNotify());
      return () => stop();
    },
    close: () => client.close(),
  };
}
