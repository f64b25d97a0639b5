import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('passwords (scrypt)', () => {
  it('hashes with a random salt and its parameters, and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse!', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('answers false, after the same work, without a hash or with a malformed one', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$99$8$1$x$y')).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });

  it('asks for a rehash when the parameters are older', () => {
    expect(needsRehash('scrypt$14$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
  });
});
