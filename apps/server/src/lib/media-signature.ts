import { createHmac, timingSafeEqual } from 'node:crypto';

/** Media keys that are screenshots: served only through a URL the API signed for an entitled caller. */
export const PROTECTED_MEDIA_PREFIX = 'shots/';

/**
 * Signed URLs live for one to two of these windows. Every URL of one key made within a window is
 * the same, so a browser or a CDN caches it for everybody who may see it.
 */
export const MEDIA_URL_WINDOW_S = 2 * 60 * 60;

/**
 * A signed path is `_s<expiry>.<signature>/<key>`: the proof is a segment of the path, never a query
 * string, so no cache in front of /media (a CDN told to ignore query strings, CloudFront's default
 * policy among them) can keep a screenshot under a URL that lacks it (decision 028, issue 28).
 */
const SIGNED_PATH = /^_s(\d{1,12})\.([A-Za-z0-9_-]{22})\/(.+)$/;

/** What /media may serve for a path: the store key, and how long it may be cached when it was signed. */
export type MediaGrant = { key: string; maxAgeS?: number };

export type MediaSigner = {
  /** The path to put in a reply: a protected key as a signed path, anything else (logos, avatars, article images) as it is. */
  sign(key: string): string;
  /**
   * The key a requested path (`_w<width>/` already taken off) may be served as: an unprotected key
   * as it is; a protected key only through an unexpired signature of that very key. Null: refused
   * (a protected key unsigned, a signature expired, altered or of another key, a signed unprotected key).
   */
  grant(path: string): MediaGrant | null;
  /** The current signing window: every URL signed within it is the same (a cache key part). */
  window(): number;
};

/** Screenshots, whatever the case of the prefix (a store on a case-insensitive disk would find them). */
export const isProtectedMediaKey = (key: string): boolean => key.toLowerCase().startsWith(PROTECTED_MEDIA_PREFIX);

/**
 * HMAC-SHA256 over the key and the expiry, with a key of its own derived from the server secret,
 * cut to 22 base64url characters (132 bits). See docs/decisions/028-protected-media.md.
 */
export function createMediaSigner(secret: string, now: () => Date = () => new Date()): MediaSigner {
  const key = createHmac('sha256', secret).update('media-url').digest();
  const mac = (path: string, expiry: number) =>
    createHmac('sha256', key).update(`${path}\n${expiry}`).digest('base64url').slice(0, 22);
  const nowS = () => Math.floor(now().getTime() / 1000);

  return {
    window: () => Math.floor(nowS() / MEDIA_URL_WINDOW_S),
    sign(path) {
      if (!isProtectedMediaKey(path)) return path;
      const expiry = (Math.floor(nowS() / MEDIA_URL_WINDOW_S) + 2) * MEDIA_URL_WINDOW_S;
      return `_s${expiry}.${mac(path, expiry)}/${path}`;
    },
    grant(path) {
      const signed = SIGNED_PATH.exec(path);
      // A malformed proof is a refused proof (keys never start with `_`), not a key of its own.
      if (!signed) return isProtectedMediaKey(path) || path.startsWith('_s') ? null : { key: path };
      const [, e, s, target] = signed as unknown as [string, string, string, string];
      const expiry = Number(e);
      const left = expiry - nowS();
      if (!isProtectedMediaKey(target) || left <= 0) return null;
      const expected = Buffer.from(mac(target, expiry));
      const given = Buffer.from(s);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { key: target, maxAgeS: left };
    },
  };
}

/** The store key of a path as a reply gives it: a signed path without its `_s…/` segment, anything else as it is. */
export const keyOfSignedPath = (path: string): string => SIGNED_PATH.exec(path)?.[3] ?? path;
