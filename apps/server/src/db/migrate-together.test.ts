import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl, uniqueDbName } from '../test/pg-admin';
import { migrationsFolder, openDatabase, type Database } from './client';

/**
 * Issue 30.1: processes started at the same moment on a fresh PostgreSQL database all come up, and
 * exactly one applies each migration (an advisory lock around the whole migrate step). Each start
 * here has its own pool, as a separate process would. PGlite is one process's database (its data
 * directory is locked): nothing to race there.
 */
const PROCESSES = 4;
const ROUNDS = 10;

/** Tables, columns and indexes of the public schema, and the extensions: what "the schema" is here. */
async function schemaOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ line: string }>(`
      select 'column ' || table_name || '.' || column_name || ' ' || data_type as line
        from information_schema.columns where table_schema = 'public'
      union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
      union all select 'extension ' || extname from pg_extension
      order by 1`);
    return rows.map((r) => r.line);
  } finally {
    await client.end();
  }
}

async function appliedMigrations(url: string): Promise<{ hash: string; n: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ hash: string; n: number }>(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('migrations started together', () => {
  it(`${PROCESSES} starts at the same moment on a fresh database all come up, each migration applied once (${ROUNDS} rounds)`, async (context) => {
    const prepared = inject('testDatabase');
    if (prepared.kind !== 'postgres') return context.skip('PGlite is one process’s database; this runs in the server-postgres project');
    const journal = JSON.parse(await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const expected = await schemaOf(databaseUrl(prepared.url, prepared.template));

    let upInAll = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const name = uniqueDbName('shotlib_together');
      await adminQuery(prepared.url, `CREATE DATABASE "${name}"`);
      const url = databaseUrl(prepared.url, name);
      const opened: Database[] = [];
      try {
        const starts = await Promise.allSettled(
          Array.from({ length: PROCESSES }, async () => {
            const database = await openDatabase({ databaseUrl: url });
            opened.push(database);
            return database;
          }),
        );
        // The PostgreSQL error (e.g. 23505 on pg_trgm or __drizzle_migrations) is the cause of drizzle's.
        const failures = starts.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error & { cause?: { code?: string; message?: string } }] : []));
        expect(failures.map((err) => `${err.cause?.code ?? ''} ${err.cause?.message ?? err.message}`), `round ${round}`).toEqual([]);

        const applied = await appliedMigrations(url);
        expect(applied).toHaveLength(journal.entries.length);
        expect(applied.every((m) => m.n === 1)).toBe(true);
        expect(await schemaOf(url)).toEqual(expected);
        upInAll++;
      } finally {
        await Promise.all(opened.map((database) => database.close()));
        await adminQuery(prepared.url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    }
    expect(upInAll).toBe(ROUNDS);
  }, 180_000);
});
