import { and, eq, inArray } from 'drizzle-orm';
import { paymentEvent } from '../../db/schema';
import type { Handle } from '../../db/transaction';
import type { ProviderId } from './providers/types';

/**
 * Payment events: every notification and query result the ledger applied, once each (its unique
 * key refuses a second delivery).
 */

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

/**
 * The failures the ledger applied to these orders, by order number: the event id of each (a
 * provider's "checkout expired" carries `:expired:` in it). An order closed without one was left
 * unpaid until reconciliation closed it, or its checkout could not be made.
 */
export async function appliedFailures(db: Handle, tnos: string[]): Promise<Map<string, string>> {
  if (tnos.length === 0) return new Map();
  const rows = await db
    .select({ tno: paymentEvent.tno, eventId: paymentEvent.eventId })
    .from(paymentEvent)
    .where(and(inArray(paymentEvent.tno, tnos), eq(paymentEvent.kind, 'failed'), eq(paymentEvent.outcome, 'applied')));
  return new Map(rows.map((row) => [row.tno!, row.eventId]));
}
