import { describe, expect, it } from 'vitest';
import { hashToken, newToken, tokenFromHeader } from './tokens';

describe('tokens', () => {
  it('newToken gives 32 random bytes as base64url', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(a);
  });

  it('hashToken is sha256 hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('reads raw and Bearer tokens from the header', () => {
    expect(tokenFromHeader('abc')).toBe('abc');
    expect(tokenFromHeader('Bearer abc')).toBe('abc');
    expect(tokenFromHeader('bearer   abc ')).toBe('abc');
    expect(tokenFromHeader('')).toBeNull();
    expect(tokenFromHeader(undefined)).toBeNull();
    expect(tokenFromHeader('x'.repeat(600))).toBeNull();
  });
});
