import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mail';
import * as orderRepo from './order.repo';
import * as reminderRepo from './reminder.repo';
import { ORDER_OPEN_MS, refreshOrder, type BillingDeps } from './billing.service';
import { renewalReminderMail } from './renewal-reminder-mail';

/**
 * Background work of billing, run in every server process on a timer. Each step is idempotent and
 * safe with any number of processes: paid-once is the ledger's conditional update, an order is
 * queried by whoever claims it (checked_at), a reminder is sent by whoever claims it
 * (renewal_reminder's primary key).
 */

/** Orders queried per run; the rest wait for the next run. */
export const RECONCILE_BATCH = 50;
/** An unpaid order is asked about at most this often by the job. */
export const RECONCILE_GAP_MS = 60_000;
/** Members who renew by hand get one reminder this long before their membership ends. */
export const REMINDER_BEFORE_MS = 3 * 86_400_000;

export type JobDeps = BillingDeps & {
  mailer: Mailer;
  /** Origin for the link in reminder mails (`config.siteUrl`): an e-mail has no page to be relative to. */
  siteUrl: string;
};

/** Ask the providers about unpaid orders younger than 48 h; close older ones. */
export async function reconcileOrders(deps: BillingDeps): Promise<{ checked: number; changed: number; closed: number }> {
  const now = deps.now();
  const orders = await orderRepo.ordersToReconcile(deps.db, new Date(now.getTime() - ORDER_OPEN_MS), now, RECONCILE_GAP_MS, RECONCILE_BATCH);
  let changed = 0;
  for (const order of orders) {
    const outcome = await refreshOrder({ ...deps, limits: { ...deps.limits, orderQueryGapMs: RECONCILE_GAP_MS } }, order);
    if (outcome === 'applied') changed += 1;
  }
  const closed = await orderRepo.closeOrdersBefore(deps.db, new Date(now.getTime() - ORDER_OPEN_MS));
  return { checked: orders.length, changed, closed };
}

/** Mail members who renew by hand (WeChat Pay) once, a few days before their membership ends. */
export async function sendRenewalReminders(deps: JobDeps): Promise<number> {
  const now = deps.now();
  const candidates = await reminderRepo.reminderCandidates(deps.db, now, new Date(now.getTime() + REMINDER_BEFORE_MS), 100);
  let sent = 0;
  for (const candidate of candidates) {
    if (!(await reminderRepo.claimReminder(deps.db, candidate.memberId, candidate.vipExpiresAt, now))) continue;
    try {
      await deps.mailer.send(
        renewalReminderMail({
          to: candidate.email,
          locale: candidate.locale,
          way: candidate.way,
          expiresAt: candidate.vipExpiresAt,
          renewUrl: `${deps.siteUrl.replace(/\/+$/, '')}/cfm/${candidate.grade}`,
        }),
      );
      sent += 1;
    } catch (err) {
      deps.log.warn({ err, memberId: candidate.memberId }, 'renewal reminder could not be sent; will retry');
      await reminderRepo.releaseReminder(deps.db, candidate.memberId, candidate.vipExpiresAt);
    }
  }
  return sent;
}

/** Run both jobs every `intervalMs` (never two runs at once in one process). Returns stop(). */
export function startBillingJobs(deps: JobDeps, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const result = await reconcileOrders(deps);
        if (result.changed > 0 || result.closed > 0) log.info(result, 'payments reconciled');
        await sendRenewalReminders(deps);
      } catch (err) {
        log.warn({ err }, 'billing job failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    if (running) await running;
  };
}
