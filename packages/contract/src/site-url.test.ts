import { describe, expect, it } from 'vitest';
import { AdminItemInputSchema, AdminItemUpdateSchema } from './admin';
import { ECHO_MAX } from './constants';
import { ManifestItemSchema } from './ingest';
import { SITE_URL_MAX, SiteUrlMessage, isSiteUrl } from './site-url';
import { SiteUrlSchema } from './site-url-schema';

/** Addresses that must never become a link, however they are written. */
const REFUSED = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\njavascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example',
  '//evil.example',
  '/relative/path',
  'evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'https://',
  'https:///path',
  'https://\\evil.example',
  'https://user:pass@evil.example',
  'https://user@evil.example',
  'https://:pass@evil.example',
  'https://good.example\t.evil',
  'https://good.example/a b',
  'https://good.example/\u0085',
  'http://[::1',
  `https://x.example/${'a'.repeat(SITE_URL_MAX)}`,
];

const ACCEPTED = [
  'https://skyhop.example',
  'http://skyhop.example',
  'HTTPS://SKYHOP.EXAMPLE/Path',
  'https://skyhop.example:8443/a/b?q=1&r=%20#frag',
  'https://例子.example/',
  'http://127.0.0.1:3000/',
  'https://[::1]/',
  'https://good.example/@evil',
  `https://x.example/${'a'.repeat(SITE_URL_MAX - 'https://x.example/'.length)}`,
];

describe('the site URL rule', () => {
  it('accepts absolute http(s) addresses only', () => {
    for (const value of REFUSED) expect(isSiteUrl(value), JSON.stringify(value)).toBe(false);
    for (const value of ACCEPTED) expect(isSiteUrl(value), value).toBe(true);
    expect(isSiteUrl('')).toBe(false);
    expect(isSiteUrl(undefined)).toBe(false);
    expect(isSiteUrl(42)).toBe(false);
  });

  it('as a schema: trimmed, empty for none, refused with one readable message short enough to be sent whole', () => {
    expect(SiteUrlSchema.parse('  https://skyhop.example \n')).toBe('https://skyhop.example');
    expect(SiteUrlSchema.parse('   ')).toBe('');
    const refused = SiteUrlSchema.safeParse(' \tjavascript:alert(1)');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([SiteUrlMessage]);
    // The server's 400 clips a message at twice ECHO_MAX.
    expect(SiteUrlMessage.length).toBeLessThanOrEqual(2 * ECHO_MAX);
  });

  it('is the rule of every way a site comes in: the console (create, edit) and the import manifest', () => {
    const item = { name: 'x', platform: true };
    const manifest = { key: 'x', kind: 'site', name: { en: 'x' } };
    for (const site of REFUSED) {
      expect(AdminItemInputSchema.safeParse({ ...item, site }).success, JSON.stringify(site)).toBe(false);
      expect(AdminItemUpdateSchema.safeParse({ site }).success, JSON.stringify(site)).toBe(false);
      expect(ManifestItemSchema.safeParse({ ...manifest, site }).success, JSON.stringify(site)).toBe(false);
    }
    for (const site of [...ACCEPTED, '']) {
      expect(AdminItemInputSchema.parse({ ...item, site }).site).toBe(site);
      expect(AdminItemUpdateSchema.parse({ site }).site).toBe(site);
      expect(ManifestItemSchema.parse({ ...manifest, site }).site).toBe(site);
    }
  });
});
