import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@shotlib/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Db } from '../db/client';
import { serializeError } from '../lib/log-serializers';
import { createMediaStore } from '../lib/media-store';
import type { MediaStore } from '../lib/storage';
import { createServices, type ServiceOptions, type Services } from '../services';
import { insertFixtures, type Fixtures } from './fixtures';
import { checkRepliesAgainstDescription } from './reply-check';
import { openTestDatabase, type TestDatabase } from './test-db';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  db: Db;
  media: MediaStore;
  config: Config;
  /** The services the app was built over (the same composition root as main.ts). */
  services: Services;
  /** A temp directory owned by this app (DATA_DIR); removed by close(). */
  dataDir: string;
  fixtures: Fixtures;
  close(): Promise<void>;
};

/** A valid configuration for tests: temp DATA_DIR, no demo seed, no web build unless given. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...env,
  });
}

/**
 * The app over a fresh migrated database holding the fixture catalogue, ready for `inject`.
 * `env` overrides configuration variables (e.g. WEB_DIST, MEDIA_BASE_URL). Close it in afterAll.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    /** Add routes (e.g. a throwing one) before the app is made ready. */
    beforeReady?: (app: FastifyInstance) => void;
    /** A clock, limits, the providers' fetch or providers, a mailer (the job timer and the queue's workers are off unless given). */
    services?: Omit<ServiceOptions, 'log'>;
    /** Where the server logs, and from which level (none unless given). */
    logger?: { level: string; stream: DestinationStream };
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-app-'));
  const config = testConfig(dataDir, options.env);
  const database = await openTestDatabase();
  const fixtures = await insertFixtures(database.db);
  // The configuration's store: DATA_DIR/media, or the bucket the S3_* variables of `env` name.
  const media = createMediaStore(config);
  const log = options.logger ? pino({ level: options.logger.level, serializers: { err: serializeError } }, options.logger.stream) : pino({ level: 'silent' });
  const services = createServices(config, database, media, { jobIntervalMs: 0, jobWorkers: 0, ...options.services, log });
  const app = buildApp(services);
  // Every API reply is held against the app's OpenAPI description (decision 049; reply-check-setup.ts fails the file).
  checkRepliesAgainstDescription(app);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    media,
    config,
    services,
    dataDir,
    fixtures,
    async close() {
      await app.close();
      await database.close();
      await media.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inject a request and parse its JSON envelope. `token` goes in the Authorization header. */
export async function call<T = unknown>(
  app: FastifyInstance,
  request: InjectOptions & { token?: string },
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const { token, ...rest } = request;
  const response = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: token } : {}) },
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

/** A multipart body as a browser would send it (spread into `inject` or `call`). */
export async function multipart(fields: Record<string, string | { data: Buffer; name: string; type: string }>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
