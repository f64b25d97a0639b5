import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `postgres://…/other` from `postgres://…/anything`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export const uniqueDbName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** Run one statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
