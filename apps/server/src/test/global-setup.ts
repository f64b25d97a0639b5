import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client';
import { adminQuery, databaseUrl, uniqueDbName } from './pg-admin';
import type {} from './test-db'; // the ProvidedContext keys

/**
 * Migrate once per run; every test file then starts from a copy:
 * - PGlite: migrate in memory and dump the data directory to a temp file (loading a dump takes
 *   ~0.4 s where initdb takes ~3 s);
 * - PostgreSQL (DATABASE_URL): migrate a template database; each file creates its own from it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.getProvidedContext().testDbKind ?? 'pglite';

  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-test-'));
    const dumpFile = path.join(dir, 'migrated.tar');
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    const dump = await client.dumpDataDir('none');
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide('testDatabase', { kind, dumpFile });
    return () => rm(dir, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the server-postgres project needs DATABASE_URL');
  const template = uniqueDbName('shotlib_tmpl');
  await adminQuery(url, `CREATE DATABASE "${template}"`);
  const database = await openDatabase({ databaseUrl: databaseUrl(url, template) });
  await database.close(); // a template must have no open connections while it is copied
  project.provide('testDatabase', { kind, url, template });
  return () => adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
}
