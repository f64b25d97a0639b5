import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

// Every scrypt derivation is recorded (and still computed by node:crypto): the work a check does is
// read from its calls — cost, block size, parallelism, key and salt lengths — not from wall time.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const scrypt = vi.mocked(crypto.scrypt);

/** The work of each scrypt call made while `run` runs: everything but the password and salt themselves. */
async function workOf(run: () => Promise<unknown>) {
  scrypt.mockClear();
  await run();
  return scrypt.mock.calls.map((args) => {
    const [password, salt, keylen, options] = args as unknown as [string, Buffer, number, crypto.ScryptOptions];
    return { passwordLength: password.length, saltBytes: salt.length, keylen, options };
  });
}

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
    const stored = await hashPassword('the real one');
    // The dummy hash is made once, on first use; the checks below are measured after it exists.
    await verifyPassword('warm-up', null);
    // The work of checking a wrong password against a real, current hash: one derivation at N = 2^15, r = 8, p = 1.
    const reference = await workOf(async () => expect(await verifyPassword('anything', stored)).toBe(false));
    expect(reference).toEqual([
      { passwordLength: 8, saltBytes: 16, keylen: 32, options: expect.objectContaining({ N: 2 ** 15, r: 8, p: 1 }) },
    ]);
    for (const hash of [null, undefined, '', 'scrypt$99$8$1$x$y', 'scrypt$15$8$1$short', 'plain-text']) {
      expect(await workOf(async () => expect(await verifyPassword('anything', hash)).toBe(false)), String(hash)).toEqual(reference);
    }
  });

  it('asks for a rehash when the parameters are older', () => {
    expect(needsRehash('scrypt$14$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
  });
});
