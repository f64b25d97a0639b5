import { ORDER_STATUS } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { member, order, subscription } from '../../db/schema';
import type { MailMessage, Mailer } from '../../lib/mail';
import { createRateLimiter, memoryCounterStore } from '../../lib/rate-limit';
import { deliver, expiryOf, newMember, orderRow, placeOrder } from '../../test/payment-matrix';
import { createTestApp, type TestApp } from '../../test/test-app';
import { reconcileOrders, sendRenewalReminders, type JobDeps } from './billing-jobs';
import { DEFAULT_BILLING_LIMITS } from './billing.service';
import { addMonthsUtc } from './membership-expiry';
import { createProviderRegistry } from './providers/registry';
import { SANDBOX_MERCHANT } from './providers/sandbox';
import { settleSandboxPayment } from './providers/sandbox.repo';

const DAY = 86_400_000;
let t: TestApp;
const clock = { now: new Date() };
const sent: MailMessage[] = [];
let mailFails = false;
const mailer: Mailer = {
  kind: 'outbox',
  async send(message) {
    if (mailFails) throw new Error('SMTP is down');
    sent.push(message);
  },
  close() {},
};
let deps: JobDeps;

beforeAll(async () => {
  t = await createTestApp({ services: { now: () => clock.now } });
  // The jobs as a server process runs them, over the same database.
  const now = () => clock.now;
  deps = {
    db: t.db,
    now,
    providers: createProviderRegistry({ config: t.config, db: t.db, now }),
    limiter: createRateLimiter(memoryCounterStore(), now),
    limits: DEFAULT_BILLING_LIMITS,
    log: t.app.log,
    mailer,
    siteUrl: 'https://shotlib.test',
  };
});
afterAll(() => t.close());

const refOf = (url: string) => url.split('/').pop()!;

describe('reconciliation', () => {
  it('asks the provider about unpaid orders and applies what it verified, once', async () => {
    const placed = await placeOrder(t, 'wechat');
    // Paid at the provider, but its notification never arrived.
    await settleSandboxPayment(t.db, refOf(placed.pay.url), { status: 'paid', paymentId: `PAY-${placed.tno}`, subscriptionId: null, now: clock.now });
    const first = await reconcileOrders(deps);
    expect(first).toMatchObject({ checked: 1, changed: 1 });
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.paid);
    const expected = addMonthsUtc(clock.now, 1);
    expect(await expiryOf(t, placed.memberId)).toEqual(expected);
    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    expect(await reconcileOrders(deps)).toMatchObject({ checked: 0, changed: 0 });
    expect(await expiryOf(t, placed.memberId)).toEqual(expected);
  });

  it('two processes reconciling at once extend the membership once', async () => {
    const placed = await placeOrder(t, 'card');
    await settleSandboxPayment(t.db, refOf(placed.pay.url), { status: 'paid', paymentId: `PAY-${placed.tno}`, subscriptionId: `SUB-${placed.tno}`, now: clock.now });
    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    await Promise.all([reconcileOrders(deps), reconcileOrders(deps)]);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(clock.now, 1));
  });

  it('closes orders left unpaid for 48 hours; a verified late payment still counts', async () => {
    const placed = await placeOrder(t, 'paypal');
    await t.db.update(order).set({ createdAt: new Date(clock.now.getTime() - 49 * 3_600_000) }).where(eq(order.tno, placed.tno));
    const result = await reconcileOrders(deps);
    expect(result.closed).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.closed);

    const sandbox = deps.providers.sandbox!;
    const late = sandbox.sign({
      id: `evt-late-${placed.tno}`,
      type: 'payment.succeeded',
      created: Math.floor(clock.now.getTime() / 1000),
      merchant: SANDBOX_MERCHANT,
      data: { ref: refOf(placed.pay.url), tno: placed.tno, paymentId: `PAY-${placed.tno}`, subscriptionId: null, amount: placed.pay.amount, currency: 'USD' },
    });
    expect((await deliver(t, 'sandbox', late)).outcomes).toEqual(['applied']);
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.paid);
  });
});

describe('renewal reminders', () => {
  /** A member whose membership, paid `way`, ends in `days`. */
  async function memberEndingIn(days: number, options: { way?: 'wechat' | 'paypal' | 'card'; locale?: string; cancelled?: boolean } = {}) {
    const payer = await newMember(t);
    const expiresAt = new Date(clock.now.getTime() + days * DAY);
    await t.db.update(member).set({ vipExpiresAt: expiresAt, locale: options.locale ?? 'enUS' }).where(eq(member.id, payer.id));
    const way = options.way ?? 'wechat';
    await t.db.insert(subscription).values({
      memberId: payer.id,
      provider: 'sandbox',
      way,
      // WeChat Pay and one-time PayPal payments renew by hand; card subscriptions by themselves.
      providerSubscriptionId: way === 'card' ? `SUB-${payer.id}` : null,
      grade: 3,
      amount: 2500,
      currency: 'CNY',
      autoRenew: way === 'card' && !options.cancelled,
      cancelAtPeriodEnd: options.cancelled ?? false,
      status: options.cancelled ? 'canceled' : 'active',
      currentPeriodEnd: expiresAt,
    });
    return { ...payer, expiresAt };
  }

  it('mails members who renew by hand once, a few days before expiry, in their language', async () => {
    sent.length = 0;
    const soon = await memberEndingIn(2, { locale: 'zhCN' });
    // Not reminded: ends later, renews by itself, or its renewal was cancelled on purpose.
    await memberEndingIn(5);
    await memberEndingIn(2, { way: 'card' });
    await memberEndingIn(2, { way: 'card', cancelled: true });
    expect(await sendRenewalReminders(deps)).toBe(1);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    const { email } = (await t.db.select({ email: member.email }).from(member).where(eq(member.id, soon.id)))[0]!;
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toBe('你的 Shotlib 会员即将到期');
    expect(mail!.text).toContain('微信支付');
    expect(mail!.text).toContain('https://shotlib.test/cfm/3');
    expect(mail!.text).toContain(soon.expiresAt.toISOString().slice(0, 10));

    expect(await sendRenewalReminders(deps)).toBe(0);
    expect(await Promise.all([sendRenewalReminders(deps), sendRenewalReminders(deps)])).toEqual([0, 0]);
  });

  it('says a one-time PayPal period does not renew by itself either', async () => {
    sent.length = 0;
    await memberEndingIn(3, { way: 'paypal' });
    expect(await sendRenewalReminders(deps)).toBe(1);
    expect(sent[0]!.subject).toBe('Your Shotlib subscription ends soon');
    expect(sent[0]!.text).toContain('one-time payment');
    expect(sent[0]!.html).toContain('https://shotlib.test/cfm/3');
  });

  it('tries again on the next run when the mail could not be sent', async () => {
    sent.length = 0;
    await memberEndingIn(1);
    mailFails = true;
    expect(await sendRenewalReminders(deps)).toBe(0);
    mailFails = false;
    expect(await sendRenewalReminders(deps)).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('reminds again for the next period after the member renewed by hand', async () => {
    sent.length = 0;
    const payer = await memberEndingIn(2);
    expect(await sendRenewalReminders(deps)).toBe(1);
    await t.db.update(member).set({ vipExpiresAt: new Date(clock.now.getTime() + 2.5 * DAY) }).where(eq(member.id, payer.id));
    expect(await sendRenewalReminders(deps)).toBe(1);
  });
});

describe('the job timer', () => {
  it('runs reconciliation in the server process once it is ready, and stops on close', async () => {
    const INTERVAL = 60_000;
    // A run reads the clock as it starts (synchronously, on the tick): reads while no request is served are runs.
    let clockReads = 0;
    const app = await createTestApp({
      services: {
        jobIntervalMs: INTERVAL,
        now: () => {
          clockReads += 1;
          return new Date();
        },
      },
      // The job timer runs on a fake clock the test moves; the database keeps its real timers.
      beforeReady: () => {
        vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      },
    });
    try {
      // Ready: the job timer is set; nothing runs before a whole interval has passed.
      expect(vi.getTimerCount()).toBe(1);
      const placed = await placeOrder(app, 'wechat');
      await app.db.update(order).set({ createdAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(order.tno, placed.tno));
      clockReads = 0;
      vi.advanceTimersByTime(INTERVAL - 1);
      expect(clockReads).toBe(0);
      expect((await orderRow(app, placed.tno)).status).toBe(ORDER_STATUS.unpaid);

      // At the interval a run starts, and it reconciles: the order left unpaid for 48 hours is closed.
      vi.advanceTimersByTime(1);
      expect(clockReads).toBeGreaterThan(0);
      await expect.poll(async () => (await orderRow(app, placed.tno)).status, { timeout: 15_000 }).toBe(ORDER_STATUS.closed);

      // Closed: no timer is left, and however long the clock runs, no run starts.
      await app.app.close();
      expect(vi.getTimerCount()).toBe(0);
      clockReads = 0;
      vi.advanceTimersByTime(10 * INTERVAL);
      expect(clockReads).toBe(0);
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
