import { DATE_MAX, inDateRange } from '@shotlib/contract';

/**
 * The membership expiry rule (payments-and-identity.md): paying extends the membership from
 * max(now, current expiry) by the plan's months, in UTC calendar months clamped at the month's
 * end (31 January + 1 month = 28 or 29 February), keeping the time of day.
 */

/** `date` plus `months` calendar months in UTC; the day is clamped to the target month's last day. */
export function addMonthsUtc(date: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError('months must be an integer');
  const monthIndex = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * The new expiry after paying for `months`: from the current expiry when still running, else from
 * now; at most DATE_MAX (an admin may grant up to it; a later year is one the database cannot hold).
 */
export function extendedExpiry(current: Date | null, now: Date, months: number): Date {
  const from = current !== null && current.getTime() > now.getTime() ? current : now;
  const extended = addMonthsUtc(from, months);
  return inDateRange(extended) ? extended : new Date(DATE_MAX);
}

/**
 * The expiry after a refund of `months`: the refunded period is taken back, but never into the
 * past (the membership then simply ends now).
 */
export function reducedExpiry(current: Date | null, now: Date, months: number): Date {
  if (current === null) return now;
  const reduced = addMonthsUtc(current, -months);
  return reduced.getTime() > now.getTime() ? reduced : now;
}
