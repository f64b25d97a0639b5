import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH } from '@shotlib/contract';

/** How long an e-mailed code is valid, and how many tries it survives. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/** Six random digits (leading zeros kept), from the CSPRNG. */
export function newLoginCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
}

/** What is stored instead of the code: HMAC-SHA256(server secret, address + code), hex. */
export function loginCodeHash(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`login-code\0${email.toLowerCase()}\0${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
