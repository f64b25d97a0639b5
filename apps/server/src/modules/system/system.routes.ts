import { HealthSchema, PublicConfigSchema, ReadySchema } from '@shotlib/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok, replies } from '../../lib/envelope';
import type { Readiness } from '../../lib/readiness';
import { checkDatabase } from './system.service';

/** `GET /config`: what the web app needs to know about this deployment. */
export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const publicConfig = {
    mediaBase: config.MEDIA_BASE_URL,
    supportEmail: config.SUPPORT_EMAIL,
    google: Boolean(config.GOOGLE_ISSUER && config.GOOGLE_CLIENT_ID),
  };
  app.get(
    '/config',
    { schema: { tags: ['system'], summary: 'Public configuration', response: replies(PublicConfigSchema) } },
    async () => ok(publicConfig),
  );
};

/** `GET /healthz` (outside the API prefix): the process is up and the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; readiness: Readiness }> = async (app, { db, readiness }) => {
  /** Whether the database answers; a failure is logged with the check's name. */
  const databaseAnswers = async (log: FastifyBaseLogger, check: string) => {
    try {
      await checkDatabase(db);
      return true;
    } catch (err) {
      log.error({ err }, `${check} failed`);
      return false;
    }
  };

  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) =>
      (await databaseAnswers(request.log, 'health check')) ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' }),
  );

  /** `GET /readyz`: the whole catalogue is served (a load balancer, or the e2e set-up, waits for it). */
  app.get(
    '/readyz',
    { schema: { tags: ['system'], summary: 'Readiness: database and start-up work', response: { 200: ReadySchema, 503: ReadySchema } } },
    async (request, reply) => {
      if (!(await databaseAnswers(request.log, 'readiness check'))) return reply.status(503).send({ status: 'unavailable' });
      const waitingFor = readiness.waitingFor();
      if (waitingFor.length > 0) return reply.status(503).send({ status: 'starting', waitingFor });
      return { status: 'ready' as const };
    },
  );
};
