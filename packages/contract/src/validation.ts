import { z } from 'zod';
import { ECHO_MAX, LOGIN_CODE_LENGTH, NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MIN } from './constants';

/**
 * Validation messages of docs/product-spec.md §5. The web app translates them by key;
 * the server answers with the English text. `{email}` is replaced by the typed address.
 */
export const ValidationMessage = {
  emailRequired: 'Email is required.',
  emailInvalid: '{email} is not a valid email address.',
  codeRequired: '6 digit one-time password is required.',
  passwordShort: 'Password must be at least 6 characters long.',
  nicknameLength: 'Enter nickname (3-20 characters)',
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
