import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (no native addon). A hash records its own
 * parameters — `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url) — so they can be raised later:
 * `needsRehash` tells the login to store a fresh hash with the current parameters.
 */
const CURRENT = { logN: 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

type Params = { logN: number; r: number; p: number };

function derive(password: string, salt: Buffer, { logN, r, p }: Params): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; leave headroom above Node's 32 MiB default.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT);
  return ['scrypt', CURRENT.logN, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(hash: string): (Params & { salt: Buffer; key: Buffer }) | null {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { logN, r, p, salt: Buffer.from(parts[4]!, 'base64url'), key: Buffer.from(parts[5]!, 'base64url') };
}

/** A hash of a random password with the current parameters, to spend the same time on unknown accounts. */
let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Whether `password` matches `hash`. With no hash (unknown account, or one without a password)
 * the same work is done against a dummy, and the answer is false: timing does not tell them apart.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const stored = parse(hash ?? '');
  const parsed = stored ?? parse(await dummyHash())!;
  const key = await derive(password, parsed.salt, parsed);
  return stored !== null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses older parameters than the current ones. */
export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  return !parsed || parsed.logN !== CURRENT.logN || parsed.r !== CURRENT.r || parsed.p !== CURRENT.p;
}
