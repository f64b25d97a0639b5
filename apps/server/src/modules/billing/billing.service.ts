import {
  BillingMessage,
  isVip,
  ORDER_STATUS,
  wayCurrency,
  wayPrice,
  type Order,
  type OrderState,
  type PayConfirm,
  type PaymentWay,
  type PayQuery,
  type PayReply,
  type Plan,
  type SubscriptionInfo,
} from '@shotlib/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthMember } from '../../lib/auth';
import { NotFoundError, RuleError } from '../../lib/errors';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import * as members from '../member/member.service';
import * as orderRepo from './order.repo';
import * as planRepo from './plan.repo';
import * as subscriptionRepo from './subscription.repo';
import { newOrderNumber } from './order-number';
import { ORDER_OPEN_MS, orderStates } from './order-state';
import { applyFact, applyFacts, type ApplyOutcome } from './payment-ledger';
import type { ProviderRegistry } from './providers/registry';
import type { PaymentProvider, WebhookHeaders } from './providers/types';

/** The membership's calendar-month arithmetic, for the admin console's grants and extensions. */
export { addMonthsUtc } from './membership-expiry';

export type BillingLimits = {
  /** Orders a member may start. */
  payPerMember: Limit[];
  /** At most one provider query per unpaid order within this gap (polling, reconciliation). */
  orderQueryGapMs: number;
};

export const DEFAULT_BILLING_LIMITS: BillingLimits = {
  payPerMember: [
    { max: 10, windowMs: 60_000 },
    { max: 60, windowMs: 3_600_000 },
  ],
  orderQueryGapMs: 5_000,
};

/** Unpaid orders are asked about (and may be paid by QR) for this long, then closed; an order's state (decision 051). */
export { ORDER_OPEN_MS, orderState } from './order-state';
/** A WeChat QR code can be paid for this long. */
export const QR_VALID_MS = 2 * 3_600_000;
/**
 * A renewing subscription blocks starting another one until this long after its period ended
 * without a renewal (providers retry failed renewals for days).
 */
export const LAPSED_RENEWAL_MS = 7 * 86_400_000;
/** Orders listed by GET /order. */
export const ORDER_LIST_LIMIT = 100;

export type BillingDeps = {
  db: Db;
  now: () => Date;
  providers: ProviderRegistry;
  limiter: RateLimiter;
  limits: BillingLimits;
  log: FastifyBaseLogger;
};

const PLAN_NAMES: Record<number, string> = { 1: '1 year', 2: '3 months', 3: '1 month' };

const toPlan = (row: planRepo.PlanRow): Plan => ({ grade: row.grade, period: row.periodMonths, money: row.money, usdMoney: row.usdMoney });

/** The orders with their states (one query of the ledger for the closed ones). */
async function toOrders(deps: Pick<BillingDeps, 'db' | 'now'>, rows: orderRepo.OrderRow[]): Promise<Order[]> {
  const states = await orderStates(deps.db, rows, deps.now());
  return rows.map((row, index) => toOrder(row, states[index]!));
}

function toOrder(row: orderRepo.OrderRow, state: OrderState): Order {
  return {
    grade: row.grade,
    createTime: row.createdAt.toISOString(),
    status: row.status,
    state,
    tno: row.tno,
    way: row.way,
    amount: row.amount,
    currency: row.currency,
    paidTime: row.paidAt ? row.paidAt.toISOString() : null,
    renewal: row.renewal,
  };
}

const orderRef = (row: orderRepo.OrderRow) => ({
  tno: row.tno,
  providerRef: row.providerRef,
  providerSubscriptionId: row.providerSubscriptionId,
  createdAt: row.createdAt,
});

// ---- Plans -----------------------------------------------------------------------------------

/** Every plan, by grade (1 year, 2 season, 3 month). */
export async function listPlans(deps: Pick<BillingDeps, 'db'>): Promise<{ arr: Plan[]; total: number }> {
  const arr = (await planRepo.listPlans(deps.db)).map(toPlan);
  return { arr, total: arr.length };
}

export async function getPlan(deps: Pick<BillingDeps, 'db'>, grade: number): Promise<Plan> {
  const row = await planRepo.findPlan(deps.db, grade);
  if (!row) throw new NotFoundError(BillingMessage.planNotFound);
  return toPlan(row);
}

/** The ways this server takes payments by. */
export function paymentWays(deps: Pick<BillingDeps, 'providers'>): { arr: PaymentWay[]; total: number } {
  const arr = deps.providers.ways().map((way) => {
    const provider = deps.providers.forWay(way)!;
    return { way, sandbox: provider.id === 'sandbox', autoRenew: provider.autoRenewFor(way), currency: wayCurrency(way) };
  });
  return { arr, total: arr.length };
}

// ---- Orders ----------------------------------------------------------------------------------

/**
 * `GET /pay`: an order for a plan, priced by the server, and the provider's checkout for it.
 * A member whose subscription already renews by itself cannot start a second renewing one.
 */
export async function createPayment(deps: BillingDeps, caller: AuthMember, query: PayQuery, siteOrigin: string): Promise<PayReply> {
  await deps.limiter.enforce('pay', String(caller.id), deps.limits.payPerMember);
  const planRow = await planRepo.findPlan(deps.db, query.grade);
  if (!planRow) throw new NotFoundError(BillingMessage.planNotFound);
  const provider = deps.providers.forWay(query.way);
  if (!provider) throw new RuleError(BillingMessage.wayUnavailable);
  const autoRenew = provider.autoRenewFor(query.way);
  const now = deps.now();
  if (autoRenew) {
    // A subscription whose period ended long ago without renewal no longer stands in the way.
    const renewing = (await subscriptionRepo.renewingSubscriptions(deps.db, caller.id)).filter(
      (row) => !row.currentPeriodEnd || row.currentPeriodEnd.getTime() > now.getTime() - LAPSED_RENEWAL_MS,
    );
    if (renewing.length > 0) throw new RuleError(BillingMessage.alreadyRenewing);
  }

  const price = wayPrice(planRow, query.way);
  const order = await orderRepo.insertOrder(deps.db, {
    tno: newOrderNumber(now),
    memberId: caller.id,
    grade: planRow.grade,
    way: query.way,
    provider: provider.id,
    amount: price.amount,
    currency: price.currency,
    createdAt: now,
  });

  let checkout;
  try {
    checkout = await provider.createCheckout({
      tno: order.tno,
      way: query.way,
      grade: planRow.grade,
      periodMonths: planRow.periodMonths,
      money: { minor: price.amount, currency: price.currency },
      email: caller.email,
      description: `Shotlib membership, ${PLAN_NAMES[planRow.grade] ?? `${planRow.periodMonths} months`}`,
      siteOrigin,
      expiresAt: new Date(now.getTime() + QR_VALID_MS),
    });
  } catch (err) {
    deps.log.error({ err, tno: order.tno, provider: provider.id }, 'checkout could not be created');
    await orderRepo.closeOrder(deps.db, order.id);
    throw new RuleError(BillingMessage.providerUnavailable);
  }
  await orderRepo.setOrderCheckout(deps.db, order.id, checkout);

  const { action } = checkout;
  return {
    url: action.kind === 'qr' ? action.codeUrl : action.url,
    tno: order.tno,
    way: query.way,
    action: action.kind,
    amount: order.amount,
    currency: order.currency,
    autoRenew,
    expiresAt: action.kind === 'qr' ? action.expiresAt.toISOString() : null,
    sandbox: provider.id === 'sandbox',
  };
}

/**
 * Ask the order's provider what became of it and apply the answer (a verified fact). At most once
 * per gap per order across processes; provider failures are logged and leave the order as it is.
 */
export async function refreshOrder(deps: BillingDeps, order: orderRepo.OrderRow): Promise<ApplyOutcome | null> {
  if (order.status !== ORDER_STATUS.unpaid) return null;
  const now = deps.now();
  if (now.getTime() - order.createdAt.getTime() > ORDER_OPEN_MS) return null;
  const provider = deps.providers.byId(order.provider);
  if (!provider) return null;
  if (!(await orderRepo.claimOrderCheck(deps.db, order.id, now, deps.limits.orderQueryGapMs))) return null;
  try {
    const fact = await provider.queryPayment(orderRef(order));
    return fact ? await applyFact({ db: deps.db, now: deps.now, log: deps.log }, fact) : null;
  } catch (err) {
    deps.log.warn({ err, tno: order.tno, provider: provider.id }, 'payment query failed');
    return null;
  }
}

/**
 * `GET /order/{tno}`: the caller's own order (another member's answers 404 like an unknown one).
 * While it is unpaid, the provider is asked too, so a lost notification does not keep it unpaid.
 */
export async function getOrder(deps: BillingDeps, caller: AuthMember, tno: string): Promise<Order> {
  const row = await orderRepo.memberOrderByTno(deps.db, caller.id, tno);
  if (!row) throw new NotFoundError(BillingMessage.orderNotFound);
  if (row.status === ORDER_STATUS.unpaid && (await refreshOrder(deps, row)) !== null) {
    return (await toOrders(deps, [(await orderRepo.memberOrderByTno(deps.db, caller.id, tno)) ?? row]))[0]!;
  }
  return (await toOrders(deps, [row]))[0]!;
}

/** `GET /order`: the caller's orders, newest first. */
export async function listOrders(deps: BillingDeps, caller: AuthMember): Promise<{ arr: Order[]; total: number }> {
  const arr = await toOrders(deps, await orderRepo.memberOrders(deps.db, caller.id, ORDER_LIST_LIMIT));
  return { arr, total: arr.length };
}

/**
 * `GET /pay/{id}`: the payer came back from a PayPal-style checkout with `token` = `id` (the
 * provider's order id, or our order number). Confirm with the provider (capture); the return
 * itself proves nothing.
 */
export async function confirmPayment(deps: BillingDeps, caller: AuthMember, id: string): Promise<PayConfirm> {
  const row = await orderRepo.memberOrderByTnoOrRef(deps.db, caller.id, id);
  if (!row) throw new NotFoundError(BillingMessage.orderNotFound);
  if (row.status === ORDER_STATUS.unpaid || row.status === ORDER_STATUS.closed) {
    const provider = deps.providers.byId(row.provider);
    if (provider) {
      try {
        const fact = await (provider.confirmReturn ?? provider.queryPayment).call(provider, orderRef(row));
        if (fact) await applyFact({ db: deps.db, now: deps.now, log: deps.log }, fact);
      } catch (err) {
        deps.log.warn({ err, tno: row.tno, provider: provider.id }, 'payment confirmation failed');
      }
    }
  }
  const fresh = (await orderRepo.memberOrderByTno(deps.db, caller.id, row.tno)) ?? row;
  return { status: fresh.status, tno: fresh.tno };
}

// ---- Subscription ------------------------------------------------------------------------------

/** `GET /subscription`: the membership and the member's current subscription. */
export async function subscriptionInfo(deps: Pick<BillingDeps, 'db' | 'now'>, caller: AuthMember): Promise<SubscriptionInfo> {
  const expiry = await members.membershipExpiry(deps.db, caller.id);
  const row = await subscriptionRepo.currentSubscription(deps.db, caller.id);
  return {
    expired: expiry ? expiry.toISOString() : null,
    vip: isVip(expiry, deps.now()),
    subscription: row
      ? {
          way: row.way,
          grade: row.grade,
          status: row.status,
          autoRenew: row.autoRenew && row.status === 'active',
          renewsManually: row.providerSubscriptionId === null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          currentPeriodEnd: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
          amount: row.amount,
          currency: row.currency,
          sandbox: row.provider === 'sandbox',
        }
      : null,
  };
}

/**
 * `POST /subscription/cancel`: stop renewal at the provider (each subscription of the member that
 * still renews); the membership keeps its expiry, so access lasts to the period end.
 */
export async function cancelRenewal(deps: BillingDeps, caller: AuthMember): Promise<SubscriptionInfo> {
  const renewing = await subscriptionRepo.renewingSubscriptions(deps.db, caller.id);
  if (renewing.length === 0) throw new RuleError(BillingMessage.nothingToCancel);
  for (const row of renewing) {
    const provider: PaymentProvider | null = deps.providers.byId(row.provider);
    if (row.providerSubscriptionId && provider?.cancelAutoRenew) {
      try {
        await provider.cancelAutoRenew(row.providerSubscriptionId);
      } catch (err) {
        deps.log.error({ err, provider: row.provider, subscription: row.id }, 'renewal could not be cancelled');
        throw new RuleError(BillingMessage.cancelFailed);
      }
    }
    await subscriptionRepo.markSubscriptionCanceled(deps.db, row.id, deps.now());
  }
  return subscriptionInfo(deps, caller);
}

// ---- Notifications -----------------------------------------------------------------------------

/**
 * `POST /pay/notify/{provider}`: verify (the adapter throws WebhookVerificationError) and apply.
 * Unknown and disabled providers are not found.
 */
export async function handleNotification(
  deps: BillingDeps,
  providerId: string,
  headers: WebhookHeaders,
  rawBody: Buffer,
): Promise<ApplyOutcome[]> {
  const provider = deps.providers.byId(providerId);
  if (!provider) throw new NotFoundError();
  const facts = await provider.parseWebhook(headers, rawBody);
  return applyFacts({ db: deps.db, now: deps.now, log: deps.log }, facts);
}

/**
 * Plans and orders for the admin console, for the admin module; each write takes a handle so that
 * it runs in the transaction that writes the audit row (decision 041).
 */
export * as billingAdmin from './billing-admin';
