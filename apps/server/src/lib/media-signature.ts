import { createHmac, timingSafeEqual } from 'node:crypto';

/** Media keys that are screenshots: served only through a URL the API signed for an entitled caller. */
export const PROTECTED_MEDIA_PREFIX = 'shots/';

/**
 * Signed URLs live for one to two of these windows. Every URL of one key made within a window is
 * the same, so a browser or a CDN caches it for everybody who may see it.
 */
export const MEDIA_URL_WINDOW_S = 2 * 60 * 60;

export type MediaSigner = {
  /**
   * The path to put in a reply: a protected key with `?e=<expiry>&s=<signature>` appended,
   * anything else (logos, avatars, article images) as it is.
   */
  sign(key: string): string;
  /**
   * Whether `key` may be served for the query `e` and `s`: always for an unprotected key; for a
   * protected one only with an unexpired signature of this very key.
   */
  allows(key: string, e: unknown, s: unknown): boolean;
  /** Seconds a served protected file may be cached: until its URL expires. */
  maxAgeS(e: unknown): number;
  /** The current signing window: every URL signed within it is the same (a cache key part). */
  window(): number;
};

export const isProtectedMediaKey = (key: string): boolean => key.startsWith(PROTECTED_MEDIA_PREFIX);

/**
 * HMAC-SHA256 over the key and the expiry, with a key of its own derived from the server secret,
 * cut to 22 base64url characters (132 bits). See docs/decisions/028-protected-media.md.
 */
export function createMediaSigner(secret: string, now: () => Date = () => new Date()): MediaSigner {
  const key = createHmac('sha256', secret).update('media-url').digest();
  const mac = (path: string, expiry: number) =>
    createHmac('sha256', key).update(`${path}\n${expiry}`).digest('base64url').slice(0, 22);
  const nowS = () => Math.floor(now().getTime() / 1000);
  const expiryOf = (e: unknown): number | null => (typeof e === 'string' && /^\d{1,12}$/.test(e) ? Number(e) : null);

  return {
    window: () => Math.floor(nowS() / MEDIA_URL_WINDOW_S),
    sign(path) {
      if (!isProtectedMediaKey(path)) return path;
      const expiry = (Math.floor(nowS() / MEDIA_URL_WINDOW_S) + 2) * MEDIA_URL_WINDOW_S;
      return `${path}?e=${expiry}&s=${mac(path, expiry)}`;
    },
    allows(path, e, s) {
      if (!isProtectedMediaKey(path)) return true;
      const expiry = expiryOf(e);
      if (expiry === null || typeof s !== 'string' || expiry <= nowS()) return false;
      const expected = Buffer.from(mac(path, expiry));
      const given = Buffer.from(s);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    maxAgeS(e) {
      const expiry = expiryOf(e);
      return expiry === null ? 0 : Math.max(0, expiry - nowS());
    },
  };
}
