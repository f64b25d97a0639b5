import { API_PREFIX, ORDER_STATUS, type Order, type SubscriptionInfo } from '@shotlib/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, describeNotificationRules, expiryOf, orderRow, placeOrder, type PlacedOrder } from '../../../test/payment-matrix';
import { startFakeServer, type FakeServer } from '../../../test/payment-providers';
import { call, createTestApp, type TestApp } from '../../../test/test-app';
import { addMonthsUtc } from '../membership-expiry';

const PUBLIC_URL = 'https://shotlib.test';
const WEBHOOK_SECRET = 'whsec_test_secret_for_shotlib_tests';

type FakeSession = { id: string; tno: string; amount: number; status: 'open' | 'complete'; paid: boolean };

/** A fake Stripe API: Checkout Sessions (create, retrieve), subscription updates, invoice payments. */
async function fakeStripe() {
  const sessions = new Map<string, FakeSession>();
  /** PaymentIntent id → the invoice it paid; `down` makes the lookup fail. */
  const invoiceByPaymentIntent = new Map<string, string>();
  const invoicePayments = { down: false };
  const subscriptionUpdates: { id: string; params: URLSearchParams }[] = [];
  let counter = 0;
  const server = await startFakeServer((request) => {
    if (request.headers.authorization !== 'Bearer sk_test_shotlib') return { status: 401, body: { error: { type: 'invalid_request_error' } } };
    const sessionObject = (s: FakeSession) => ({
      id: s.id,
      object: 'checkout.session',
      mode: 'subscription',
      livemode: false,
      url: `https://checkout.stripe.com/c/pay/${s.id}`,
      status: s.status,
      payment_status: s.paid ? 'paid' : 'unpaid',
      client_reference_id: s.tno,
      metadata: { tno: s.tno },
      amount_total: s.amount,
      currency: 'usd',
      invoice: s.paid ? `in_${s.tno}` : null,
      subscription: s.paid ? `sub_${s.tno}` : null,
    });
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const params = new URLSearchParams(request.body);
      const session: FakeSession = {
        id: `cs_test_${++counter}`,
        tno: params.get('client_reference_id')!,
        amount: Number(params.get('line_items[0][price_data][unit_amount]')),
        status: 'open',
        paid: false,
      };
      sessions.set(session.id, session);
      return { body: sessionObject(session) };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.path);
    if (request.method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      return session ? { body: sessionObject(session) } : { status: 404, body: { error: { type: 'invalid_request_error' } } };
    }
    if (request.method === 'GET' && request.path.startsWith('/v1/invoice_payments?')) {
      if (invoicePayments.down) return { status: 500, body: { error: { type: 'api_error' } } };
      const query = new URLSearchParams(request.path.split('?')[1]);
      const paymentIntent = query.get('payment[payment_intent]') ?? '';
      const invoiceId = query.get('payment[type]') === 'payment_intent' ? invoiceByPaymentIntent.get(paymentIntent) : undefined;
      const data = invoiceId
        ? [{ id: `inpay_${paymentIntent}`, object: 'invoice_payment', invoice: invoiceId, payment: { type: 'payment_intent', payment_intent: paymentIntent } }]
        : [];
      return { body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data } };
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/?]+)$/.exec(request.path);
    if (request.method === 'POST' && subscriptionMatch) {
      subscriptionUpdates.push({ id: subscriptionMatch[1]!, params: new URLSearchParams(request.body) });
      return { body: { id: subscriptionMatch[1], object: 'subscription', cancel_at_period_end: true } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error' } } };
  });
  return { server, sessions, subscriptionUpdates, invoiceByPaymentIntent, invoicePayments };
}

async function cardApp(server: FakeServer, clock: { now: Date }): Promise<TestApp> {
  return createTestApp({
    env: {
      PAYMENT_PROVIDERS: 'card',
      PUBLIC_URL,
      STRIPE_SECRET_KEY: 'sk_test_shotlib',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: server.url,
    },
    services: { now: () => clock.now, limits: { billing: { orderQueryGapMs: 0 } } },
  });
}

/** A Stripe event, signed as Stripe signs it (t=…,v1=HMAC-SHA256). */
function stripeEvent(type: string, object: Record<string, unknown>, options: { at: Date; livemode?: boolean; id?: string; secret?: string }) {
  const body = JSON.stringify({
    id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    livemode: options.livemode ?? false,
    created: Math.floor(options.at.getTime() / 1000),
    data: { object: { ...object, livemode: options.livemode ?? false } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: Math.floor(options.at.getTime() / 1000),
  });
  return { headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body };
}

const invoice = (placed: PlacedOrder, options: { id?: string; reason?: string; amount?: number } = {}) => ({
  id: options.id ?? `in_${placed.tno}`,
  object: 'invoice',
  billing_reason: options.reason ?? 'subscription_create',
  amount_paid: options.amount ?? placed.pay.amount,
  currency: 'usd',
  parent: { type: 'subscription_details', subscription_details: { subscription: `sub_${placed.tno}`, metadata: { tno: placed.tno } } },
});

const sessionIdOf = (placed: PlacedOrder) => placed.pay.url.split('/').pop()!;

describeNotificationRules('card', async () => {
  const clock = { now: new Date() };
  const fake = await fakeStripe();
  const t = await cardApp(fake.server, clock);
  return {
    t,
    clock,
    provider: 'card',
    way: 'card',
    notification(placed, options = {}) {
      return stripeEvent('invoice.paid', invoice(placed, { amount: options.amount }), {
        at: new Date(clock.now.getTime() - (options.ageS ?? 0) * 1000),
        livemode: options.otherMerchant === true,
        id: `evt_paid_${placed.tno}`,
      });
    },
    settle(placed) {
      const session = fake.sessions.get(sessionIdOf(placed))!;
      session.status = 'complete';
      session.paid = true;
    },
    async close() {
      await t.close();
      await fake.server.close();
    },
  };
});

describe('card: Checkout in subscription mode, renewals and cancellation', () => {
  const clock = { now: new Date() };
  let fake: Awaited<ReturnType<typeof fakeStripe>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakeStripe();
    t = await cardApp(fake.server, clock);
  });
  afterAll(async () => {
    await t.close();
    await fake.server.close();
  });

  it('opens a Checkout Session priced from the plan, with the order number and an idempotency key', async () => {
    const placed = await placeOrder(t, 'card', 1);
    expect(placed.pay).toMatchObject({ action: 'redirect', way: 'card', amount: 2999, currency: 'USD', autoRenew: true, sandbox: false });
    expect(placed.pay.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const request = fake.server.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.includes(placed.tno))!;
    expect(request.headers['idempotency-key']).toBe(`checkout-${placed.tno}`);
    const params = new URLSearchParams(request.body);
    expect(params.get('mode')).toBe('subscription');
    expect(params.get('client_reference_id')).toBe(placed.tno);
    expect(params.get('line_items[0][price_data][unit_amount]')).toBe('2999');
    expect(params.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(params.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(params.get('line_items[0][price_data][recurring][interval_count]')).toBe('12');
    expect(params.get('subscription_data[metadata][tno]')).toBe(placed.tno);
    expect(params.get('success_url')).toBe(`${PUBLIC_URL}/ok?tno=${placed.tno}&session_id={CHECKOUT_SESSION_ID}`);
  });

  it('counts checkout.session.completed and the first invoice.paid (one invoice) once, then extends on each renewal', async () => {
    const placed = await placeOrder(t, 'card', 3);
    const completed = stripeEvent(
      'checkout.session.completed',
      {
        id: sessionIdOf(placed),
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: placed.tno,
        amount_total: placed.pay.amount,
        currency: 'usd',
        invoice: `in_${placed.tno}`,
        subscription: `sub_${placed.tno}`,
      },
      { at: clock.now },
    );
    const [a, b] = await Promise.all([
      deliver(t, 'card', completed),
      deliver(t, 'card', stripeEvent('invoice.paid', invoice(placed), { at: clock.now })),
    ]);
    expect([...a.outcomes, ...b.outcomes].sort()).toEqual(['applied', 'duplicate']);
    expect(await orderRow(t, placed.tno)).toMatchObject({ status: ORDER_STATUS.paid, reviewReason: null });
    const firstEnd = addMonthsUtc(clock.now, 1);
    expect(await expiryOf(t, placed.memberId)).toEqual(firstEnd);

    const cycle = stripeEvent('invoice.paid', invoice(placed, { id: `in_next_${placed.tno}`, reason: 'subscription_cycle' }), { at: clock.now });
    expect((await deliver(t, 'card', cycle)).outcomes).toEqual(['applied']);
    expect((await deliver(t, 'card', cycle)).outcomes).toEqual(['duplicate']);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(firstEnd, 1));
    const orders = await call<{ arr: Order[] }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: placed.token });
    expect(orders.body.data.arr).toHaveLength(2);
    expect(orders.body.data.arr[0]).toMatchObject({ renewal: true, status: ORDER_STATUS.paid, amount: placed.pay.amount, way: 'card' });

    const cancelled = await call<SubscriptionInfo>(t.app, { method: 'POST', url: `${API_PREFIX}/subscription/cancel`, token: placed.token });
    expect(cancelled.body.data).toMatchObject({ vip: true, expired: addMonthsUtc(firstEnd, 1).toISOString() });
    expect(cancelled.body.data.subscription).toMatchObject({ autoRenew: false, cancelAtPeriodEnd: true });
    expect(fake.subscriptionUpdates).toContainEqual({ id: `sub_${placed.tno}`, params: new URLSearchParams('cancel_at_period_end=true') });

    const ended = stripeEvent('customer.subscription.deleted', { id: `sub_${placed.tno}`, object: 'subscription' }, { at: clock.now });
    expect((await deliver(t, 'card', ended)).outcomes).toEqual(['applied']);
    const info = await call<SubscriptionInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/subscription`, token: placed.token });
    expect(info.body.data.subscription).toMatchObject({ status: 'ended', autoRenew: false });
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(firstEnd, 1));
  });

  it('a full refund takes back the period of its invoice, once; a partial refund changes nothing', async () => {
    const placed = await placeOrder(t, 'card', 3);
    expect((await deliver(t, 'card', stripeEvent('invoice.paid', invoice(placed), { at: clock.now }))).outcomes).toEqual(['applied']);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(clock.now, 1));
    fake.invoiceByPaymentIntent.set(`pi_${placed.tno}`, `in_${placed.tno}`);
    const charge = (refunded: boolean) => ({
      id: `ch_${placed.tno}`,
      object: 'charge',
      amount: placed.pay.amount,
      amount_refunded: refunded ? placed.pay.amount : 100,
      refunded,
      payment_intent: `pi_${placed.tno}`,
    });

    expect((await deliver(t, 'card', stripeEvent('charge.refunded', charge(false), { at: clock.now }))).outcomes).toEqual(['ignored']);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(clock.now, 1));

    // The lookup of the invoice fails: the notification is answered 503, so Stripe sends it again.
    const full = stripeEvent('charge.refunded', charge(true), { at: clock.now });
    fake.invoicePayments.down = true;
    const deferred = await deliver(t, 'card', full);
    fake.invoicePayments.down = false;
    expect(deferred.status).toBe(503);
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.paid);

    expect((await deliver(t, 'card', full)).outcomes).toEqual(['applied']);
    expect((await deliver(t, 'card', full)).outcomes).toEqual(['duplicate']);
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.refunded);
    expect((await expiryOf(t, placed.memberId))!.getTime()).toBeLessThanOrEqual(clock.now.getTime());
    const info = await call<SubscriptionInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/subscription`, token: placed.token });
    expect(info.body.data.vip).toBe(false);
  });

  it('refuses events signed with another secret', async () => {
    const placed = await placeOrder(t, 'card');
    const forged = stripeEvent('invoice.paid', invoice(placed), { at: clock.now, secret: 'whsec_someone_else' });
    expect((await deliver(t, 'card', forged)).status).toBe(401);
    expect(await expiryOf(t, placed.memberId)).toBeNull();
  });
});
