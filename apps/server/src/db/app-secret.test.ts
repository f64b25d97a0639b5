import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { appSecret } from './schema';
import { adminQuery, databaseUrl, uniqueDbName } from '../test/pg-admin';
import { openTestDatabase } from '../test/test-db';
import { describeAppSecret, resolveAppSecret } from './app-secret';
import { createMediaSigner } from '../lib/media-signature';

/** Issue 30.2, decision 058: the secret of processes started without APP_SECRET. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-secret-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const SHOT = 'shots/42/home.webp';

describe('the server secret', () => {
  it('on PostgreSQL without APP_SECRET: two processes started together on a fresh database share one, so media one signs the other serves', async (context) => {
    const prepared = inject('testDatabase');
    if (prepared.kind !== 'postgres') return context.skip('PGlite is one process’s database; this runs in the server-postgres project');
    const name = uniqueDbName('shotlib_secret');
    await adminQuery(prepared.url, `CREATE DATABASE "${name}"`);
    cleanups.push(() => adminQuery(prepared.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    const url = databaseUrl(prepared.url, name);

    // Two processes: each its own pool and DATA_DIR, started at the same moment.
    const start = async () => {
      const database = await openDatabase({ databaseUrl: url });
      cleanups.push(() => database.close());
      return { database, resolved: await resolveAppSecret({ dataDir: await tempDataDir() }, database) };
    };
    const [a, b] = await Promise.all([start(), start()]);

    expect(a.resolved.source).toBe('database');
    expect(b.resolved).toEqual(a.resolved);
    expect(a.resolved.secret.length).toBeGreaterThanOrEqual(32);
    expect(await a.database.db.select().from(appSecret)).toHaveLength(1);

    const signed = createMediaSigner(a.resolved.secret).sign(SHOT);
    expect(createMediaSigner(b.resolved.secret).grant(signed)?.key).toBe(SHOT);
    expect(createMediaSigner('another-secret-another-secret-0123').grant(signed)).toBeNull();

    // A third process started later, with a secret of its own in DATA_DIR, takes the shared one too.
    const third = await tempDataDir();
    await writeFile(path.join(third, 'secret'), `${'x'.repeat(40)}\n`);
    expect(await resolveAppSecret({ dataDir: third }, a.database)).toEqual(a.resolved);
    // The log says where the secret came from, never the secret.
    expect(describeAppSecret('database')).not.toContain(a.resolved.secret);
  });

  it('on PostgreSQL, the first process keeps the secret it already had in DATA_DIR/secret (a single process that moves to sharing)', async (context) => {
    const prepared = inject('testDatabase');
    if (prepared.kind !== 'postgres') return context.skip('PostgreSQL only');
    const database: Database = await openTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = await tempDataDir();
    const kept = 'kept-secret-of-a-single-process-0123456789';
    await writeFile(path.join(dataDir, 'secret'), `${kept}\n`);
    expect(await resolveAppSecret({ dataDir }, database)).toEqual({ secret: kept, source: 'database' });
  });

  it('APP_SECRET, when set, is the secret (no file, no row)', async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = await tempDataDir();
    const APP_SECRET = 'set-by-the-operator-set-by-the-operator-01';
    expect(await resolveAppSecret({ APP_SECRET, dataDir }, database)).toEqual({ secret: APP_SECRET, source: 'APP_SECRET' });
    expect(await database.db.select().from(appSecret)).toEqual([]);
    await expect(readFile(path.join(dataDir, 'secret'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('on PGlite: generated once into DATA_DIR/secret and kept there (the database row stays empty)', async (context) => {
    if (inject('testDbKind') !== 'pglite') return context.skip('PGlite only');
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const dataDir = await tempDataDir();
    const first = await resolveAppSecret({ dataDir }, database);
    expect(first.source).toBe('data-dir');
    expect((await readFile(path.join(dataDir, 'secret'), 'utf8')).trim()).toBe(first.secret);
    expect(await resolveAppSecret({ dataDir }, database)).toEqual(first);
    expect(await database.db.select().from(appSecret)).toEqual([]);
  });
});
