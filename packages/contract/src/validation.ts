import { z } from 'zod';
import { DATE_MAX, DATE_MIN, ECHO_MAX, LOGIN_CODE_LENGTH, NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MIN } from './constants';

/**
 * Validation messages of docs/product-spec.md §5 (and the date range of decision 029). The web app
 * translates them by key; the server answers with the English text. `{email}` is replaced by the typed address.
 */
export const ValidationMessage = {
  emailRequired: 'Email is required.',
  emailInvalid: '{email} is not a valid email address.',
  codeRequired: '6 digit one-time password is required.',
  passwordShort: 'Password must be at least 6 characters long.',
  nicknameLength: 'Enter nickname (3-20 characters)',
  dateRange: `Dates must be between ${DATE_MIN.slice(0, 10)} and ${DATE_MAX.slice(0, 10)}.`,
} as const;
export type ValidationMessageKey = keyof typeof ValidationMessage;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a message may quote of the caller's input: at most ECHO_MAX characters, then '…'. */
export function quoteInput(input: unknown): string {
  const text = typeof input === 'string' ? input : String(input);
  const chars = Array.from(text);
  return chars.length > ECHO_MAX ? `${chars.slice(0, ECHO_MAX - 1).join('')}…` : text;
}

/**
 * A NUL character or a lone UTF-16 surrogate: text no database column, log line or e-mail header
 * can hold faithfully. The server refuses requests carrying one in any string (400).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
export const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasUnsafeText = (value: string): boolean => UNSAFE_TEXT.test(value);

const emailInvalid = (input: unknown) => ValidationMessage.emailInvalid.replace('{email}', quoteInput(input));

export const EmailSchema = z
  .string({ error: ValidationMessage.emailRequired })
  .trim()
  .min(1, { error: ValidationMessage.emailRequired })
  .max(254, { error: (issue) => emailInvalid(issue.input), abort: true })
  .refine((value) => EMAIL_PATTERN.test(value), { error: (issue) => emailInvalid(issue.input) });

export const LoginCodeSchema = z
  .string({ error: ValidationMessage.codeRequired })
  .trim()
  .length(LOGIN_CODE_LENGTH, { error: ValidationMessage.codeRequired });

export const PasswordSchema = z
  .string({ error: ValidationMessage.passwordShort })
  .min(PASSWORD_MIN, { error: ValidationMessage.passwordShort })
  .max(200);

export const NicknameSchema = z
  .string({ error: ValidationMessage.nicknameLength })
  .trim()
  .min(NICKNAME_MIN, { error: ValidationMessage.nicknameLength })
  .max(NICKNAME_MAX, { error: ValidationMessage.nicknameLength });

const DATE_MIN_MS = Date.parse(DATE_MIN);
const DATE_MAX_MS = Date.parse(DATE_MAX);

/** Whether an instant (a Date, epoch milliseconds or an ISO text) lies in DATE_MIN..DATE_MAX. */
export function inDateRange(value: Date | number | string): boolean {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return ms >= DATE_MIN_MS && ms <= DATE_MAX_MS;
}

const dateRange = { error: ValidationMessage.dateRange };

/**
 * An instant as every date field takes it: ISO 8601 with `Z` or an offset, in DATE_MIN..DATE_MAX
 * (so neither PostgreSQL nor `toISOString` meets a year it cannot write).
 */
export const InstantSchema = z.iso.datetime({ offset: true, abort: true }).refine(inDateRange, dateRange);

/** A day (YYYY-MM-DD, UTC) or an instant, in DATE_MIN..DATE_MAX. */
export const DayOrInstantSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).refine(inDateRange, dateRange);
