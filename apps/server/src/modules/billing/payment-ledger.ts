import { ORDER_STATUS } from '@shotlib/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inTransaction, isUniqueViolation, type Handle } from '../../db/transaction';
import * as members from '../member/member.service';
import * as orderRepo from './order.repo';
import * as eventRepo from './payment-event.repo';
import * as planRepo from './plan.repo';
import * as subscriptionRepo from './subscription.repo';
import { extendedExpiry, reducedExpiry } from './membership-expiry';
import { newOrderNumber } from './order-number';
import type { Money, PaymentFact } from './providers/types';

/**
 * The money rules, applied to verified facts only (a provider's signed notification or its answer
 * to our query; never the browser's return). Each fact is applied in ONE transaction that:
 * - records the event once (unique provider + event id): a replay changes nothing;
 * - marks an order paid only from unpaid/closed with a conditional update: paid exactly once,
 *   however notifications, polling and reconciliation race;
 * - checks amount, currency and the provider's identity first: a mismatch is acknowledged,
 *   flagged for review, and extends nothing;
 * - extends the membership from max(now, current expiry) by the plan's months, with the member's
 *   row locked so two payments of one member add up.
 */

export type ApplyOutcome = 'applied' | 'duplicate' | 'mismatch' | 'unknown' | 'ignored';

export type LedgerDeps = { db: Db; now: () => Date; log?: FastifyBaseLogger };

const sameMoney = (order: { amount: number; currency: string }, money: Money | undefined): boolean =>
  money !== undefined && money.minor === order.amount && money.currency === order.currency;

const describeMoney = (money: Money | undefined): string => (money ? `${money.minor} ${money.currency}` : 'no amount');

/** Apply one verified fact. Safe to call any number of times, from any number of processes. */
export async function applyFact(deps: LedgerDeps, fact: PaymentFact): Promise<ApplyOutcome> {
  try {
    const outcome = await inTransaction(deps.db, (tx) => applyInTransaction(tx, deps.now(), fact));
    if (outcome === 'mismatch' || outcome === 'unknown') {
      deps.log?.warn({ provider: fact.provider, eventId: fact.eventId, kind: fact.kind, tno: fact.tno, outcome }, 'payment fact not applied');
    }
    return outcome;
  } catch (err) {
    // A concurrent transaction recorded the same payment first (unique provider payment id).
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** Apply facts in order; the outcomes, one per fact. */
export async function applyFacts(deps: LedgerDeps, facts: PaymentFact[]): Promise<ApplyOutcome[]> {
  const outcomes: ApplyOutcome[] = [];
  for (const fact of facts) outcomes.push(await applyFact(deps, fact));
  return outcomes;
}

async function applyInTransaction(tx: Handle, now: Date, fact: PaymentFact): Promise<ApplyOutcome> {
  const eventRowId = await eventRepo.insertPaymentEvent(tx, {
    provider: fact.provider,
    eventId: fact.eventId,
    kind: fact.kind,
    tno: fact.tno ?? null,
    payload: {
      providerPaymentId: fact.providerPaymentId ?? null,
      providerSubscriptionId: fact.providerSubscriptionId ?? null,
      amount: fact.amount ?? null,
      identityMismatch: fact.identityMismatch ?? null,
      occurredAt: fact.occurredAt.toISOString(),
      ...fact.detail,
    },
    receivedAt: now,
  });
  if (eventRowId === null) return 'duplicate';

  const outcome = await decide(tx, now, fact);
  await eventRepo.setPaymentEventOutcome(tx, eventRowId, outcome);
  return outcome;
}

async function decide(tx: Handle, now: Date, fact: PaymentFact): Promise<ApplyOutcome> {
  switch (fact.kind) {
    case 'paid':
      return applyPaid(tx, now, fact);
    case 'renewed':
      return applyRenewal(tx, now, fact);
    case 'failed':
      return applyFailed(tx, fact);
    case 'autoRenewCanceled':
    case 'subscriptionEnded':
      return applySubscriptionChange(tx, now, fact);
    case 'refunded':
      return applyRefund(tx, now, fact);
    case 'ignored':
      return 'ignored';
  }
}

/**
 * The order a fact is about (by our number, else the first order of its subscription), re-read
 * with its row locked: two facts about one order (say Stripe's checkout.session.completed and
 * invoice.paid arriving together) are decided one after the other, the second seeing the first.
 */
async function orderOf(tx: Handle, fact: PaymentFact): Promise<orderRepo.OrderRow | null> {
  const found =
    (fact.tno ? await orderRepo.orderByTno(tx, fact.tno) : null) ??
    (fact.providerSubscriptionId ? await orderRepo.initialOrderOfSubscription(tx, fact.provider, fact.providerSubscriptionId) : null);
  return found ? orderRepo.lockOrder(tx, found.id) : null;
}

async function applyPaid(tx: Handle, now: Date, fact: PaymentFact): Promise<ApplyOutcome> {
  const order = await orderOf(tx, fact);
  if (!order) return 'unknown';
  if (order.provider !== fact.provider) {
    await orderRepo.flagOrder(tx, order.id, `payment reported by ${fact.provider}, the order is with ${order.provider}`);
    return 'mismatch';
  }

  if (order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.refunded) {
    if (fact.providerPaymentId && order.providerPaymentId === fact.providerPaymentId) return 'duplicate';
    if (fact.providerPaymentId && (await orderRepo.orderByPayment(tx, fact.provider, fact.providerPaymentId))) return 'duplicate';
    // A further payment of a subscription whose first order is paid: a renewal.
    if (fact.providerSubscriptionId && order.providerSubscriptionId === fact.providerSubscriptionId) {
      return applyRenewal(tx, now, fact);
    }
    await orderRepo.flagOrder(tx, order.id, `a second payment (${fact.providerPaymentId ?? 'no id'}) for an order already ${order.status === ORDER_STATUS.paid ? 'paid' : 'refunded'}`);
    return 'mismatch';
  }

  if (fact.identityMismatch) {
    await orderRepo.flagOrder(tx, order.id, `provider identity: ${fact.identityMismatch}`);
    return 'mismatch';
  }
  if (!sameMoney(order, fact.amount)) {
    await orderRepo.flagOrder(tx, order.id, `amount: expected ${order.amount} ${order.currency}, got ${describeMoney(fact.amount)}`);
    return 'mismatch';
  }
  const paidBefore = fact.providerPaymentId ? await orderRepo.orderByPayment(tx, fact.provider, fact.providerPaymentId) : null;
  if (paidBefore && paidBefore.id !== order.id) {
    // The same payment already paid another order: never count it twice.
    await orderRepo.flagOrder(tx, order.id, `payment ${fact.providerPaymentId} already paid another order`);
    return 'mismatch';
  }

  const marked = await orderRepo.markOrderPaid(tx, order.id, {
    providerPaymentId: fact.providerPaymentId ?? null,
    providerSubscriptionId: fact.providerSubscriptionId ?? null,
    paidAt: now,
  });
  if (!marked) return 'duplicate'; // another transaction paid it between our read and our update

  const periodEnd = await extendMembership(tx, now, order.memberId, order.grade);
  if (periodEnd === null) return 'applied';
  const values = {
    memberId: order.memberId,
    provider: order.provider,
    way: order.way,
    grade: order.grade,
    amount: order.amount,
    currency: order.currency,
    currentPeriodEnd: periodEnd,
    now,
  };
  const subscriptionId = fact.providerSubscriptionId ?? order.providerSubscriptionId;
  if (subscriptionId) await subscriptionRepo.upsertAutoRenewSubscription(tx, subscriptionId, values);
  else await subscriptionRepo.upsertManualSubscription(tx, values);
  return 'applied';
}

/** A provider charged a subscription again: a new paid order, and the membership moves on. */
async function applyRenewal(tx: Handle, now: Date, fact: PaymentFact): Promise<ApplyOutcome> {
  if (!fact.providerSubscriptionId || !fact.providerPaymentId) return 'unknown';
  if (await orderRepo.orderByPayment(tx, fact.provider, fact.providerPaymentId)) return 'duplicate';

  const subscription = await subscriptionRepo.subscriptionByProviderId(tx, fact.provider, fact.providerSubscriptionId);
  const first = await orderRepo.initialOrderOfSubscription(tx, fact.provider, fact.providerSubscriptionId);
  if (!subscription && !first) return 'unknown';
  if (!subscription && first && first.status !== ORDER_STATUS.paid) {
    // The renewal came before the first payment was recorded: treat it as that first payment.
    return applyPaid(tx, now, { ...fact, kind: 'paid', tno: first.tno });
  }
  const owner = subscription ?? {
    memberId: first!.memberId,
    way: first!.way,
    grade: first!.grade,
    amount: first!.amount,
    currency: first!.currency,
  };

  const matches = !fact.identityMismatch && sameMoney(owner, fact.amount);
  const reviewReason = matches
    ? null
    : fact.identityMismatch
      ? `provider identity: ${fact.identityMismatch}`
      : `renewal amount: expected ${owner.amount} ${owner.currency}, got ${describeMoney(fact.amount)}`;
  await orderRepo.insertRenewalOrder(tx, {
    tno: newOrderNumber(now),
    memberId: owner.memberId,
    grade: owner.grade,
    way: owner.way,
    provider: fact.provider,
    amount: owner.amount,
    currency: owner.currency,
    createdAt: now,
    status: matches ? ORDER_STATUS.paid : ORDER_STATUS.unpaid,
    providerRef: fact.providerSubscriptionId,
    providerPaymentId: fact.providerPaymentId,
    providerSubscriptionId: fact.providerSubscriptionId,
    paidAt: matches ? now : null,
    reviewReason,
  });
  if (!matches) return 'mismatch';

  const periodEnd = await extendMembership(tx, now, owner.memberId, owner.grade);
  if (periodEnd === null) return 'applied';
  if (subscription) await subscriptionRepo.renewSubscription(tx, subscription.id, periodEnd, now);
  else await subscriptionRepo.upsertAutoRenewSubscription(tx, fact.providerSubscriptionId, { ...owner, provider: fact.provider, currentPeriodEnd: periodEnd, now });
  return 'applied';
}

/** The payer gave up or the payment failed: an unpaid order closes (a later verified payment still counts). */
async function applyFailed(tx: Handle, fact: PaymentFact): Promise<ApplyOutcome> {
  const order = await orderOf(tx, fact);
  if (!order || order.provider !== fact.provider) return 'unknown';
  if (order.status !== ORDER_STATUS.unpaid) return 'ignored';
  await orderRepo.closeOrder(tx, order.id);
  return 'applied';
}

async function applySubscriptionChange(tx: Handle, now: Date, fact: PaymentFact): Promise<ApplyOutcome> {
  if (fact.identityMismatch) return 'mismatch';
  if (!fact.providerSubscriptionId) return 'unknown';
  const subscription = await subscriptionRepo.subscriptionByProviderId(tx, fact.provider, fact.providerSubscriptionId);
  if (!subscription) return 'unknown';
  if (fact.kind === 'autoRenewCanceled') await subscriptionRepo.markSubscriptionCanceled(tx, subscription.id, now);
  else await subscriptionRepo.markSubscriptionEnded(tx, subscription.id, now);
  return 'applied';
}

/** A refund takes back the period it paid for (never into the past). */
async function applyRefund(tx: Handle, now: Date, fact: PaymentFact): Promise<ApplyOutcome> {
  if (fact.identityMismatch) return 'mismatch';
  const order = fact.providerPaymentId
    ? await orderRepo.orderByPayment(tx, fact.provider, fact.providerPaymentId)
    : fact.tno
      ? await orderRepo.orderByTno(tx, fact.tno)
      : null;
  if (!order || order.provider !== fact.provider) return 'unknown';
  if (!(await orderRepo.markOrderRefunded(tx, order.id))) return 'ignored';
  const plan = await planRepo.findPlan(tx, order.grade);
  const locked = await members.lockMembershipExpiry(tx, order.memberId);
  if (plan && locked) {
    await members.setMembershipExpiry(tx, order.memberId, reducedExpiry(locked.vipExpiresAt, now, plan.periodMonths), now);
  }
  return 'applied';
}

/** Extend the member by the plan's months (row locked); the new expiry, or null without a plan. */
async function extendMembership(tx: Handle, now: Date, memberId: number, grade: number): Promise<Date | null> {
  const plan = await planRepo.findPlan(tx, grade);
  const locked = await members.lockMembershipExpiry(tx, memberId);
  if (!plan || !locked) return null;
  const expiry = extendedExpiry(locked.vipExpiresAt, now, plan.periodMonths);
  await members.setMembershipExpiry(tx, memberId, expiry, now);
  return expiry;
}
