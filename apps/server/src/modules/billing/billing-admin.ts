import { inDateRange, type OrderState } from '@shotlib/contract';
import { AdminMessage } from '@shotlib/contract/admin';
import { AdminContentMessage, type AdminOrder, type AdminOrderQuery, type AdminPlan, type AdminPlanUpdate, type OrderResolve } from '@shotlib/contract/admin-content';
import type { Handle } from '../../db/transaction';
import { BadRequestError, NotFoundError, RuleError } from '../../lib/errors';
import { isoOrNull, pageWindow } from '../../lib/paging';
import * as orders from './order-admin.repo';
import { orderStates } from './order-state';
import * as plans from './plan.repo';

/**
 * Plans and orders for the admin console (decision 041), reached through billing.service
 * (`billingAdmin`). Each write takes a handle so that it runs in the transaction that writes the
 * audit row. Nothing here moves money: a price change applies to orders created afterwards (an
 * order's amount is fixed when it is created, and a renewing subscription keeps its own amount),
 * and resolving a flagged order only records who dealt with it, how and why.
 */

const toPlan = (row: plans.PlanRow): AdminPlan => ({ grade: row.grade, period: row.periodMonths, money: row.money, usdMoney: row.usdMoney });

export async function listPlans(db: Handle): Promise<{ arr: AdminPlan[]; total: number }> {
  const arr = (await plans.listPlans(db)).map(toPlan);
  return { arr, total: arr.length };
}

export type PlanChange = { before: AdminPlan; after: AdminPlan };

/** New prices of a plan (cents). */
export async function updatePlan(tx: Handle, grade: number, update: AdminPlanUpdate): Promise<PlanChange> {
  if (update.money === undefined && update.usdMoney === undefined) throw new BadRequestError(AdminMessage.emptyUpdate);
  const row = await plans.lockPlan(tx, grade);
  if (!row) throw new NotFoundError(AdminContentMessage.planMissing);
  await plans.updatePlanPrices(tx, grade, {
    ...(update.money !== undefined ? { money: update.money } : {}),
    ...(update.usdMoney !== undefined ? { usdMoney: update.usdMoney } : {}),
  });
  return { before: toPlan(row), after: toPlan((await plans.findPlan(tx, grade))!) };
}

function toAdminOrder(row: orders.AdminOrderRow, state: OrderState): AdminOrder {
  return {
    id: row.id,
    tno: row.tno,
    memberId: row.memberId,
    email: row.email,
    grade: row.grade,
    way: row.way,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    state,
    renewal: row.renewal,
    createdAt: row.createdAt.toISOString(),
    paidAt: isoOrNull(row.paidAt),
    reviewReason: row.reviewReason,
    resolution: row.resolution,
    resolutionNote: row.resolutionNote,
    resolvedAt: isoOrNull(row.resolvedAt),
    resolvedBy: row.resolvedByEmail,
  };
}

const DAY_MS = 86_400_000;
/**
 * A day (YYYY-MM-DD) is its start in UTC; as an upper bound, the start of the next day (the day
 * included), or no bound at all past DATE_MAX (the last day: nothing is later, and the next day
 * is a year neither PostgreSQL nor toISOString can write).
 */
function bound(value: string | undefined, upper: boolean): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const at = new Date(Date.parse(`${value}T00:00:00Z`) + (upper ? DAY_MS : 0));
    return inDateRange(at) ? at : undefined;
  }
  return new Date(value);
}

/** The orders with their states, derived as the member's order history derives them (decision 051). */
async function toAdminOrders(db: Handle, rows: orders.AdminOrderRow[], now: Date): Promise<AdminOrder[]> {
  const states = await orderStates(db, rows, now);
  return rows.map((row, index) => toAdminOrder(row, states[index]!));
}

/** `GET /admin/orders`: filtered, newest first, each with its state. */
export async function listOrders(db: Handle, query: AdminOrderQuery, now: Date): Promise<{ arr: AdminOrder[]; total: number }> {
  const { rows, total } = await orders.listOrders(
    db,
    {
      status: query.status,
      way: query.way,
      from: bound(query.from, false),
      to: bound(query.to, true),
      flagged: query.flagged,
      resolved: query.resolved,
      email: query.email,
    },
    pageWindow(query),
  );
  return { arr: await toAdminOrders(db, rows, now), total };
}

export type OrderChange = { before: AdminOrder; after: AdminOrder };

/** Record how a flagged order was dealt with (a later resolution replaces an earlier one). */
export async function resolveOrder(tx: Handle, id: number, by: { id: number; email: string }, change: OrderResolve, now: Date): Promise<OrderChange> {
  const row = await orders.adminOrder(tx, id, { lock: true });
  if (!row) throw new NotFoundError(AdminContentMessage.orderMissing);
  if (row.reviewReason === null) throw new RuleError(AdminContentMessage.orderNotFlagged);
  await orders.setResolution(tx, id, { resolution: change.resolution, note: change.note, at: now, by });
  const [before, after] = await toAdminOrders(tx, [row, (await orders.adminOrder(tx, id))!], now);
  return { before: before!, after: after! };
}
