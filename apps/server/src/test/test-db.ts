import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { adminQuery, databaseUrl, uniqueDbName } from './pg-admin';

/** Which database the suite runs against; set per vitest project (`provide`). */
export type TestDbKind = 'pglite' | 'postgres';

/** What the global setup prepared: a migrated PGlite dump, or a migrated PostgreSQL template database. */
export type PreparedTestDatabase =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; url: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDbKind: TestDbKind;
    testDatabase: PreparedTestDatabase;
  }
}

/** A test file's database; `url` names a PostgreSQL one, so another process can open it too. */
export type TestDatabase = Database & { url: string | null };

/**
 * A fresh, migrated database for one test file: PGlite loaded from the prepared dump, or a
 * PostgreSQL database copied from the template (dropped again by `close`).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const prepared = inject('testDatabase');
  if (prepared.kind === 'pglite') {
    const dump = new Blob([await readFile(prepared.dumpFile)]);
    return { ...(await openDatabase({ pgliteLoadDataDir: dump })), url: null };
  }
  const name = uniqueDbName('shotlib_test');
  await adminQuery(prepared.url, `CREATE DATABASE "${name}" TEMPLATE "${prepared.template}"`);
  const url = databaseUrl(prepared.url, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(prepared.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
