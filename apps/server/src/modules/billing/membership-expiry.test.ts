import { describe, expect, it } from 'vitest';
import { addMonthsUtc, extendedExpiry, reducedExpiry } from './membership-expiry';
import { newOrderNumber, randomBase32 } from './order-number';
import { DATE_MAX, TNO_PATTERN } from '@shotlib/contract';

const at = (iso: string) => new Date(iso);

describe('addMonthsUtc: UTC calendar months, clamped at the month end', () => {
  it.each([
    ['2026-01-15T10:30:00.000Z', 1, '2026-02-15T10:30:00.000Z'],
    ['2026-01-31T23:59:59.999Z', 1, '2026-02-28T23:59:59.999Z'],
    ['2028-01-31T08:00:00.000Z', 1, '2028-02-29T08:00:00.000Z'], // leap year
    ['2026-03-31T00:00:00.000Z', 1, '2026-04-30T00:00:00.000Z'],
    ['2026-08-31T12:00:00.000Z', 3, '2026-11-30T12:00:00.000Z'],
    ['2026-11-30T12:00:00.000Z', 3, '2027-02-28T12:00:00.000Z'],
    ['2026-12-31T00:00:00.000Z', 1, '2027-01-31T00:00:00.000Z'], // across the year
    ['2026-10-31T00:00:00.000Z', 12, '2027-10-31T00:00:00.000Z'],
    ['2028-02-29T06:00:00.000Z', 12, '2029-02-28T06:00:00.000Z'], // leap day, next year has none
    ['2027-02-28T06:00:00.000Z', 12, '2028-02-28T06:00:00.000Z'], // keeps the day, not "month end"
    ['2026-05-31T00:00:00.000Z', -3, '2026-02-28T00:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', -1, '2025-12-31T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonthsUtc(at(from), months).toISOString()).toBe(expected);
  });

  it('uses UTC whatever the server time zone says (a month end in Shanghai is the 31st 16:00 UTC)', () => {
    expect(addMonthsUtc(at('2026-01-31T16:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('refuses fractional months', () => {
    expect(() => addMonthsUtc(at('2026-01-01T00:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('extendedExpiry: from max(now, current expiry)', () => {
  const now = at('2026-01-31T09:00:00.000Z');
  it('starts from now when there is no expiry or it has passed', () => {
    expect(extendedExpiry(null, now, 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(extendedExpiry(at('2025-12-01T00:00:00Z'), now, 3).toISOString()).toBe('2026-04-30T09:00:00.000Z');
    expect(extendedExpiry(now, now, 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
  });
  it('adds to a running membership, so paying early loses nothing', () => {
    expect(extendedExpiry(at('2026-03-31T00:00:00Z'), now, 1).toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(extendedExpiry(at('2026-02-28T00:00:00Z'), now, 12).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
  it('two payments in a row add up', () => {
    const first = extendedExpiry(null, now, 1);
    expect(extendedExpiry(first, now, 1).toISOString()).toBe('2026-03-28T09:00:00.000Z');
  });
  it('stops at DATE_MAX: a membership granted to 9999-12-31 is not pushed into a year the database cannot hold', () => {
    expect(extendedExpiry(at(DATE_MAX), now, 12).toISOString()).toBe(DATE_MAX);
    expect(extendedExpiry(at('9999-11-15T00:00:00Z'), now, 1).toISOString()).toBe('9999-12-15T00:00:00.000Z');
  });
});

describe('reducedExpiry: a refund takes its months back, never into the past', () => {
  const now = at('2026-02-10T00:00:00.000Z');
  it('subtracts the months from a later expiry', () => {
    expect(reducedExpiry(at('2026-06-30T00:00:00Z'), now, 3).toISOString()).toBe('2026-03-30T00:00:00.000Z');
  });
  it('ends the membership now when the rest lies in the past', () => {
    expect(reducedExpiry(at('2026-03-01T00:00:00Z'), now, 1)).toEqual(now);
    expect(reducedExpiry(null, now, 1)).toEqual(now);
  });
});

describe('order numbers', () => {
  it("are 'T', the UTC day and 16 random base-32 characters, within WeChat's out_trade_no rules", () => {
    const tno = newOrderNumber(at('2026-12-31T23:59:59Z'));
    expect(tno).toMatch(TNO_PATTERN);
    expect(tno.startsWith('T20261231')).toBe(true);
    expect(tno.length).toBeLessThanOrEqual(32);
    expect(tno).toMatch(/^[0-9A-Za-z_\-*]+$/);
    const many = new Set(Array.from({ length: 1000 }, () => randomBase32()));
    expect(many.size).toBe(1000);
  });
});
