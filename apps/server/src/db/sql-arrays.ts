import { sql, type SQL } from 'drizzle-orm';

/** A text[] parameter (one array literal, whatever the driver does with JS arrays). */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** An int[] parameter (one array literal of whole numbers). */
export function intArray(values: readonly number[]): SQL {
  const literal = `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;
  return sql`${literal}::int[]`;
}
