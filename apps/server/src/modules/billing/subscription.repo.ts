import type { Currency, PayWay } from '@shotlib/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { subscription } from '../../db/schema';
import type { Handle } from '../../db/transaction';
import type { ProviderId } from './providers/types';

/** Subscriptions: the only place that writes the subscription table. */

export type SubscriptionRow = typeof subscription.$inferSelect;

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
