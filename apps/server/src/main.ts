import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { ConfigError, loadConfig, runningAt, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError, lockDataDir } from './lib/data-dir-lock';
import { describeAppSecret, resolveAppSecret } from './db/app-secret';
import { createMediaStore, describeMediaStore } from './lib/media-store';
import { detectOcr } from './modules/ingest/ingest.service';
import type { JobQueue } from './modules/jobs/jobs.service';
import { importDemoIfEmpty } from './seed/demo/import-demo';
import { seedDemoIfEmpty } from './seed/seed';
import { createServices } from './services';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  await mkdir(config.dataDir, { recursive: true });
  // The embedded database is one process's: refuse to open it under a running import or server.
  let unlock = async () => {};
  if (!config.DATABASE_URL) {
    try {
      unlock = await lockDataDir(path.join(config.dataDir, 'db.lock'), 'server');
    } catch (err) {
      if (err instanceof DataDirBusyError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  // Connection errors are logged by the app's logger once it exists.
  let logConnectionError = (err: Error) => console.warn(`database connection error: ${err.message}`);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, 'db'),
    onConnectionError: (err) => logConnectionError(err),
  });
  // After the migrations: on PostgreSQL without APP_SECRET it is the database's, shared by every process (decision 058).
  const secret = await resolveAppSecret(config, database);
  config = { ...config, APP_SECRET: secret.secret };
  const media = createMediaStore(config);
  const ocr = await detectOcr({ mode: config.OCR, binary: config.TESSERACT });
  const services = createServices(config, database, media, { ocr });
  const app = buildApp(services);
  logConnectionError = (err) => app.log.warn({ err }, 'database connection error');
  // Held from before the services start: their OCR waits for the demo (decision 047).
  const demoLoaded = config.SEED_DEMO && config.DEMO_SOURCE === 'import' ? services.readiness.hold('demo') : null;
  await app.ready();
  app.log.info(describeAppSecret(secret.source));
  if (ocr.enabled) app.log.info(ocr.status);
  else app.log.warn(ocr.status);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // Whatever hangs, the process ends: an orchestrator waits for it.
    setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, finishes in-flight requests and background writes
      await database.close();
      await media.close();
      await unlock();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  if (config.SEED_DEMO && config.DEMO_SOURCE === 'direct') {
    await seedDemoIfEmpty({ db: database.db, media, log: { info: (msg) => app.log.info(msg) } });
  }

  if (stopping) return; // a signal arrived while seeding
  await app.listen({ host: config.HOST, port: config.PORT });
  // The one origin every link for a browser is built on (payment returns, e-mail links, Google's
  // redirect URI): a reader who opens the printed address comes back to it (decision 050).
  app.log.info(runningAt(config));
  app.log.info(`Media: ${describeMediaStore(config)}, served at ${config.MEDIA_BASE_URL}`);
  if (demoLoaded) {
    // After listening: generating and importing the demo takes minutes on two cores (decision 042);
    // items appear as they are imported, their WebP variants as the job queue makes them. /readyz
    // answers 'starting' until both are done.
    const log = { info: (msg: string) => app.log.info(msg) };
    const deps = { db: database.db, media, log, jobs: services.jobs, reader: services.reader };
    // Its processing (WebP variants of some 1,600 screens) has a worker per core until then, not the one a serving
    // process keeps: a queue of one used one core of two, and took 21 minutes.
    const moreWorkers = services.jobs.addWorkers(os.availableParallelism() - 1);
    importDemoIfEmpty(deps, path.join(config.dataDir, 'demo-cache'))
      .then(async (ran) => {
        if (!ran) return;
        await untilQueueIdle(services.jobs, () => stopping);
        if (!stopping) app.log.info('demo ready: every screen imported and processed');
      })
      .catch((err: unknown) => {
        if (!stopping) app.log.error({ err }, 'demo import failed (it resumes at the next start)');
      })
      .finally(() => {
        moreWorkers();
        demoLoaded();
      });
  }
  if (config.PAYMENT_PROVIDERS.includes('sandbox')) {
    app.log.warn(
      'Payment sandbox is on: checkouts are test mode and anyone can mark their own order paid. ' +
        'Fine on this machine; a real site lists real providers in PAYMENT_PROVIDERS (see README).',
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/** Resolves once the job queue has nothing left to run (checked every second), or when `stopped()`. */
async function untilQueueIdle(jobs: JobQueue, stopped: () => boolean): Promise<void> {
  while (!stopped() && (await jobs.pending()) > 0) await sleep(1000);
}
