import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './queryable';

/**
 * PostgreSQL element types the bulk insert can pass as arrays. An array value (`text[]`, `int4[]`)
 * travels as the text of its array literal (unnest cannot yield arrays of a two-dimensional one)
 * and is cast back.
 */
export type BulkType = 'int4' | 'int8' | 'float8' | 'bool' | 'text' | 'text[]' | 'int4[]' | 'date' | 'timestamptz';
type Value = number | string | boolean | Date | readonly string[] | readonly number[] | null;
const isArrayType = (type: BulkType) => type.endsWith('[]');

function element(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : arrayLiteral(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** `{1,2,3}` / `{"a","b"}`: an array literal PostgreSQL parses from one text parameter. */
function arrayLiteral(values: readonly Value[]): string {
  return `{${values.map(element).join(',')}}`;
}

/**
 * Insert many rows with one parameter per column: `INSERT … SELECT * FROM unnest($1::int4[], …)`.
 * For benchmark-scale seeding, where building a 1000-row VALUES list (6,000 parameters) costs more
 * than PostgreSQL's work. null stands for SQL NULL; callers keep batches at ≤ 1000 rows.
 */
export async function bulkInsert(
  db: Queryable,
  table: PgTable,
  columns: readonly (readonly [PgColumn, BulkType])[],
  rows: readonly (readonly Value[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type], i) => sql`${arrayLiteral(rows.map((row) => row[i]!))}::${sql.raw(isArrayType(type) ? 'text' : type)}[]`),
    sql`, `,
  );
  const values = sql.join(
    columns.map(([, type], i) => sql.raw(isArrayType(type) ? `c${i}::${type}` : `c${i}`)),
    sql`, `,
  );
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  await db.execute(sql`insert into ${sql.identifier(getTableName(table))} (${names}) select ${values} from unnest(${arrays}) as u(${aliases})`);
}
