import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits as 16 characters of Crockford's base 32 (no I, L, O, U). */
export function randomBase32(bytes = 10): string {
  const buffer = randomBytes(bytes);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buffer) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A new order number: 'T', the UTC date (yyyymmdd) and 16 random characters (TNO_PATTERN):
 * 25 characters of [0-9A-Z], within WeChat's out_trade_no (≤ 32 of [0-9A-Za-z_-*]).
 */
export function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `T${day}${randomBase32(10)}`;
}
