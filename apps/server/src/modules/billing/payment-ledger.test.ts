import { ORDER_STATUS } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryOf, orderRow, placeOrder } from '../../test/payment-matrix';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addMonthsUtc } from './membership-expiry';
import { applyFact } from './payment-ledger';
import type { PaymentFact, ProviderId } from './providers/types';

/**
 * Several verified facts about one payment arriving at once, as Stripe sends
 * checkout.session.completed and invoice.paid together, or a notification meets a poll:
 * on PostgreSQL these run in parallel transactions, and each order must be paid exactly once,
 * never flagged for review because it saw its own payment half-way through.
 */
describe('payment ledger under concurrent facts', () => {
  const clock = { now: new Date() };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ services: { now: () => clock.now } });
  });
  afterAll(() => t.close());

  it('pays each order once when three facts about its payment race, and flags none', async () => {
    const placed = await Promise.all(Array.from({ length: 12 }, () => placeOrder(t, 'wechat', 3)));
    const rows = await Promise.all(placed.map((p) => orderRow(t, p.tno)));
    const factsOf = (row: (typeof rows)[number], n: number): PaymentFact => ({
      provider: row.provider as ProviderId,
      eventId: `evt-${row.tno}-${n}`,
      kind: 'paid',
      tno: row.tno,
      providerPaymentId: `pay-${row.tno}`,
      amount: { minor: row.amount, currency: row.currency as 'CNY' },
      occurredAt: clock.now,
    });
    const outcomes = await Promise.all(
      rows.map((row) => Promise.all([0, 1, 2].map((n) => applyFact({ db: t.db, now: () => clock.now }, factsOf(row, n))))),
    );

    for (const [i, perOrder] of outcomes.entries()) {
      expect(perOrder.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
      expect(await orderRow(t, placed[i]!.tno)).toMatchObject({ status: ORDER_STATUS.paid, reviewReason: null });
      expect(await expiryOf(t, placed[i]!.memberId)).toEqual(addMonthsUtc(clock.now, 1));
    }
  });
});
