import { ORDER_STATUS, type Currency, type PayWay } from '@shotlib/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { order } from '../../db/schema';
import type { Handle } from '../../db/transaction';
import type { ProviderId } from './providers/types';

/**
 * Orders: the only place that writes the order table. The rules that decide what changes live in
 * the service and the ledger; this file only reads and writes.
 */

export type OrderRow = typeof order.$inferSelect;

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
