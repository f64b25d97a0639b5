import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createMailer, type Mailer } from '../../lib/mail';
import { createRateLimiter, memoryCounterStore, redisCounterStore } from '../../lib/rate-limit';
import { startBillingJobs } from './billing-jobs';
import { billingRoutes } from './billing.routes';
import { DEFAULT_BILLING_LIMITS, type BillingLimits } from './billing.service';
import { createProviderRegistry } from './providers/registry';
import { sandboxRoutes } from './providers/sandbox.routes';
import type { FetchLike, PaymentProvider, ProviderId } from './providers/types';

/** What tests may change: the clock, the providers' fetch, providers themselves, limits, the mailer, the job timer. */
export type BillingOptions = {
  now?: () => Date;
  fetch?: FetchLike;
  providers?: Partial<Record<ProviderId, PaymentProvider>>;
  limits?: Partial<BillingLimits>;
  mailer?: Mailer;
  /** Milliseconds between reconciliation runs; 0 turns the timer off. Default PAYMENT_RECONCILE_SECONDS. */
  jobIntervalMs?: number;
};

type BillingPluginOptions = { config: Config; db: Db; options?: BillingOptions };

/**
 * Membership and payments: plans, orders, the providers (real ones configured in
 * PAYMENT_PROVIDERS, the sandbox for the other ways), notifications, the member's subscription,
 * and the background reconciliation and renewal reminders.
 */
export const billingPlugin: FastifyPluginAsync<BillingPluginOptions> = async (app, { config, db, options = {} }) => {
  const now = options.now ?? (() => new Date());
  const providers = createProviderRegistry({ config, db, now, fetch: options.fetch, overrides: options.providers });
  const limiter = createRateLimiter(config.REDIS_URL ? redisCounterStore(config.REDIS_URL, app.log) : memoryCounterStore(), now);
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  const deps = { db, now, providers, limiter, limits: { ...DEFAULT_BILLING_LIMITS, ...options.limits }, log: app.log };

  await app.register(billingRoutes, { ...deps, siteUrl: config.siteUrl });
  if (providers.sandbox) await app.register(sandboxRoutes, { sandbox: providers.sandbox });

  const intervalMs = options.jobIntervalMs ?? config.PAYMENT_RECONCILE_SECONDS * 1000;
  let stopJobs: (() => Promise<void>) | null = null;
  if (intervalMs > 0) {
    app.addHook('onReady', async () => {
      stopJobs = startBillingJobs({ ...deps, mailer, siteUrl: config.PUBLIC_URL }, intervalMs, app.log);
    });
  }
  app.addHook('onClose', async () => {
    await stopJobs?.();
    if (!options.mailer) mailer.close();
    await limiter.close();
  });
};
