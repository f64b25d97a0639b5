import { and, eq, sql } from 'drizzle-orm';
import { sandboxPayment } from '../../../db/schema';
import type { Handle } from '../../../db/transaction';

/** The sandbox provider's own books (what a real provider keeps on its side). */

export type SandboxPaymentRow = typeof sandboxPayment.$inferSelect;
export type NewSandboxPayment = typeof sandboxPayment.$inferInsert;

export async function insertSandboxPayment(db: Handle, values: NewSandboxPayment): Promise<SandboxPaymentRow> {
  const rows = await db.insert(sandboxPayment).values(values).returning();
  return rows[0]!;
}

export async function sandboxPaymentByRef(db: Handle, ref: string): Promise<SandboxPaymentRow | null> {
  const rows = await db.select().from(sandboxPayment).where(eq(sandboxPayment.ref, ref)).limit(1);
  return rows[0] ?? null;
}

/** Settle a pending checkout as paid or failed; null when it was settled before. */
export async function settleSandboxPayment(
  db: Handle,
  ref: string,
  values: { status: 'paid' | 'failed'; paymentId: string | null; subscriptionId: string | null; now: Date },
): Promise<SandboxPaymentRow | null> {
  const rows = await db
    .update(sandboxPayment)
    .set({ status: values.status, paymentId: values.paymentId, subscriptionId: values.subscriptionId, updatedAt: values.now })
    .where(and(eq(sandboxPayment.ref, ref), eq(sandboxPayment.status, 'pending')))
    .returning();
  return rows[0] ?? null;
}

/** Count one more renewal of a paid, still renewing subscription; null when it does not renew. */
export async function countSandboxRenewal(db: Handle, ref: string, now: Date): Promise<SandboxPaymentRow | null> {
  const rows = await db
    .update(sandboxPayment)
    .set({ renewals: sql`${sandboxPayment.renewals} + 1`, updatedAt: now })
    .where(
      and(
        eq(sandboxPayment.ref, ref),
        eq(sandboxPayment.status, 'paid'),
        eq(sandboxPayment.autoRenew, true),
        eq(sandboxPayment.subscriptionCanceled, false),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Stop renewing a sandbox subscription; false when there is no such subscription. */
export async function cancelSandboxSubscription(db: Handle, subscriptionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sandboxPayment)
    .set({ subscriptionCanceled: true, updatedAt: now })
    .where(eq(sandboxPayment.subscriptionId, subscriptionId))
    .returning({ ref: sandboxPayment.ref });
  return rows.length > 0;
}
