import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createBackground, type Background } from './lib/background';
import { createMailer, type Mailer } from './lib/mail';
import { createMediaSigner, type MediaSigner } from './lib/media-signature';
import { serializeError } from './lib/log-serializers';
import { createRateLimiter, memoryCounterStore, redisCounterStore, type RateLimiter } from './lib/rate-limit';
import { createReadiness, type Readiness } from './lib/readiness';
import { createReplyCache, type ReplyCache } from './lib/reply-cache';
import type { MediaStore } from './lib/storage';
import { promoteConfiguredAdmin } from './modules/admin/admin.service';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './modules/auth/auth.service';
import { startBillingJobs } from './modules/billing/billing-jobs';
import { DEFAULT_BILLING_LIMITS, type BillingLimits } from './modules/billing/billing.service';
import { createProviderRegistry, type ProviderRegistry } from './modules/billing/providers/registry';
import type { FetchLike, PaymentProvider, ProviderId } from './modules/billing/providers/types';
import { createActivityRecorder, type ActivityRecorder } from './modules/catalog/activity-recorder';
import { createScreenReader, registerIngestJobs, type Ocr, type ScreenReader } from './modules/ingest/ingest.service';
import { createJobQueue, type JobQueue } from './modules/jobs/jobs.service';
import { DEFAULT_MEMBER_LIMITS, type MemberLimits } from './modules/member/member.service';
import { createSessionLookup, type SessionLookup } from './modules/session/session.service';

/** The channel every catalogue write notifies (migration 0007's triggers). */
export const CATALOG_CHANNEL = 'catalog_changed';

/** The abuse limits of each module. */
export type Limits = { auth: AuthLimits; member: MemberLimits; billing: BillingLimits };

/**
 * Everything the modules share, built once per process by `createServices`: one clock, one
 * logger, one mailer, one rate limiter, one provider registry, one background queue. Each
 * module is a routes plugin over (a part of) this object; `buildApp` registers them.
 */
export type Services = {
  config: Config;
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
  /** The clock every module reads; tests move it. */
  now: () => Date;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: Limits;
  providers: ProviderRegistry;
  /**
   * The job queue in the database (docs/decisions/040): heavy steps (a new screen's variants,
   * colours and placeholder) that any process may run; this one's workers start with `start()`.
   */
  jobs: JobQueue;
  /**
   * The OCR of screens (docs/decisions/047): its own queue and one worker at nice 19, so neither
   * `jobs` nor /readyz waits for it; started with `start()` when OCR is on.
   */
  reader: ScreenReader;
  /** Work that must not delay a reply (drained on close). */
  background: Background;
  /** Start-up work that /readyz waits for (the first start's demo import). */
  readiness: Readiness;
  /** Views and collects for the Hot ranking, written in batches (flushed on close). */
  activity: ActivityRecorder;
  /** Signs the screenshot URLs of replies; /media serves screenshots only so. */
  signer: MediaSigner;
  /**
   * Serialized catalogue replies of this process, dropped on every catalogue write (heard through
   * the database's 'catalog_changed' notifications, from any process; docs/decisions/036).
   */
  catalogCache: ReplyCache;
  /**
   * The member of a live session token, or null (the auth hook of every request), remembered for a
   * moment; `forget` after every request that may change a session or a member (app.ts).
   */
  sessions: SessionLookup;
  /**
   * Make ADMIN_EMAIL's member an admin, listen for catalogue writes and start the timers (billing
   * jobs); the server calls it once ready.
   */
  start(): Promise<void>;
  /** Stop the timers, finish pending writes and close connections (mail, Redis). */
  close(): Promise<void>;
};

/** What tests may choose instead of the configuration's defaults. */
export type ServiceOptions = {
  now?: () => Date;
  /** A logger instead of pino at LOG_LEVEL. */
  log?: FastifyBaseLogger;
  mailer?: Mailer;
  /** fetch for the payment providers' APIs (tests aim it at local fakes). */
  fetch?: FetchLike;
  /** Replace or add payment providers. */
  providers?: Partial<Record<ProviderId, PaymentProvider>>;
  limits?: { [K in keyof Limits]?: Partial<Limits[K]> };
  /** Milliseconds between billing job runs; 0 turns the timer off. Default PAYMENT_RECONCILE_SECONDS. */
  jobIntervalMs?: number;
  /** Queue workers of this process (default 1); 0 leaves the queued jobs to other processes (tests run them by hand). */
  jobWorkers?: number;
  /** The OCR found at start (main.ts: detectOcr); default off: no screen text is read. */
  ocr?: Ocr;
};

/** No OCR: what a process that did not look for tesseract (tests, by default) uses. */
const NO_OCR: Ocr = { enabled: false, status: 'OCR off: not set up in this process', languages: [], read: () => Promise.reject(new Error('OCR is off')) };

/** The composition root: every shared service, built once from the configuration. */
export function createServices(config: Config, database: Database, media: MediaStore, options: ServiceOptions = {}): Services {
  const { db } = database;
  if (!config.APP_SECRET) throw new Error('APP_SECRET is required (main.ts generates one into DATA_DIR when unset)');
  const now = options.now ?? (() => new Date());
  const log = options.log ?? pino({ level: config.LOG_LEVEL, serializers: { err: serializeError } });
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox'), log });
  const limiter = createRateLimiter(config.REDIS_URL ? redisCounterStore(config.REDIS_URL, log) : memoryCounterStore(), now);
  const limits: Limits = {
    auth: {
      ...DEFAULT_AUTH_LIMITS,
      ...(config.AUTH_IP_LIMITS ? {} : { signPerIp: [], loginPerIp: [] }),
      ...options.limits?.auth,
    },
    member: { ...DEFAULT_MEMBER_LIMITS, ...options.limits?.member },
    billing: { ...DEFAULT_BILLING_LIMITS, ...options.limits?.billing },
  };
  const providers = createProviderRegistry({ config, db, now, fetch: options.fetch, overrides: options.providers });
  const background = createBackground(log);
  const catalogCache = createReplyCache();
  const activity = createActivityRecorder({ db, log, onScoresChanged: () => catalogCache.touchVolatile() });
  const signer = createMediaSigner(config.APP_SECRET, now);
  const jobWorkers = options.jobWorkers ?? 1;
  const jobs = createJobQueue({ db, log, now, concurrency: Math.max(1, jobWorkers) });
  registerIngestJobs(jobs, { db, media });
  const reader = createScreenReader({ db, media, ocr: options.ocr ?? NO_OCR, log: { info: (msg) => log.info(msg), warn: (obj, msg) => log.warn(obj, msg), error: (obj, msg) => log.error(obj, msg) }, now });

  const readiness = createReadiness();
  let closing = false;
  const jobIntervalMs = options.jobIntervalMs ?? config.PAYMENT_RECONCILE_SECONDS * 1000;
  let stopJobs: (() => Promise<void>) | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let adminPromoted = false;

  return {
    config,
    db,
    media,
    log,
    now,
    mailer,
    limiter,
    limits,
    providers,
    background,
    readiness,
    jobs,
    reader,
    activity,
    signer,
    catalogCache,
    sessions: createSessionLookup(db, now),
    async start() {
      if (config.ADMIN_EMAIL && !adminPromoted) {
        await promoteConfiguredAdmin({ db, now, log }, config.ADMIN_EMAIL);
        adminPromoted = true;
      }
      if (!stopListening) {
        stopListening = await database.listen(CATALOG_CHANNEL, {
          onNotify: () => catalogCache.invalidate(),
          onLost: () => {
            log.warn('catalogue change feed lost: serving catalogue replies uncached until it is back');
            catalogCache.setLive(false);
          },
          onLive: () => catalogCache.setLive(true),
        });
        catalogCache.setLive(true);
      }
      if (jobWorkers > 0) {
        jobs.start();
        if (reader.ocr.enabled) {
          background.run('ocr', async () => {
            // After the start-up work /readyz waits for (the first start's demo import and its
            // processing): that has the cores first, OCR the idle time after (decision 047).
            while (!closing && readiness.waitingFor().length > 0) await sleep(1000);
            if (closing) return;
            reader.start();
            // Screens ingested while OCR was off (or whose text a crash lost) are read now, once.
            const queued = await reader.queueUnread();
            if (queued > 0) log.info(`OCR: ${queued} screens without text queued`);
          });
        }
      }
      if (stopJobs || jobIntervalMs <= 0) return;
      const billing = { db, now, providers, limiter, limits: limits.billing, log };
      stopJobs = startBillingJobs({ ...billing, mailer, siteUrl: config.siteUrl }, jobIntervalMs, log);
    },
    async close() {
      closing = true;
      await stopJobs?.();
      await jobs.stop();
      await reader.stop();
      // The database may be gone already (closed first, or unreachable): nothing is left to stop then.
      await stopListening?.().catch((err: unknown) => log.debug({ err }, 'stopping the catalogue change feed'));
      catalogCache.setLive(false);
      await background.drain();
      await activity.close();
      if (!options.mailer) mailer.close();
      await limiter.close();
    },
  };
}
