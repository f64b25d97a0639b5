/**
 * The one rule for an item's site URL (issue 28, docs/decisions/048-one-url-rule-and-import-folder.md),
 * whichever way it comes in — the console's item forms and calls, the import manifest — and checked
 * again where the web app renders the link: an absolute `http://` or `https://` address as the
 * WHATWG URL parser (the browser's) reads it, with a host, no user name or password, no white space
 * or control characters anywhere, at most SITE_URL_MAX characters. Nothing else becomes a link:
 * not `javascript:`, `data:`, `vbscript:` or `file:` in any case or behind leading blanks, not a
 * protocol-relative `//host`, not `https:host`.
 *
 * No zod here: the web's first view links a card's site through `isSiteUrl`, and a schema defined in a module the
 * first view loads is built as that module loads (decision 035). The schema is in site-url-schema.ts.
 */

/** The WHATWG URL parser, global in browsers and in Node (the contract names neither platform's types). */
declare const URL: new (input: string) => { protocol: string; hostname: string; username: string; password: string };

/** The longest site URL kept. */
export const SITE_URL_MAX = 2000;

/** Why a site URL was refused (the server's 400 and the import's problem line). */
export const SiteUrlMessage = `expected an absolute http:// or https:// address without a user name or password, at most ${SITE_URL_MAX} characters (or nothing)`;

/**
 * The scheme, `//` and the start of a host as written: the parser would also read `https:host`,
 * `https:\\host` or `https:///host` as https.
 */
const HTTP_PREFIX = /^https?:\/\/[^/\\]/i;
/** White space and control characters: the parser drops or encodes them, so what is stored is not what is followed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

/** The parts of `value` as the browser reads them, or null when it is no URL. */
function parseUrl(value: string): { protocol: string; hostname: string; username: string; password: string } | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** True when `value` is a site URL the catalogue may link to (the empty string is not). */
export function isSiteUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > SITE_URL_MAX) return false;
  if (!HTTP_PREFIX.test(value) || BLANK_OR_CONTROL.test(value)) return false;
  const url = parseUrl(value);
  if (!url) return false;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}
