import type { PayWay } from '@shotlib/contract';
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { member, renewalReminder, subscription } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/** Renewal reminders: who to remind, and the claim that makes one process send each reminder once. */

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
