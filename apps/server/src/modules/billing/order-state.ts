import { ORDER_STATUS, type OrderState } from '@shotlib/contract';
import type { Handle } from '../../db/transaction';
import * as eventRepo from './payment-event.repo';

/** Unpaid orders are asked about (and may be paid by QR) for this long, then closed. */
export const ORDER_OPEN_MS = 48 * 3_600_000;

/**
 * What became of an order, as a person names it (decision 051). `status` 2 (closed) is Failed when
 * the ledger applied a provider's failure to it (or its checkout could not be made: closed within its
 * window without one), Expired when it was left unpaid past its 48-hour window; an unpaid order past
 * that window reads Expired before reconciliation closes it.
 */
export function orderState(row: { status: number; createdAt: Date }, now: Date, failureEventId: string | undefined): OrderState {
  const pastWindow = now.getTime() - row.createdAt.getTime() > ORDER_OPEN_MS;
  switch (row.status) {
    case ORDER_STATUS.paid:
      return 'paid';
    case ORDER_STATUS.refunded:
      return 'refunded';
    case ORDER_STATUS.closed:
      if (failureEventId !== undefined) return failureEventId.includes(':expired:') ? 'expired' : 'failed';
      return pastWindow ? 'expired' : 'failed';
    default:
      return pastWindow ? 'expired' : 'unpaid';
  }
}

/**
 * The states of these orders, in their order: one query of the ledger for the closed ones. The
 * member's order history and the console's order list both read states through it.
 */
export async function orderStates(db: Handle, rows: readonly { tno: string; status: number; createdAt: Date }[], now: Date): Promise<OrderState[]> {
  const closed = rows.filter((row) => row.status === ORDER_STATUS.closed).map((row) => row.tno);
  const failures = await eventRepo.appliedFailures(db, closed);
  return rows.map((row) => orderState(row, now, failures.get(row.tno)));
}
