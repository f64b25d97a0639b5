import { ORDER_STATUS, type Currency, type PayWay } from '@shotlib/contract';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type * as schema from '../../db/schema';
import { member, order, paymentEvent, plan, renewalReminder, subscription } from '../../db/schema';
import type { ProviderId } from './providers/types';

/**
 * Every query of orders, payments, subscriptions and plans. The rules that decide what changes
 * live in the service and the ledger; this file only reads and writes.
 */

/** The database or a transaction of either driver. */
export type Handle = PgDatabase<PgQueryResultHKT, typeof schema>;

export type OrderRow = typeof order.$inferSelect;
export type SubscriptionRow = typeof subscription.$inferSelect;
export type PlanRow = typeof plan.$inferSelect;

/** Run `work` in one transaction (every money change happens inside one). */
export function inTransaction<T>(db: Db, work: (tx: Handle) => Promise<T>): Promise<T> {
  const handle: Handle = db;
  return handle.transaction((tx) => work(tx));
}

/** Whether an error is a unique-constraint violation (PostgreSQL 23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// ---- Plans -----------------------------------------------------------------------------------

export async function listPlans(db: Handle): Promise<PlanRow[]> {
  return db.select().from(plan).orderBy(asc(plan.grade));
}

export async function findPlan(db: Handle, grade: number): Promise<PlanRow | null> {
  const rows = await db.select().from(plan).where(eq(plan.grade, grade)).limit(1);
  return rows[0] ?? null;
}

// ---- Orders ----------------------------------------------------------------------------------

export type NewOrder = {
  tno: string;
  memberId: number;
  grade: number;
  way: PayWay;
  provider: ProviderId;
  amount: number;
  currency: Currency;
  createdAt: Date;
};

export async function insertOrder(db: Handle, values: NewOrder): Promise<OrderRow> {
  const rows = await db.insert(order).values(values).returning();
  return rows[0]!;
}

/** Record the provider's ids of a checkout once it exists. */
export async function setOrderCheckout(
  db: Handle,
  orderId: number,
  refs: { providerRef: string; providerSubscriptionId?: string | null },
): Promise<void> {
  await db
    .update(order)
    .set({ providerRef: refs.providerRef, providerSubscriptionId: refs.providerSubscriptionId ?? null })
    .where(eq(order.id, orderId));
}

/** An unpaid order becomes closed (abandoned, failed); paid ones are never touched. */
export async function closeOrder(db: Handle, orderId: number): Promise<boolean> {
  const rows = await db
    .update(order)
    .set({ status: ORDER_STATUS.closed })
    .where(and(eq(order.id, orderId), eq(order.status, ORDER_STATUS.unpaid)))
    .returning({ id: order.id });
  return rows.length > 0;
}

/** A member's order by its number (another member's order is not found). */
export async function memberOrderByTno(db: Handle, memberId: number, tno: string): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(order)
    .where(and(eq(order.tno, tno), eq(order.memberId, memberId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A member's order by its number or its provider reference (a PayPal return token). */
export async function memberOrderByTnoOrRef(db: Handle, memberId: number, id: string): Promise<OrderRow | null> {
  const rows = await db
    .select()
    .from(order)
    .where(and(eq(order.memberId, memberId), or(eq(order.tno, id), eq(order.providerRef, id))))
    .orderBy(asc(order.id))
    .limit(1);
  return rows[0] ?? null;
}

export async function memberOrders(db: Handle, memberId: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(order)
    .where(eq(order.memberId, memberId))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(limit);
}

/**
 * Claim the right to ask the provider about an unpaid order: true for exactly one caller per
 * `minGapMs`, across processes (the conditional update is the lock).
 */
export async function claimOrderCheck(db: Handle, orderId: number, now: Date, minGapMs: number): Promise<boolean> {
  const rows = await db
    .update(order)
    .set({ checkedAt: now })
    .where(
      and(
        eq(order.id, orderId),
        eq(order.status, ORDER_STATUS.unpaid),
        or(isNull(order.checkedAt), lte(order.checkedAt, new Date(now.getTime() - minGapMs))),
      ),
    )
    .returning({ id: order.id });
  return rows.length > 0;
}

/** Unpaid orders created after `since` that nobody asked about for `minGapMs`, oldest check first. */
export async function ordersToReconcile(db: Handle, since: Date, now: Date, minGapMs: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(order)
    .where(
      and(
        eq(order.status, ORDER_STATUS.unpaid),
        gte(order.createdAt, since),
        or(isNull(order.checkedAt), lte(order.checkedAt, new Date(now.getTime() - minGapMs))),
      ),
    )
    .orderBy(sql`${order.checkedAt} asc nulls first`, asc(order.id))
    .limit(limit);
}

/** Close unpaid orders created before `before` (a late verified payment still pays a closed order). */
export async function closeOrdersBefore(db: Handle, before: Date): Promise<number> {
  const rows = await db
    .update(order)
    .set({ status: ORDER_STATUS.closed })
    .where(and(eq(order.status, ORDER_STATUS.unpaid), lt(order.createdAt, before)))
    .returning({ id: order.id });
  return rows.length;
}

// ---- The ledger (inside its transaction) ---------------------------------------------------------

/** Record a provider event once; null when (provider, eventId) was seen before. */
export async function insertPaymentEvent(
  tx: Handle,
  values: { provider: ProviderId; eventId: string; kind: string; tno: string | null; payload: Record<string, unknown>; receivedAt: Date },
): Promise<number | null> {
  const rows = await tx.insert(paymentEvent).values(values).onConflictDoNothing().returning({ id: paymentEvent.id });
  return rows[0]?.id ?? null;
}

export async function setPaymentEventOutcome(tx: Handle, id: number, outcome: string): Promise<void> {
  await tx.update(paymentEvent).set({ outcome }).where(eq(paymentEvent.id, id));
}

export async function orderByTno(tx: Handle, tno: string): Promise<OrderRow | null> {
  const rows = await tx.select().from(order).where(eq(order.tno, tno)).limit(1);
  return rows[0] ?? null;
}

/** Re-read an order with its row locked until the transaction ends: facts about one order apply one after another. */
export async function lockOrder(tx: Handle, id: number): Promise<OrderRow | null> {
  const rows = await tx.select().from(order).where(eq(order.id, id)).for('update');
  return rows[0] ?? null;
}

export async function orderByPayment(tx: Handle, provider: ProviderId, providerPaymentId: string): Promise<OrderRow | null> {
  const rows = await tx
    .select()
    .from(order)
    .where(and(eq(order.provider, provider), eq(order.providerPaymentId, providerPaymentId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The order that started a provider subscription (its first, non-renewal order). */
export async function initialOrderOfSubscription(tx: Handle, provider: ProviderId, providerSubscriptionId: string): Promise<OrderRow | null> {
  const rows = await tx
    .select()
    .from(order)
    .where(
      and(eq(order.provider, provider), eq(order.providerSubscriptionId, providerSubscriptionId), eq(order.renewal, false)),
    )
    .orderBy(asc(order.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Mark an order paid: the single place an order becomes paid, and only from unpaid or closed.
 * False when another transaction got there first.
 */
export async function markOrderPaid(
  tx: Handle,
  orderId: number,
  values: { providerPaymentId: string | null; providerSubscriptionId: string | null; paidAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(order)
    .set({
      status: ORDER_STATUS.paid,
      paidAt: values.paidAt,
      providerPaymentId: values.providerPaymentId,
      ...(values.providerSubscriptionId ? { providerSubscriptionId: values.providerSubscriptionId } : {}),
      reviewReason: null,
    })
    .where(and(eq(order.id, orderId), inArray(order.status, [ORDER_STATUS.unpaid, ORDER_STATUS.closed])))
    .returning({ id: order.id });
  return rows.length > 0;
}

/** Flag an order for a person (a mismatching or unexpected payment); the first reason stays. */
export async function flagOrder(tx: Handle, orderId: number, reason: string): Promise<void> {
  await tx
    .update(order)
    .set({ reviewReason: sql`coalesce(${order.reviewReason}, ${reason})` })
    .where(eq(order.id, orderId));
}

export async function markOrderRefunded(tx: Handle, orderId: number): Promise<boolean> {
  const rows = await tx
    .update(order)
    .set({ status: ORDER_STATUS.refunded })
    .where(and(eq(order.id, orderId), eq(order.status, ORDER_STATUS.paid)))
    .returning({ id: order.id });
  return rows.length > 0;
}

/** A renewal's order (paid, or unpaid and flagged when its amount did not match). */
export async function insertRenewalOrder(
  tx: Handle,
  values: NewOrder & {
    status: number;
    providerRef: string;
    providerPaymentId: string;
    providerSubscriptionId: string;
    paidAt: Date | null;
    reviewReason: string | null;
  },
): Promise<OrderRow> {
  const rows = await tx
    .insert(order)
    .values({ ...values, renewal: true })
    .returning();
  return rows[0]!;
}

/** The member's expiry, with the row locked until the transaction ends (extensions queue up). */
export async function lockMemberExpiry(tx: Handle, memberId: number): Promise<{ vipExpiresAt: Date | null } | null> {
  const rows = await tx
    .select({ vipExpiresAt: member.vipExpiresAt })
    .from(member)
    .where(eq(member.id, memberId))
    .for('update');
  return rows[0] ?? null;
}

export async function setMemberExpiry(tx: Handle, memberId: number, vipExpiresAt: Date, now: Date): Promise<void> {
  await tx.update(member).set({ vipExpiresAt, updatedAt: now }).where(eq(member.id, memberId));
}

export async function subscriptionByProviderId(
  tx: Handle,
  provider: ProviderId,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const rows = await tx
    .select()
    .from(subscription)
    .where(and(eq(subscription.provider, provider), eq(subscription.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return rows[0] ?? null;
}

type SubscriptionValues = {
  memberId: number;
  provider: ProviderId;
  way: PayWay;
  grade: number;
  amount: number;
  currency: Currency;
  currentPeriodEnd: Date;
  now: Date;
};

/** The record of an auto-renewing subscription, by the provider's id: created or moved on. */
export async function upsertAutoRenewSubscription(
  tx: Handle,
  providerSubscriptionId: string,
  values: SubscriptionValues,
): Promise<void> {
  const { now, ...rest } = values;
  await tx
    .insert(subscription)
    .values({ ...rest, providerSubscriptionId, autoRenew: true, status: 'active', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [subscription.provider, subscription.providerSubscriptionId],
      set: { currentPeriodEnd: values.currentPeriodEnd, updatedAt: now },
    });
}

/** The one record per member, provider and way of a subscription renewed by hand. */
export async function upsertManualSubscription(tx: Handle, values: SubscriptionValues): Promise<void> {
  const { now, ...rest } = values;
  await tx
    .insert(subscription)
    .values({ ...rest, providerSubscriptionId: null, autoRenew: false, status: 'active', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [subscription.memberId, subscription.provider, subscription.way],
      targetWhere: sql`provider_subscription_id IS NULL`,
      set: {
        grade: values.grade,
        amount: values.amount,
        currency: values.currency,
        currentPeriodEnd: values.currentPeriodEnd,
        status: 'active',
        cancelAtPeriodEnd: false,
        updatedAt: now,
      },
    });
}

/** A renewal moved the period on. */
export async function renewSubscription(tx: Handle, id: number, currentPeriodEnd: Date, now: Date): Promise<void> {
  await tx.update(subscription).set({ currentPeriodEnd, updatedAt: now }).where(eq(subscription.id, id));
}

/** Renewal stopped (cancelled by the member or the provider); access lasts to the period end. */
export async function markSubscriptionCanceled(db: Handle, id: number, now: Date): Promise<void> {
  await db
    .update(subscription)
    .set({ autoRenew: false, cancelAtPeriodEnd: true, status: 'canceled', updatedAt: now })
    .where(and(eq(subscription.id, id), eq(subscription.status, 'active')));
}

export async function markSubscriptionEnded(tx: Handle, id: number, now: Date): Promise<void> {
  await tx.update(subscription).set({ autoRenew: false, status: 'ended', updatedAt: now }).where(eq(subscription.id, id));
}

// ---- Subscriptions of a member ---------------------------------------------------------------------

/** The member's subscriptions that the provider still renews by itself. */
export async function renewingSubscriptions(db: Handle, memberId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscription)
    .where(and(eq(subscription.memberId, memberId), eq(subscription.autoRenew, true), eq(subscription.status, 'active')))
    .orderBy(asc(subscription.id));
}

/** The member's most recent subscription: a renewing one first, then the latest period end. */
export async function currentSubscription(db: Handle, memberId: number): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscription)
    .where(eq(subscription.memberId, memberId))
    .orderBy(
      desc(sql`(${subscription.autoRenew} and ${subscription.status} = 'active')`),
      sql`${subscription.currentPeriodEnd} desc nulls last`,
      desc(subscription.id),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function memberExpiry(db: Handle, memberId: number): Promise<Date | null> {
  const rows = await db.select({ vipExpiresAt: member.vipExpiresAt }).from(member).where(eq(member.id, memberId)).limit(1);
  return rows[0]?.vipExpiresAt ?? null;
}

// ---- Renewal reminders ---------------------------------------------------------------------------

export type ReminderCandidate = {
  memberId: number;
  email: string;
  locale: string;
  vipExpiresAt: Date;
  grade: number;
  way: PayWay;
};

/**
 * Members whose membership ends within (now, until] and who renew by hand: their latest
 * subscription record is an active manual one (WeChat Pay, one-time PayPal) and nothing renews
 * automatically; no reminder was sent for this expiry yet.
 */
export async function reminderCandidates(db: Handle, now: Date, until: Date, limit: number): Promise<ReminderCandidate[]> {
  const rows = await db
    .select({
      memberId: member.id,
      email: member.email,
      locale: member.locale,
      vipExpiresAt: member.vipExpiresAt,
      grade: subscription.grade,
      way: subscription.way,
    })
    .from(member)
    .innerJoin(
      subscription,
      and(
        eq(subscription.memberId, member.id),
        isNull(subscription.providerSubscriptionId),
        eq(subscription.status, 'active'),
        eq(subscription.autoRenew, false),
        eq(subscription.cancelAtPeriodEnd, false),
      ),
    )
    .where(
      and(
        gt(member.vipExpiresAt, now),
        lte(member.vipExpiresAt, until),
        sql`not exists (select 1 from ${subscription} s2 where s2.member_id = ${member.id} and s2.auto_renew and s2.status = 'active')`,
        sql`not exists (select 1 from ${renewalReminder} r where r.member_id = ${member.id} and r.expires_at = ${member.vipExpiresAt})`,
      ),
    )
    .orderBy(asc(member.vipExpiresAt), desc(subscription.currentPeriodEnd))
    .limit(limit);
  // One row per member (a member may have manual records for several ways).
  const seen = new Set<number>();
  return rows
    .filter((row) => (seen.has(row.memberId) ? false : (seen.add(row.memberId), true)))
    .map((row) => ({ ...row, vipExpiresAt: row.vipExpiresAt! }));
}

/** Claim the reminder for a member's expiry: true for exactly one process. */
export async function claimReminder(db: Handle, memberId: number, expiresAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .insert(renewalReminder)
    .values({ memberId, expiresAt, sentAt: now })
    .onConflictDoNothing()
    .returning({ memberId: renewalReminder.memberId });
  return rows.length > 0;
}

/** Give a claim back when the mail could not be sent, so the next run tries again. */
export async function releaseReminder(db: Handle, memberId: number, expiresAt: Date): Promise<void> {
  await db.delete(renewalReminder).where(and(eq(renewalReminder.memberId, memberId), eq(renewalReminder.expiresAt, expiresAt)));
}
