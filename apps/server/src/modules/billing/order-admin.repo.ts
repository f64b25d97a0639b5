import type { PayWay } from '@shotlib/contract';
import type { OrderResolution } from '@shotlib/contract/admin-content';
import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { member, order } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/**
 * Orders as the admin console reads them (decision 041), with their member's address, and the one
 * write the console makes: the resolution of a flagged order (never the status or the amount).
 */

export type OrderFilter = {
  status?: number | undefined;
  way?: PayWay | undefined;
  /** Created at or after / before. */
  from?: Date | undefined;
  to?: Date | undefined;
  flagged?: boolean | undefined;
  resolved?: boolean | undefined;
  /** A part of the member's address (any case). */
  email?: string | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: OrderFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status !== undefined) parts.push(eq(order.status, filter.status));
  if (filter.way !== undefined) parts.push(eq(order.way, filter.way));
  if (filter.from !== undefined) parts.push(gte(order.createdAt, filter.from));
  if (filter.to !== undefined) parts.push(lt(order.createdAt, filter.to));
  if (filter.flagged === true) parts.push(isNotNull(order.reviewReason));
  if (filter.flagged === false) parts.push(isNull(order.reviewReason));
  if (filter.resolved === true) parts.push(isNotNull(order.resolvedAt));
  if (filter.resolved === false) parts.push(isNull(order.resolvedAt));
  if (filter.email !== undefined) parts.push(sql`lower(${member.email}) like ${`%${escapeLike(filter.email.toLowerCase())}%`}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

const columns = {
  id: order.id,
  tno: order.tno,
  memberId: order.memberId,
  email: member.email,
  grade: order.grade,
  way: order.way,
  provider: order.provider,
  amount: order.amount,
  currency: order.currency,
  status: order.status,
  renewal: order.renewal,
  createdAt: order.createdAt,
  paidAt: order.paidAt,
  reviewReason: order.reviewReason,
  resolution: order.resolution,
  resolutionNote: order.resolutionNote,
  resolvedAt: order.resolvedAt,
  resolvedByEmail: order.resolvedByEmail,
};

export type AdminOrderRow = {
  id: number;
  tno: string;
  memberId: number;
  email: string;
  grade: number;
  way: PayWay;
  provider: string;
  amount: number;
  currency: 'CNY' | 'USD';
  status: number;
  renewal: boolean;
  createdAt: Date;
  paidAt: Date | null;
  reviewReason: string | null;
  resolution: OrderResolution | null;
  resolutionNote: string | null;
  resolvedAt: Date | null;
  resolvedByEmail: string | null;
};

/** A page of orders, newest first, with the filter's total. */
export async function listOrders(db: Handle, filter: OrderFilter, window: { limit: number; offset: number }): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const where = conditions(filter);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(order)
      .innerJoin(member, eq(member.id, order.memberId))
      .where(where)
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(order).innerJoin(member, eq(member.id, order.memberId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One order with its member's address; `lock` holds the order row until the transaction ends. */
export async function adminOrder(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<AdminOrderRow | null> {
  if (options.lock) {
    const locked = await db.select({ id: order.id }).from(order).where(eq(order.id, id)).for('update');
    if (locked.length === 0) return null;
  }
  const rows = await db.select(columns).from(order).innerJoin(member, eq(member.id, order.memberId)).where(eq(order.id, id)).limit(1);
  return rows[0] ?? null;
}

export type Resolution = { resolution: OrderResolution; note: string; at: Date; by: { id: number; email: string } };

/** Record how a flagged order was dealt with (status, amount and membership are left alone). */
export async function setResolution(tx: Handle, id: number, resolution: Resolution): Promise<void> {
  await tx
    .update(order)
    .set({
      resolution: resolution.resolution,
      resolutionNote: resolution.note,
      resolvedAt: resolution.at,
      resolvedBy: resolution.by.id,
      resolvedByEmail: resolution.by.email,
    })
    .where(eq(order.id, id));
}
