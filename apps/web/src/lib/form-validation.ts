import { ValidationMessage, type ValidationMessageKey } from '@shotlib/contract';
import type { z } from 'zod';

const keys = Object.keys(ValidationMessage) as ValidationMessageKey[];
const INVALID_EMAIL_SUFFIX = ValidationMessage.emailInvalid.replace('{email}', '');

/**
 * Validate a field with the contract's schema (the one the server uses) and name the failure by
 * its message key (docs/product-spec.md §5), for the page to show translated: `t(`validation.${key}`, { email })`.
 * Null when the value is valid. A message outside the catalogue falls back to the nearest key.
 */
export function validationKey(schema: z.ZodType, value: unknown, fallback: ValidationMessageKey): ValidationMessageKey | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? '';
  if (message.endsWith(INVALID_EMAIL_SUFFIX) && message !== ValidationMessage.emailRequired) return 'emailInvalid';
  return keys.find((key) => ValidationMessage[key] === message) ?? fallback;
}
