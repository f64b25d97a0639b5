import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSecret } from './schema';

/** Where the server secret came from: the variable, the database's one row, or DATA_DIR/secret. */
export type AppSecretSource = 'APP_SECRET' | 'database' | 'data-dir';

export type ResolvedAppSecret = { secret: string; source: AppSecretSource };

/** The shortest secret accepted (APP_SECRET's own minimum). */
const MIN_LENGTH = 32;

const generate = () => randomBytes(48).toString('base64url');

/** DATA_DIR/secret when it holds one, else null. */
async function keptInDataDir(dataDir: string): Promise<string | null> {
  try {
    const kept = (await readFile(path.join(dataDir, 'secret'), 'utf8')).trim();
    return kept.length >= MIN_LENGTH ? kept : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return null;
  }
}

/**
 * The server secret (decision 058): APP_SECRET when set. Otherwise, on PostgreSQL, the one every
 * process on that database shares: the first to start writes it (its DATA_DIR/secret when it has
 * one, so a single process that moves on keeps its secret; else a new one), atomically (the row's
 * key is fixed, so a concurrent second insert does nothing), and every process reads the row that
 * won. On PGlite, one process's database, DATA_DIR/secret, generated on first start.
 */
export async function resolveAppSecret(
  config: { APP_SECRET?: string | undefined; dataDir: string },
  database: Pick<Database, 'db' | 'kind'>,
): Promise<ResolvedAppSecret> {
  if (config.APP_SECRET) return { secret: config.APP_SECRET, source: 'APP_SECRET' };
  const kept = await keptInDataDir(config.dataDir);
  if (database.kind === 'postgres') {
    const { db } = database;
    await db
      .insert(appSecret)
      .values({ id: 1, secret: kept ?? generate() })
      .onConflictDoNothing();
    const [row] = await db.select({ secret: appSecret.secret }).from(appSecret).where(eq(appSecret.id, 1));
    if (!row) throw new Error('app_secret has no row after inserting one');
    return { secret: row.secret, source: 'database' };
  }
  if (kept) return { secret: kept, source: 'data-dir' };
  const secret = generate();
  await writeFile(path.join(config.dataDir, 'secret'), `${secret}\n`, { mode: 0o600 });
  return { secret, source: 'data-dir' };
}

/** The start log's line: where the secret came from, never the secret. */
export function describeAppSecret(source: AppSecretSource): string {
  switch (source) {
    case 'APP_SECRET':
      return 'Secret: APP_SECRET';
    case 'database':
      return 'Secret: APP_SECRET unset, so the one shared through the database (table app_secret, created once by the first process): every process on this DATABASE_URL uses it';
    case 'data-dir':
      return 'Secret: APP_SECRET unset, so the one generated into DATA_DIR/secret (this process only)';
  }
}
