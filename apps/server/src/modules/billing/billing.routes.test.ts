import {
  API_PREFIX,
  BillingMessage,
  ORDER_STATUS,
  ReplyCode,
  type MemberInfo,
  type Order,
  type PayConfirm,
  type PaymentWay,
  type PayReply,
  type Plan,
  type SubscriptionInfo,
} from '@shotlib/contract';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../db/schema';
import { expiryOf, newMember, orderRow } from '../../test/payment-matrix';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { ORDER_OPEN_MS, orderState } from './billing.service';
import { addMonthsUtc } from './membership-expiry';
import { closeOrdersBefore } from './order.repo';
import { applyFact } from './payment-ledger';
import { sandboxPaymentByRef } from './providers/sandbox.repo';
import { createSession } from '../session/session.service';

let t: TestApp;
const clock = { now: new Date() };
beforeAll(async () => {
  t = await createTestApp({
    services: { now: () => clock.now, limits: { billing: { orderQueryGapMs: 0, payPerMember: [{ max: 5, windowMs: 60_000 }] } } },
  });
  // The fixtures' sessions are dated by the wall clock while they are written; this clock starts
  // after them, so the one that expired a second before its writing is expired here too.
  clock.now = new Date();
});
afterAll(() => t.close());

const pay = (token: string | undefined, query: string) => call<PayReply>(t.app, { method: 'GET', url: `${API_PREFIX}/pay?${query}`, token });
const sandboxPath = (reply: PayReply) => new URL(reply.url).pathname;
/** The icon links of a page (`rel`, `href`, `sizes` of each), in order; none would leave a blank tab. */
const iconLinks = (html: string) =>
  [...html.matchAll(/<link\b[^>]*rel="(icon|apple-touch-icon)"[^>]*>/g)].map(([tag, rel]) => [rel, /href="([^"]*)"/.exec(tag)?.[1], /sizes="([^"]*)"/.exec(tag)?.[1] ?? null]);
/** Press a button on the sandbox's checkout page, as the browser posts the form. */
const press = (reply: PayReply, action: 'pay' | 'fail' | 'renew') =>
  t.app.inject({
    method: 'POST',
    url: sandboxPath(reply),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });

describe('GET /grade', () => {
  it('lists plans by grade', async () => {
    const res = await call<{ arr: Plan[]; total: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/grade` });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.arr).toEqual([
      { grade: 1, period: 12, money: 19800, usdMoney: 2999 },
      { grade: 2, period: 3, money: 5800, usdMoney: 899 },
      { grade: 3, period: 1, money: 2500, usdMoney: 399 },
    ]);
  });
});

describe('GET /grade/:grade', () => {
  it('returns one plan', async () => {
    const res = await call<Plan>(t.app, { method: 'GET', url: `${API_PREFIX}/grade/2` });
    expect(res.body).toEqual({ code: 0, message: 'ok', data: { grade: 2, period: 3, money: 5800, usdMoney: 899 } });
  });

  it('answers 404 for a valid grade without a plan (GET /pay too)', async () => {
    const [kept] = await t.db.delete(plan).where(eq(plan.grade, 1)).returning();
    try {
      const missing = await call(t.app, { method: 'GET', url: `${API_PREFIX}/grade/1` });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 404, message: BillingMessage.planNotFound, data: null });
      const payer = await newMember(t);
      expect((await pay(payer.token, 'way=wechat&grade=1')).body).toEqual(missing.body);
    } finally {
      await t.db.insert(plan).values(kept!);
    }
  });

  it('answers 400 for an invalid grade', async () => {
    for (const grade of ['0', '4', 'year']) {
      const bad = await call(t.app, { method: 'GET', url: `${API_PREFIX}/grade/${grade}` });
      expect(bad.status, grade).toBe(400);
      expect(bad.body.message).toMatch(/^grade: /);
    }
  });
});

describe('GET /pay/ways', () => {
  it('offers every way through the sandbox by default, each with its currency and renewal', async () => {
    const res = await call<{ arr: PaymentWay[] }>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/ways` });
    expect(res.body.data.arr).toEqual([
      { way: 'wechat', sandbox: true, autoRenew: false, currency: 'CNY' },
      { way: 'paypal', sandbox: true, autoRenew: true, currency: 'USD' },
      { way: 'card', sandbox: true, autoRenew: true, currency: 'USD' },
    ]);
  });
});

describe('GET /pay', () => {
  it('needs a live session', async () => {
    for (const token of [undefined, t.fixtures.tokens.expired, t.fixtures.tokens.revoked]) {
      const res = await pay(token, 'way=wechat&grade=3');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ReplyCode.unauthorized);
    }
  });

  it('answers 400 with the field named for a bad way or grade, and makes no order', async () => {
    const payer = await newMember(t);
    for (const [query, field] of [
      ['way=alipay&grade=3', 'way'],
      ['way=wechat&grade=9', 'grade'],
      ['way=wechat', 'grade'],
      ['grade=3', 'way'],
      ['way=card&grade=month', 'grade'],
    ] as const) {
      const res = await pay(payer.token, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe(ReplyCode.badRequest);
      expect(res.body.message.startsWith(`${field}: `), res.body.message).toBe(true);
    }
    const orders = await call<{ total: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: payer.token });
    expect(orders.body.data.total).toBe(0);
  });

  it('prices the order from the plan: CNY for WeChat Pay, USD for PayPal and card, whatever the client sends', async () => {
    const payer = await newMember(t);
    const wechat = await pay(payer.token, 'way=wechat&grade=1&amount=1&money=1');
    expect(wechat.body.data).toMatchObject({ way: 'wechat', action: 'qr', amount: 19800, currency: 'CNY', autoRenew: false, sandbox: true });
    expect(wechat.body.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/ui\/c-api\/v1\/sandbox\/pay\/SBX[0-9A-Z]{16}$/);
    expect(Date.parse(wechat.body.data.expiresAt!)).toBeGreaterThan(clock.now.getTime());
    const card = await pay(payer.token, 'way=card&grade=2');
    expect(card.body.data).toMatchObject({ way: 'card', action: 'redirect', amount: 899, currency: 'USD', autoRenew: true, expiresAt: null });
    expect((await orderRow(t, card.body.data.tno)).amount).toBe(899);
  });

  it('builds checkout and return URLs on the site origin, never on the Host header', async () => {
    const payer = await newMember(t);
    const started = await call<PayReply>(t.app, {
      method: 'GET',
      url: `${API_PREFIX}/pay?way=paypal&grade=3`,
      token: payer.token,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(started.body.data.url.startsWith(`${t.config.siteUrl}/`)).toBe(true);
    const paid = await press(started.body.data, 'pay');
    expect(paid.headers.location).toMatch(new RegExp(`^${t.config.siteUrl}/confirm\\?token=`));
    expect(JSON.stringify([started.body, paid.headers])).not.toContain('evil.example');
  });

  it('is rate limited per member', async () => {
    const payer = await newMember(t);
    for (let i = 0; i < 5; i++) expect((await pay(payer.token, 'way=wechat&grade=3')).body.code).toBe(0);
    const limited = await pay(payer.token, 'way=wechat&grade=3');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await newMember(t);
    expect((await pay(other.token, 'way=wechat&grade=3')).body.code).toBe(0);
  });
});

describe('buying with the sandbox', () => {
  it('WeChat Pay: the QR opens the sandbox page; paying unlocks the full library at once', async () => {
    const payer = await newMember(t);
    const previewsPage2 = () =>
      call(t.app, { method: 'POST', url: `${API_PREFIX}/platform/app?appSiteId=${t.fixtures.alphaId}&page=2`, token: payer.token });
    expect((await previewsPage2()).body.code).toBe(ReplyCode.vipRequired);

    const started = (await pay(payer.token, 'way=wechat&grade=3')).body.data;
    const page = await t.app.inject({ method: 'GET', url: sandboxPath(started) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(started.tno);
    expect(page.body).toContain('¥25.00');
    expect(page.body).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="fail"[^>]*>Fail<\/button>/);
    // The product's icons, as every page of the web app has them (issue 29).
    expect(iconLinks(page.body)).toEqual(iconLinks(await readFile(new URL('../../../../web/index.html', import.meta.url), 'utf8')));

    const polled = await call<Order>(t.app, { method: 'GET', url: `${API_PREFIX}/order/${started.tno}`, token: payer.token });
    expect(polled.body.data.status).toBe(ORDER_STATUS.unpaid);

    const paid = await press(started, 'pay');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Paid');
    const after = await call<Order>(t.app, { method: 'GET', url: `${API_PREFIX}/order/${started.tno}`, token: payer.token });
    expect(after.body.data).toMatchObject({ status: ORDER_STATUS.paid, way: 'wechat', grade: 3, amount: 2500, currency: 'CNY', renewal: false });

    const expected = addMonthsUtc(clock.now, 1).toISOString();
    const info = await call<MemberInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/member/info`, token: payer.token });
    expect(info.body.data.expired).toBe(expected);
    expect((await previewsPage2()).body.code).toBe(0);

    const subscription = await call<SubscriptionInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/subscription`, token: payer.token });
    expect(subscription.body.data).toEqual({
      expired: expected,
      vip: true,
      subscription: {
        way: 'wechat',
        grade: 3,
        status: 'active',
        autoRenew: false,
        renewsManually: true,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: expected,
        amount: 2500,
        currency: 'CNY',
        sandbox: true,
      },
    });

    // Pressing Pay again (a second tab, a reload) charges nothing more.
    await press(started, 'pay');
    expect((await expiryOf(t, payer.id))?.toISOString()).toBe(expected);
  });

  it('PayPal: redirects back to /confirm?token=, and the confirmation says paid', async () => {
    const payer = await newMember(t);
    const started = (await pay(payer.token, 'way=paypal&grade=2')).body.data;
    expect(started.action).toBe('redirect');
    const ref = sandboxPath(started).split('/').pop()!;
    const paid = await press(started, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${t.config.siteUrl}/confirm?token=${ref}`);
    const confirmed = await call<PayConfirm>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${ref}`, token: payer.token });
    expect(confirmed.body).toEqual({ code: 0, message: 'ok', data: { status: ORDER_STATUS.paid, tno: started.tno } });
    expect(await expiryOf(t, payer.id)).toEqual(addMonthsUtc(clock.now, 3));
  });

  it('PayPal: Fail comes back to /confirm, which then says not paid', async () => {
    const payer = await newMember(t);
    const started = (await pay(payer.token, 'way=paypal&grade=3')).body.data;
    const ref = sandboxPath(started).split('/').pop()!;
    const failed = await press(started, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`${t.config.siteUrl}/confirm?token=${ref}`);
    const confirmed = await call<PayConfirm>(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${ref}`, token: payer.token });
    expect(confirmed.body.data.status).toBe(ORDER_STATUS.closed);
    expect(await expiryOf(t, payer.id)).toBeNull();
    // A settled checkout cannot be paid afterwards from its page.
    await press(started, 'pay');
    expect(await expiryOf(t, payer.id)).toBeNull();
  });

  it('card: redirects to /ok with the order number; renewals extend each period; cancel keeps the expiry but stops renewal', async () => {
    const payer = await newMember(t);
    const started = (await pay(payer.token, 'way=card&grade=3')).body.data;
    const paid = await press(started, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${t.config.siteUrl}/ok?tno=${started.tno}`);
    const firstEnd = addMonthsUtc(clock.now, 1);
    expect(await expiryOf(t, payer.id)).toEqual(firstEnd);

    // The provider charges the next period by itself (the sandbox does it on request).
    const renewed = await press(started, 'renew');
    expect(renewed.statusCode).toBe(200);
    expect(await expiryOf(t, payer.id)).toEqual(addMonthsUtc(firstEnd, 1));
    const orders = await call<{ arr: Order[]; total: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: payer.token });
    expect(orders.body.data.total).toBe(2);
    expect(orders.body.data.arr.map((o) => o.renewal)).toEqual([true, false]);

    // A second renewing subscription cannot start while this one renews; a WeChat period can.
    const second = await pay(payer.token, 'way=paypal&grade=1');
    expect(second.body).toEqual({ code: ReplyCode.rule, message: BillingMessage.alreadyRenewing, data: null });
    expect((await pay(payer.token, 'way=wechat&grade=3')).body.code).toBe(0);

    const cancelled = await call<SubscriptionInfo>(t.app, { method: 'POST', url: `${API_PREFIX}/subscription/cancel`, token: payer.token });
    const end = addMonthsUtc(firstEnd, 1).toISOString();
    expect(cancelled.body.data).toMatchObject({ expired: end, vip: true });
    expect(cancelled.body.data.subscription).toMatchObject({ way: 'card', status: 'canceled', autoRenew: false, cancelAtPeriodEnd: true, currentPeriodEnd: end });
    const ref = sandboxPath(started).split('/').pop()!;
    expect((await sandboxPaymentByRef(t.db, ref))?.subscriptionCanceled).toBe(true);

    // The provider no longer renews; access stays until the period end.
    const refused = await press(started, 'renew');
    expect(refused.body).toContain('Nothing to charge.');
    expect((await expiryOf(t, payer.id))?.toISOString()).toBe(end);
    const again = await call(t.app, { method: 'POST', url: `${API_PREFIX}/subscription/cancel`, token: payer.token });
    expect(again.body).toEqual({ code: ReplyCode.rule, message: BillingMessage.nothingToCancel, data: null });
    expect((await pay(payer.token, 'way=card&grade=3')).body.code).toBe(0);
  });

  it('a renewing subscription that lapsed more than a week ago no longer blocks a new one', async () => {
    const payer = await newMember(t);
    const started = (await pay(payer.token, 'way=card&grade=3')).body.data;
    await press(started, 'pay');
    expect((await pay(payer.token, 'way=card&grade=3')).body.message).toBe(BillingMessage.alreadyRenewing);
    const start = clock.now;
    try {
      // A month on, the first session has long expired (one clock for everything): sign in again then.
      clock.now = new Date(addMonthsUtc(start, 1).getTime() + 6 * 86_400_000);
      const weekLater = await createSession(t.db, payer.id, clock.now);
      expect((await pay(weekLater, 'way=card&grade=3')).body.message).toBe(BillingMessage.alreadyRenewing);
      clock.now = new Date(addMonthsUtc(start, 1).getTime() + 8 * 86_400_000);
      const lapsed = await createSession(t.db, payer.id, clock.now);
      expect((await pay(lapsed, 'way=card&grade=3')).body.code).toBe(0);
    } finally {
      clock.now = start;
    }
  });

  it("answers an unknown sandbox checkout with a page that says so", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/sandbox/pay/SBXNOSUCHCHECKOUT00` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Checkout not found');
    expect(iconLinks(res.body)).toEqual(iconLinks(await readFile(new URL('../../../../web/index.html', import.meta.url), 'utf8')));
    // A page, though under the API prefix: its own policy lets its inline style and its forms work.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
    );
  });
});

describe('orders are their owner’s only', () => {
  it('another member’s order answers 404 exactly like an unknown one', async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    const started = (await pay(owner.token, 'way=paypal&grade=3')).body.data;
    const ref = sandboxPath(started).split('/').pop()!;
    const notYours = await call(t.app, { method: 'GET', url: `${API_PREFIX}/order/${started.tno}`, token: other.token });
    const unknown = await call(t.app, { method: 'GET', url: `${API_PREFIX}/order/T20260101AAAAAAAAAAAAAAAA`, token: other.token });
    expect(notYours.status).toBe(404);
    expect(notYours.body).toEqual(unknown.body);
    expect(notYours.body).toEqual({ code: ReplyCode.notFound, message: BillingMessage.orderNotFound, data: null });
    const confirmNotYours = await call(t.app, { method: 'GET', url: `${API_PREFIX}/pay/${ref}`, token: other.token });
    expect(confirmNotYours.status).toBe(404);
    expect((await call<{ total: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: other.token })).body.data.total).toBe(0);
    expect((await call(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: undefined })).status).toBe(401);
  });

  it('lists the owner’s orders newest first with grade, createTime, status and tno', async () => {
    const payer = await newMember(t);
    const first = (await pay(payer.token, 'way=wechat&grade=1')).body.data;
    clock.now = new Date(clock.now.getTime() + 1000);
    const second = (await pay(payer.token, 'way=paypal&grade=2')).body.data;
    clock.now = new Date(clock.now.getTime() - 1000);
    const list = await call<{ arr: Order[]; total: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token: payer.token });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.arr.map((o) => o.tno)).toEqual([second.tno, first.tno]);
    expect(list.body.data.arr[1]).toMatchObject({ grade: 1, status: ORDER_STATUS.unpaid, way: 'wechat', paidTime: null });
    expect(Date.parse(list.body.data.arr[1]!.createTime)).toBe(clock.now.getTime());
  });
});

describe('an order’s state (issue 29.4)', () => {
  const listOf = async (token: string) =>
    new Map((await call<{ arr: Order[]; total: number }>(t.app, { method: 'GET', url: `${API_PREFIX}/order`, token })).body.data.arr.map((o) => [o.tno, o]));

  it('names what became of each order: unpaid, paid, failed, expired, refunded; status keeps the spec’s numbers', async () => {
    const payer = await newMember(t);
    const other = await newMember(t);
    const start = clock.now;
    try {
      // Left unpaid three days ago: Expired even before reconciliation closes it, and after.
      clock.now = new Date(start.getTime() - 3 * 86_400_000);
      const abandoned = (await pay(payer.token, 'way=wechat&grade=1')).body.data;
      const abandonedLater = (await pay(other.token, 'way=wechat&grade=1')).body.data;
      clock.now = start;
      const failed = (await pay(payer.token, 'way=paypal&grade=3')).body.data;
      await press(failed, 'fail');
      const waiting = (await pay(payer.token, 'way=wechat&grade=3')).body.data;
      const paid = (await pay(payer.token, 'way=wechat&grade=2')).body.data;
      await press(paid, 'pay');

      const before = await listOf(payer.token);
      expect(before.get(abandoned.tno)).toMatchObject({ status: ORDER_STATUS.unpaid, state: 'expired' });
      expect(before.get(failed.tno)).toMatchObject({ status: ORDER_STATUS.closed, state: 'failed' });
      expect(before.get(waiting.tno)).toMatchObject({ status: ORDER_STATUS.unpaid, state: 'unpaid' });
      expect(before.get(paid.tno)).toMatchObject({ status: ORDER_STATUS.paid, state: 'paid' });

      // Reconciliation closes orders left unpaid past their window (billing-jobs.ts).
      await closeOrdersBefore(t.db, new Date(clock.now.getTime() - ORDER_OPEN_MS));
      expect((await listOf(payer.token)).get(abandoned.tno)).toMatchObject({ status: ORDER_STATUS.closed, state: 'expired' });
      expect((await listOf(other.token)).get(abandonedLater.tno)).toMatchObject({ status: ORDER_STATUS.closed, state: 'expired' });
      // Days on, a failed order is still Failed (the ledger says so, not its age); a checkout the
      // provider let expire is Expired.
      const later = new Date(start.getTime() + 3 * 86_400_000);
      const closed = { status: ORDER_STATUS.closed, createdAt: start };
      expect(orderState(closed, later, 'sandbox-event-1')).toBe('failed');
      expect(orderState(closed, later, 'query:expired:cs_test_1')).toBe('expired');
      expect(orderState(closed, later, undefined)).toBe('expired');
      expect(orderState(closed, start, undefined)).toBe('failed'); // closed at once: its checkout could not be made

      const paidRow = await orderRow(t, paid.tno);
      expect(
        await applyFact(
          { db: t.db, now: () => clock.now },
          { provider: 'sandbox', eventId: `refund:${paid.tno}`, kind: 'refunded', tno: paid.tno, providerPaymentId: paidRow.providerPaymentId ?? undefined, occurredAt: clock.now },
        ),
      ).toBe('applied');
      const single = await call<Order>(t.app, { method: 'GET', url: `${API_PREFIX}/order/${paid.tno}`, token: payer.token });
      expect(single.body.data).toMatchObject({ status: ORDER_STATUS.refunded, state: 'refunded' });
    } finally {
      clock.now = start;
    }
  });
});

describe('GET /subscription', () => {
  it('says nothing is subscribed for a member who never paid', async () => {
    const payer = await newMember(t);
    const res = await call<SubscriptionInfo>(t.app, { method: 'GET', url: `${API_PREFIX}/subscription`, token: payer.token });
    expect(res.body.data).toEqual({ expired: null, vip: false, subscription: null });
    for (const payload of [undefined, {}]) {
      const cancel = await call(t.app, { method: 'POST', url: `${API_PREFIX}/subscription/cancel`, token: payer.token, payload });
      expect(cancel.body).toEqual({ code: ReplyCode.rule, message: BillingMessage.nothingToCancel, data: null });
    }
    expect((await call(t.app, { method: 'POST', url: `${API_PREFIX}/subscription/cancel` })).status).toBe(401);
  });
});
