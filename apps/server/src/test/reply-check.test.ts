import { API_PREFIX } from '@shotlib/contract';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok, replies } from '../lib/envelope';
import { replyMismatches, takeReplyMismatches } from './reply-check';
import { createTestApp, type TestApp } from './test-app';

const DEMO = `${API_PREFIX}/reply-check-demo`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      // A described route (registered as a plugin, so the description has it) that can answer wrongly.
      app.register(async (scope) => {
        scope.withTypeProvider<ZodTypeProvider>().get(
          DEMO,
          { schema: { tags: ['demo'], querystring: z.object({ as: z.string() }), response: replies(z.object({ n: z.number() })) } },
          async (request, reply) => {
            // Pre-serialised, as the error handler sends, so no response schema stands in the way.
            const raw = reply as FastifyReply;
            const json = (status: number, body: unknown) => raw.code(status).type('application/json').send(JSON.stringify(body));
            if (request.query.as === 'right') return ok({ n: 1 });
            if (request.query.as === 'refusal') return json(200, { code: 1001, message: 'No.', data: null });
            if (request.query.as === 'wrong-data') return json(200, { code: 0, message: 'ok', data: { n: 'one' } });
            if (request.query.as === 'undescribed-status') return json(202, { code: 0, message: 'ok', data: null });
            if (request.query.as === 'no-retry-after') return json(429, { code: 429, message: 'Slow down.', data: null });
            return raw.code(200).type('text/plain').send('hello');
          },
        );
      });
    },
  });
});
afterAll(() => t.close());

describe('the reply-versus-description check', () => {
  it('passes replies the description describes: success, refusal, 405 and 404', async () => {
    for (const as of ['right', 'refusal']) expect((await t.app.inject({ url: `${DEMO}?as=${as}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: DEMO })).statusCode).toBe(405);
    expect((await t.app.inject({ url: `${API_PREFIX}/no/such/path` })).statusCode).toBe(404);
    expect(replyMismatches()).toEqual([]);
  });

  it('records each reply the description does not describe, with what is wrong', async () => {
    for (const as of ['wrong-data', 'undescribed-status', 'no-retry-after', 'text']) await t.app.inject({ url: `${DEMO}?as=${as}` });
    const found = takeReplyMismatches();
    expect(found.map(({ status, problem }) => ({ status, problem }))).toEqual([
      { status: 200, problem: 'the body does not match the described schema' },
      { status: 202, problem: expect.stringMatching(/^status 202 is not described/) },
      { status: 429, problem: 'header Retry-After is described as required but missing' },
      { status: 200, problem: expect.stringMatching(/^content type 'text\/plain' is not described/) },
    ]);
    expect(found[0]).toMatchObject({ method: 'GET', operation: `GET ${DEMO}`, errors: expect.arrayContaining([{ instancePath: '/data/n', message: 'must be number' }]) });
  });
});
