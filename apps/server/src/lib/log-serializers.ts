/**
 * Fields of a database error that carry the statement or the values it ran with: Drizzle's
 * `DrizzleQueryError` has `query` and `params` (and writes both into its message and stack);
 * PGlite's errors have `query`, `params` and `queryOptions`; PostgreSQL's `detail` quotes row
 * values ("Key (email)=(…) already exists"), `where` and `internalQuery` quote SQL.
 */
const WITH_VALUES = new Set(['query', 'params', 'queryOptions', 'detail', 'where', 'internalQuery', 'parameters', 'sql']);

/** How much of one error's message a log line keeps. */
const LOG_MESSAGE_MAX = 300;
/** How deep a chain of causes is followed. */
const CAUSE_DEPTH = 5;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type ErrorRecord = { type: string; message: string; stack?: string; cause?: unknown; [key: string]: unknown };

/** Drizzle's query error: its message is "Failed query: <sql>\nparams: <values>". */
const isQueryError = (err: Error) => typeof (err as { query?: unknown }).query === 'string' && /^Failed query/.test(err.message);
/** An error PostgreSQL (or PGlite) reported: a severity and a five-character SQLSTATE code. */
const isDatabaseError = (err: Error) => typeof (err as { severity?: unknown }).severity === 'string' && /^[0-9A-Z]{5}$/.test(String((err as { code?: unknown }).code));

/** What a log keeps of an error's message: a database's message without the value it quotes at its end ('…: "0000-01-01"'). */
function messageOf(err: Error): string {
  if (isQueryError(err)) return 'Failed query';
  return clip(isDatabaseError(err) ? err.message.replace(/: ".*"$/s, ': "…"') : err.message, LOG_MESSAGE_MAX);
}

/**
 * The pino `err` serializer (and what the error handler logs): an error's type, code, message and
 * stack frames, its own scalar fields and its causes, without any SQL text or parameter values
 * (decision 029). A failed query logs as "Failed query" with the database's error as its cause:
 * its SQLSTATE code and message (less a quoted value), table, column and constraint names.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const type = err.constructor.name || err.name;
  const message = messageOf(err);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const record: ErrorRecord = { type, message, stack: [`${err.name}: ${message}`, ...frames].join('\n') };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'cause' || key in record || WITH_VALUES.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      record[key] = typeof value === 'string' ? clip(value, LOG_MESSAGE_MAX) : value;
    }
  }
  if (err.cause !== undefined && depth < CAUSE_DEPTH) record.cause = serializeError(err.cause, depth + 1);
  return record;
}
