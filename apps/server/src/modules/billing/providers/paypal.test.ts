import { API_PREFIX, ORDER_STATUS, type Order, type SubscriptionInfo } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliver,
  describeNotificationRules,
  expiryOf,
  orderRow,
  placeOrder,
  type PlacedOrder,
} from '../../../test/payment-matrix';
import { paypalTestKeys, paypalWebhookHeaders, startFakeServer, type FakeServer, type PaypalTestKeys } from '../../../test/payment-providers';
import { call, createTestApp, type TestApp } from '../../../test/test-app';
import { addMonthsUtc } from '../membership-expiry';
import { decimalToMinor, minorToDecimal } from './money';
import { isPaypalCertUrl } from './paypal';

const PUBLIC_URL = 'https://shotlib.test';
const MERCHANT = 'MERCHANT1SHOTLIB';

type FakeOrder = { id: string; tno: string; value: string; status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' };
type FakeSubscription = { id: string; tno: string; status: string; transactions: { id: string; value: string; time: string }[]; cancelled: boolean };

const captureOf = (order: FakeOrder) => ({
  id: `CAP-${order.tno}`,
  status: 'COMPLETED',
  amount: { currency_code: 'USD', value: order.value },
  custom_id: order.tno,
  invoice_id: order.tno,
  payee: { merchant_id: MERCHANT },
});

/** A fake PayPal REST API: OAuth, Orders v2 (capture), Subscriptions v1 (transactions, cancel). */
async function fakePaypal() {
  const orders = new Map<string, FakeOrder>();
  const subscriptions = new Map<string, FakeSubscription>();
  let counter = 0;
  const server = await startFakeServer((request) => {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
      if (request.headers.authorization !== expected) return { status: 401, body: { error: 'invalid_client' } };
      return { body: { access_token: 'ACCESS-TOKEN', token_type: 'Bearer', expires_in: 32400 } };
    }
    if (request.headers.authorization !== 'Bearer ACCESS-TOKEN') return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };

    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const body = JSON.parse(request.body);
      const unit = body.purchase_units[0];
      const order: FakeOrder = { id: `5O190127TN${++counter}`, tno: unit.custom_id, value: unit.amount.value, status: 'PAYER_ACTION_REQUIRED' };
      orders.set(order.id, order);
      return { status: 201, body: { id: order.id, status: order.status, links: [{ rel: 'payer-action', href: `https://www.paypal.com/checkoutnow?token=${order.id}`, method: 'GET' }] } };
    }
    const captureMatch = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(request.path);
    if (request.method === 'POST' && captureMatch) {
      const order = orders.get(captureMatch[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (order.status === 'COMPLETED') return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } };
      if (order.status !== 'APPROVED') return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
      order.status = 'COMPLETED';
      return { status: 201, body: { id: order.id, status: 'COMPLETED', purchase_units: [{ custom_id: order.tno, payments: { captures: [captureOf(order)] } }] } };
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && orderMatch) {
      const order = orders.get(orderMatch[1]!);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      const payments = order.status === 'COMPLETED' ? { captures: [captureOf(order)] } : undefined;
      return { body: { id: order.id, status: order.status, purchase_units: [{ custom_id: order.tno, payments }] } };
    }

    if (request.method === 'POST' && request.path === '/v1/billing/subscriptions') {
      const body = JSON.parse(request.body);
      const subscription: FakeSubscription = { id: `I-BW452GLLEP${++counter}`, tno: body.custom_id, status: 'APPROVAL_PENDING', transactions: [], cancelled: false };
      subscriptions.set(subscription.id, subscription);
      return {
        status: 201,
        body: { id: subscription.id, status: subscription.status, links: [{ rel: 'approve', href: `https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-${counter}`, method: 'GET' }] },
      };
    }
    const subMatch = /^\/v1\/billing\/subscriptions\/([^/?]+)(\/transactions|\/cancel)?/.exec(request.path);
    if (subMatch) {
      const subscription = subscriptions.get(subMatch[1]!);
      if (!subscription) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (subMatch[2] === '/cancel') {
        subscription.cancelled = true;
        subscription.status = 'CANCELLED';
        return { status: 204 };
      }
      if (subMatch[2] === '/transactions') {
        return {
          body: {
            transactions: subscription.transactions.map((tx) => ({
              id: tx.id,
              status: 'COMPLETED',
              time: tx.time,
              amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: tx.value } },
            })),
          },
        };
      }
      return { body: { id: subscription.id, status: subscription.status, custom_id: subscription.tno, plan_id: 'P-MONTH' } };
    }
    return { status: 404, body: { name: 'NOT_FOUND' } };
  });
  return { server, orders, subscriptions };
}

async function paypalApp(keys: PaypalTestKeys, server: FakeServer, clock: { now: Date }, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    env: {
      PAYMENT_PROVIDERS: 'paypal',
      PUBLIC_URL,
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_WEBHOOK_ID: keys.webhookId,
      PAYPAL_BASE_URL: server.url,
      PAYPAL_MERCHANT_ID: MERCHANT,
      ...env,
    },
    services: {
      now: () => clock.now,
      limits: { billing: { orderQueryGapMs: 0 } },
      // The certificate lives on paypal.com; the test answers that one URL itself.
      fetch: (url, init) => (url === keys.certUrl ? Promise.resolve(new Response(keys.certPem)) : fetch(url, init)),
    },
  });
}

const paypalOrderId = (placed: PlacedOrder) => new URL(placed.pay.url).searchParams.get('token')!;

function captureEvent(placed: PlacedOrder, options: { amount?: number; otherMerchant?: boolean } = {}) {
  return {
    id: `WH-${placed.tno}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: 'Payment completed',
    resource: {
      id: `CAP-${placed.tno}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: minorToDecimal(options.amount ?? placed.pay.amount) },
      final_capture: true,
      custom_id: placed.tno,
      invoice_id: placed.tno,
      payee: { merchant_id: options.otherMerchant ? 'SOMEONEELSE01' : MERCHANT, email_address: 'shop@example.com' },
      supplementary_data: { related_ids: { order_id: paypalOrderId(placed) } },
    },
  };
}

describeNotificationRules('paypal', async () => {
  const clock = { now: new Date() };
  const keys = paypalTestKeys(clock.now);
  const fake = await fakePaypal();
  const t = await paypalApp(keys, fake.server, clock);
  return {
    t,
    clock,
    provider: 'paypal',
    way: 'paypal',
    notification(placed, options = {}) {
      const body = JSON.stringify(captureEvent(placed, options));
      return { headers: paypalWebhookHeaders(keys, body, new Date(clock.now.getTime() - (options.ageS ?? 0) * 1000)), body };
    },
    settle(placed) {
      fake.orders.get(paypalOrderId(placed))!.status = 'APPROVED';
    },
    // The payer's return to /confirm?token=<PayPal order id> captures.
    poll: (placed) => call(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${paypalOrderId(placed)}`, token: placed.token }),
    async close() {
      await t.close();
      await fake.server.close();
    },
  };
});

describe('paypal: orders, capture on return, webhook refusals', () => {
  const clock = { now: new Date() };
  const keys = paypalTestKeys(clock.now);
  let fake: Awaited<ReturnType<typeof fakePaypal>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakePaypal();
    t = await paypalApp(keys, fake.server, clock);
  });
  afterAll(async () => {
    await t.close();
    await fake.server.close();
  });

  it('creates an Orders v2 order in USD with an idempotency key and redirects to the approval page', async () => {
    const placed = await placeOrder(t, 'paypal', 2);
    expect(placed.pay).toMatchObject({ action: 'redirect', way: 'paypal', amount: 899, currency: 'USD', autoRenew: false, expiresAt: null });
    expect(placed.pay.url).toMatch(/^https:\/\/www\.paypal\.com\/checkoutnow\?token=/);
    const request = fake.server.requests.find((r) => r.path === '/v2/checkout/orders' && r.body.includes(placed.tno))!;
    expect(request.headers['paypal-request-id']).toBe(`order-${placed.tno}`);
    const body = JSON.parse(request.body);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '8.99' });
    expect(body.payment_source.paypal.experience_context.return_url).toBe(`${PUBLIC_URL}/confirm`);
  });

  it('confirms the return only once PayPal captured: the browser coming back proves nothing', async () => {
    const placed = await placeOrder(t, 'paypal');
    const token = paypalOrderId(placed);
    const early = await call<{ status: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${token}`, token: placed.token });
    expect(early.body.data.status).toBe(ORDER_STATUS.unpaid);
    fake.orders.get(token)!.status = 'APPROVED';
    const confirmed = await call<{ status: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${token}`, token: placed.token });
    expect(confirmed.body.data).toEqual({ status: ORDER_STATUS.paid, tno: placed.tno });
    const again = await call<{ status: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${token}`, token: placed.token });
    expect(again.body.data.status).toBe(ORDER_STATUS.paid);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(clock.now, 1));
  });

  it("refuses certificates outside paypal.com and signatures made for another app's webhook id", async () => {
    const placed = await placeOrder(t, 'paypal');
    const body = JSON.stringify(captureEvent(placed));
    const elsewhere = paypalWebhookHeaders(keys, body, clock.now, { certUrl: 'https://paypal.com.evil.example/cert.pem' });
    expect((await deliver(t, 'paypal', { headers: elsewhere, body })).status).toBe(401);
    const otherWebhook = paypalWebhookHeaders(keys, body, clock.now, { webhookId: 'ANOTHER-WEBHOOK' });
    expect((await deliver(t, 'paypal', { headers: otherWebhook, body })).status).toBe(401);
    expect((await orderRow(t, placed.tno)).status).toBe(ORDER_STATUS.unpaid);
    expect(isPaypalCertUrl('https://api.paypal.com/v1/notifications/certs/CERT-1')).toBe(true);
    expect(isPaypalCertUrl('http://api.paypal.com/cert')).toBe(false);
    expect(isPaypalCertUrl('https://api.paypal.com:8443/cert')).toBe(false);
    expect(isPaypalCertUrl('https://notpaypal.com/cert')).toBe(false);
  });
});

describe('paypal: subscriptions renew, and cancelling stops them at PayPal', () => {
  const clock = { now: new Date() };
  const keys = paypalTestKeys(clock.now);
  let fake: Awaited<ReturnType<typeof fakePaypal>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await fakePaypal();
    t = await paypalApp(keys, fake.server, clock, { PAYPAL_PLAN_IDS: '1=P-YEAR,2=P-SEASON,3=P-MONTH' });
  });
  afterAll(async () => {
    await t.close();
    await fake.server.close();
  });

  const sale = (id: string, subscriptionId: string, tno: string, value: string) => {
    const body = JSON.stringify({
      id: `WH-SALE-${id}`,
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource_type: 'sale',
      create_time: clock.now.toISOString(),
      resource: { id, state: 'completed', amount: { total: value, currency: 'USD' }, billing_agreement_id: subscriptionId, custom: tno },
    });
    return { headers: paypalWebhookHeaders(keys, body, clock.now), body };
  };

  it('starts a subscription, confirms its first payment on return, renews on each sale and cancels at PayPal', async () => {
    const placed = await placeOrder(t, 'paypal', 3);
    expect(placed.pay.autoRenew).toBe(true);
    const created = JSON.parse(fake.server.requests.find((r) => r.path === '/v1/billing/subscriptions' && r.body.includes(placed.tno))!.body);
    expect(created).toMatchObject({ plan_id: 'P-MONTH', custom_id: placed.tno });
    expect(created.application_context.return_url).toBe(`${PUBLIC_URL}/confirm?token=${placed.tno}`);
    const subscription = [...fake.subscriptions.values()].find((s) => s.tno === placed.tno)!;

    // The payer approved; PayPal charged the first period.
    subscription.status = 'ACTIVE';
    subscription.transactions.push({ id: 'SALE-FIRST', value: '3.99', time: clock.now.toISOString() });
    const confirmed = await call<{ status: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${placed.tno}`, token: placed.token });
    expect(confirmed.body.data.status).toBe(ORDER_STATUS.paid);
    const firstEnd = addMonthsUtc(clock.now, 1);
    expect(await expiryOf(t, placed.memberId)).toEqual(firstEnd);

    // The webhook of that same first sale changes nothing; the next sale is a renewal.
    expect((await deliver(t, 'paypal', sale('SALE-FIRST', subscription.id, placed.tno, '3.99'))).outcomes).toEqual(['duplicate']);
    expect((await deliver(t, 'paypal', sale('SALE-SECOND', subscription.id, placed.tno, '3.99'))).outcomes).toEqual(['applied']);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(firstEnd, 1));
    const orders = await call<{ arr: Order[] }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: placed.token });
    expect(orders.body.data.arr.map((o) => [o.status, o.renewal])).toEqual([
      [ORDER_STATUS.paid, true],
      [ORDER_STATUS.paid, false],
    ]);

    // A renewal charging a different amount is flagged and extends nothing.
    expect((await deliver(t, 'paypal', sale('SALE-ODD', subscription.id, placed.tno, '1.00'))).outcomes).toEqual(['mismatch']);
    expect(await expiryOf(t, placed.memberId)).toEqual(addMonthsUtc(firstEnd, 1));

    const cancelled = await call<SubscriptionInfo>(t.app, { method: 'POST', url: `${API_PREFIX}/subscription/cancel`, token: placed.token });
    expect(cancelled.body.data.subscription).toMatchObject({ way: 'paypal', autoRenew: false, cancelAtPeriodEnd: true, status: 'canceled' });
    expect(cancelled.body.data.expired).toBe(addMonthsUtc(firstEnd, 1).toISOString());
    expect(subscription.cancelled).toBe(true);
  });
});

describe('money from decimal strings', () => {
  it('converts exactly, refusing anything but a plain amount with at most two decimals', () => {
    expect(decimalToMinor('8.99')).toBe(899);
    expect(decimalToMinor('219')).toBe(21900);
    expect(decimalToMinor('0.5')).toBe(50);
    expect(decimalToMinor('29.99')).toBe(2999);
    expect(decimalToMinor('0.07')).toBe(7);
    for (const bad of ['8.999', '-1.00', '1e3', '', ' ', '8,99', 'NaN']) expect(decimalToMinor(bad), bad).toBeNull();
    expect(decimalToMinor(8.99)).toBeNull();
    expect(minorToDecimal(899)).toBe('8.99');
    expect(minorToDecimal(2500)).toBe('25.00');
    expect(minorToDecimal(7)).toBe('0.07');
  });
});
