import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { serializeError } from './log-serializers';

/** A value that must never reach a log: it is the parameter of the query that fails. */
const SECRET = 'secret-0000-01-01@example.com';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    logger: { level: 'debug', stream: sink },
    beforeReady: (app) => {
      // A route whose query fails in the database, with a value in its parameters (as a date out of range did).
      app.get('/test/failing-query', async () => t.db.execute(sql`select ${SECRET}::timestamptz as at`));
    },
  });
});
afterAll(() => t.close());

describe('what the logs keep of a failed query', () => {
  it('a 500 logs the request id, the database code and message, never the SQL or its values, at any level', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: 'Internal Server Error', data: null });

    const log = lines.join('');
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/select|timestamptz|params/i);
    const failed = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request failed');
    expect(failed).toMatchObject({
      level: 50,
      reqId: expect.any(String),
      err: { type: 'DrizzleQueryError', message: 'Failed query', cause: { code: '22007', message: expect.stringMatching(/^invalid input syntax for type timestamp with time zone/) } },
    });
  });

  it('other errors keep their message, scalar fields and causes', () => {
    const err = Object.assign(new Error('outer', { cause: new TypeError('inner') }), { code: 'E_X', retries: 2, params: [SECRET] });
    const record = serializeError(err) as Record<string, unknown>;
    expect(record).toMatchObject({ type: 'Error', message: 'outer', code: 'E_X', retries: 2, cause: { type: 'TypeError', message: 'inner' } });
    expect(JSON.stringify(record)).not.toContain(SECRET);
    expect(serializeError('not an error')).toBe('not an error');
  });
});
