import type { Currency } from '@shotlib/contract';
import type { Money } from './types';

/**
 * A decimal amount as providers write it ('8.99', '219', '0.5') in minor units, exactly: no
 * floating point. Null when it is not a plain non-negative amount with at most two decimals.
 */
export function decimalToMinor(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as a two-decimal string: 899 → '8.99'. */
export function minorToDecimal(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** A provider's currency code, upper-cased, when it is one we charge in. */
export function currencyOf(value: unknown): Currency | null {
  if (typeof value !== 'string') return null;
  const code = value.toUpperCase();
  return code === 'CNY' || code === 'USD' ? code : null;
}

/** Money from a decimal string and a code, or undefined when either does not parse. */
export function moneyFromDecimal(value: unknown, code: unknown): Money | undefined {
  const minor = decimalToMinor(value);
  const currency = typeof code === 'string' ? code.toUpperCase() : null;
  if (minor === null || !currency) return undefined;
  // An unknown currency still produces a fact, so that the ledger flags it as a mismatch.
  return { minor, currency: currency as Currency };
}
