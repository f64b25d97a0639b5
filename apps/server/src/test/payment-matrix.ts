import { API_PREFIX, ORDER_STATUS, type PayReply, type PayWay } from '@shotlib/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, order, paymentEvent } from '../db/schema';
import { createSession } from '../modules/session/session.service';
import type { Handle } from '../db/transaction';
import { addMonthsUtc } from '../modules/billing/membership-expiry';
import { call, type TestApp } from './test-app';

/**
 * The money rules every payment adapter must keep, run against the whole server (route, adapter,
 * ledger, database) with notifications signed as the provider signs them: a valid one, ten
 * replays, a tampered body, a stale timestamp, a wrong amount, a wrong merchant, a lost
 * notification found by polling, and a notification racing a poll.
 */

export type Delivery = { headers: Record<string, string>; body: string };
export type NotificationOptions = {
  /** Report this amount (minor units) instead of the order's. */
  amount?: number;
  /** Signed correctly, but for another merchant, app or mode. */
  otherMerchant?: boolean;
  /** Signed this many seconds before the server's clock. */
  ageS?: number;
};

export type PlacedOrder = { tno: string; token: string; memberId: number; pay: PayReply; months: number };

export type PaymentHarness = {
  t: TestApp;
  /** The clock the server's billing runs on. */
  clock: { now: Date };
  /** The provider's segment of POST /pay/notify/{provider}. */
  provider: string;
  way: PayWay;
  /** The provider's notification that the order was paid. */
  notification(order: PlacedOrder, options?: NotificationOptions): Delivery | Promise<Delivery>;
  /** From now on the provider answers queries about the order: paid (the same payment as the notification). */
  settle(order: PlacedOrder): void | Promise<void>;
  /** A request that makes the server ask the provider; default GET /order/{tno}. */
  poll?(order: PlacedOrder): Promise<unknown>;
  close(): Promise<void>;
};

let memberCounter = 0;

/** A member of their own (no membership yet) and a session token. */
export async function newMember(t: TestApp): Promise<{ id: number; token: string }> {
  const db: Handle = t.db;
  const [row] = await db
    .insert(member)
    .values({ email: `payer${++memberCounter}.${Date.now()}@example.com`, nickname: 'payer' })
    .returning({ id: member.id });
  return { id: row!.id, token: await createSession(t.db, row!.id, new Date()) };
}

/** A new member starts paying for `grade` with `way` through GET /pay. */
export async function placeOrder(t: TestApp, way: PayWay, grade = 3): Promise<PlacedOrder> {
  const payer = await newMember(t);
  const res = await call<PayReply>(t.app, { method: 'GET', url: `${API_PREFIX}/pay?way=${way}&grade=${grade}`, token: payer.token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return { tno: res.body.data.tno, token: payer.token, memberId: payer.id, pay: res.body.data, months: { 1: 12, 2: 3, 3: 1 }[grade]! };
}

/** POST a delivery to the provider's notification route. */
export async function deliver(t: TestApp, provider: string, delivery: Delivery): Promise<{ status: number; outcomes: string[] }> {
  const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/pay/notify/${provider}`, headers: delivery.headers, payload: delivery.body });
  const json = res.json() as { data: { outcomes: string[] } | null };
  return { status: res.statusCode, outcomes: json.data?.outcomes ?? [] };
}

export async function expiryOf(t: TestApp, memberId: number): Promise<Date | null> {
  const rows = await t.db.select({ at: member.vipExpiresAt }).from(member).where(eq(member.id, memberId));
  return rows[0]?.at ?? null;
}

export async function orderRow(t: TestApp, tno: string) {
  const rows = await t.db.select().from(order).where(eq(order.tno, tno));
  return rows[0]!;
}

/** How many recorded events of an order had `outcome`. */
export async function eventsOf(t: TestApp, tno: string, outcome?: string): Promise<number> {
  const rows = await t.db
    .select({ id: paymentEvent.id })
    .from(paymentEvent)
    .where(outcome ? and(eq(paymentEvent.tno, tno), eq(paymentEvent.outcome, outcome)) : eq(paymentEvent.tno, tno));
  return rows.length;
}

/** A delivery whose body was changed after signing (one byte more; the JSON still parses). */
export const tampered = (delivery: Delivery): Delivery => ({ ...delivery, body: delivery.body.replace(/}$/, ' }') });

export function describeNotificationRules(name: string, setup: () => Promise<PaymentHarness>): void {
  describe(`${name}: notifications and the money rules`, () => {
    let h: PaymentHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(() => h.close());

    const poll = (placed: PlacedOrder) =>
      h.poll ? h.poll(placed) : call(h.t.app, { method: 'GET', url: `${API_PREFIX}/order/${placed.tno}`, token: placed.token });
    const oneExtension = (placed: PlacedOrder) => addMonthsUtc(h.clock.now, placed.months);

    it('a valid notification pays the order once and extends the membership by the plan', async () => {
      const placed = await placeOrder(h.t, h.way);
      expect((await orderRow(h.t, placed.tno)).status).toBe(ORDER_STATUS.unpaid);
      const result = await deliver(h.t, h.provider, await h.notification(placed));
      expect(result).toEqual({ status: 200, outcomes: ['applied'] });
      const row = await orderRow(h.t, placed.tno);
      expect(row.status).toBe(ORDER_STATUS.paid);
      expect(row.reviewReason).toBeNull();
      expect(await expiryOf(h.t, placed.memberId)).toEqual(oneExtension(placed));
      const seen = await call<{ status: number }>(h.t.app, { method: 'GET', url: `${API_PREFIX}/order/${placed.tno}`, token: placed.token });
      expect(seen.body.data.status).toBe(ORDER_STATUS.paid);
    });

    it('ten replays are acknowledged and extend the membership only once', async () => {
      const placed = await placeOrder(h.t, h.way);
      const delivery = await h.notification(placed);
      expect((await deliver(h.t, h.provider, delivery)).outcomes).toEqual(['applied']);
      const replays = await Promise.all(Array.from({ length: 10 }, () => deliver(h.t, h.provider, delivery)));
      for (const replay of replays) expect(replay).toEqual({ status: 200, outcomes: ['duplicate'] });
      expect(await expiryOf(h.t, placed.memberId)).toEqual(oneExtension(placed));
      expect(await eventsOf(h.t, placed.tno)).toBe(1);
    });

    it('a tampered body is refused and changes nothing', async () => {
      const placed = await placeOrder(h.t, h.way);
      const result = await deliver(h.t, h.provider, tampered(await h.notification(placed)));
      expect(result.status).toBe(401);
      expect((await orderRow(h.t, placed.tno)).status).toBe(ORDER_STATUS.unpaid);
      expect(await expiryOf(h.t, placed.memberId)).toBeNull();
      expect(await eventsOf(h.t, placed.tno)).toBe(0);
    });

    it('a stale timestamp is refused and changes nothing', async () => {
      const placed = await placeOrder(h.t, h.way);
      const result = await deliver(h.t, h.provider, await h.notification(placed, { ageS: 600 }));
      expect(result.status).toBe(401);
      expect((await orderRow(h.t, placed.tno)).status).toBe(ORDER_STATUS.unpaid);
      expect(await expiryOf(h.t, placed.memberId)).toBeNull();
    });

    it('a wrong amount is acknowledged, flagged for review and extends nothing', async () => {
      const placed = await placeOrder(h.t, h.way);
      const result = await deliver(h.t, h.provider, await h.notification(placed, { amount: placed.pay.amount - 1 }));
      expect(result).toEqual({ status: 200, outcomes: ['mismatch'] });
      const row = await orderRow(h.t, placed.tno);
      expect(row.status).toBe(ORDER_STATUS.unpaid);
      expect(row.reviewReason).toMatch(/amount/);
      expect(await expiryOf(h.t, placed.memberId)).toBeNull();
    });

    it('a notification for another merchant is acknowledged, flagged and extends nothing', async () => {
      const placed = await placeOrder(h.t, h.way);
      const result = await deliver(h.t, h.provider, await h.notification(placed, { otherMerchant: true }));
      expect(result).toEqual({ status: 200, outcomes: ['mismatch'] });
      const row = await orderRow(h.t, placed.tno);
      expect(row.status).toBe(ORDER_STATUS.unpaid);
      expect(row.reviewReason).toMatch(/identity|payee|merchant|livemode|mchid|appid/);
      expect(await expiryOf(h.t, placed.memberId)).toBeNull();
    });

    it('polling finds a payment whose notification was lost', async () => {
      const placed = await placeOrder(h.t, h.way);
      await h.settle(placed);
      await poll(placed);
      expect((await orderRow(h.t, placed.tno)).status).toBe(ORDER_STATUS.paid);
      expect(await expiryOf(h.t, placed.memberId)).toEqual(oneExtension(placed));
    });

    it('a notification racing polls extends the membership once', async () => {
      const placed = await placeOrder(h.t, h.way);
      await h.settle(placed);
      const delivery = await h.notification(placed);
      const [notified] = await Promise.all([deliver(h.t, h.provider, delivery), poll(placed), poll(placed), deliver(h.t, h.provider, delivery)]);
      expect(notified.status).toBe(200);
      expect(await orderRow(h.t, placed.tno)).toMatchObject({ status: ORDER_STATUS.paid, reviewReason: null });
      expect(await expiryOf(h.t, placed.memberId)).toEqual(oneExtension(placed));
      expect(await eventsOf(h.t, placed.tno, 'applied')).toBe(1);
    });
  });
}
