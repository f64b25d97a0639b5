import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_PREFIX, IMAGE_WIDTHS } from '@shotlib/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner, keyOfSignedPath, MEDIA_URL_WINDOW_S } from '../../lib/media-signature';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A 1000×1600 screenshot-like PNG with EXIF metadata, and a 200×300 one. */
const BIG = await sharp({ create: { width: 1000, height: 1600, channels: 3, background: '#3a7bd5' } })
  .composite([{ input: Buffer.from('<svg width="1000" height="1600"><rect x="80" y="120" width="840" height="300" rx="24" fill="#fff"/><circle cx="500" cy="900" r="220" fill="#f5a623"/></svg>'), top: 0, left: 0 }])
  .withExif({ IFD0: { Copyright: 'secret owner' } })
  .png()
  .toBuffer();
const SMALL = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#222' } }).png().toBuffer();

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.media.put('art/1/0.webp', Buffer.from('RIFF0000WEBPVP8 '));
  await t.media.put('logos/a.png', PNG);
  await t.media.put('logos/b.JPG', Buffer.from([0xff, 0xd8, 0xff]));
  await t.media.put('icons/c.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  await t.media.put('notes/readme.txt', Buffer.from('not an image'));
  await t.media.put('art/big.png', BIG);
  await t.media.put('art/small.png', SMALL);
});
afterAll(() => t.close());

describe('GET /media/*', () => {
  it('streams files with their type and a long immutable cache', async () => {
    const cases = [
      ['art/1/0.webp', 'image/webp'],
      ['logos/a.png', 'image/png'],
      ['logos/b.JPG', 'image/jpeg'],
      ['icons/c.svg', 'image/svg+xml'],
    ] as const;
    for (const [key, type] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const png = await t.app.inject({ method: 'GET', url: '/media/logos/a.png' });
    expect(png.rawPayload.equals(PNG)).toBe(true);
    expect(png.headers['content-length']).toBe(String(PNG.length));
  });

  it('keeps SVG scripts from running in our origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/icons/c.svg' });
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });

  it('answers 404 for unknown keys and non-image files', async () => {
    for (const url of ['/media/art/1/missing.webp', '/media/notes/readme.txt', '/media/', '/media/art']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not Found', data: null });
    }
  });

  it('refuses path traversal', async () => {
    // A real file one level above the media root: reachable only by escaping it.
    await writeFile(path.join(t.dataDir, 'secret.png'), PNG);
    for (const url of ['/media/../secret.png', '/media/%2e%2e/secret.png', '/media/art/%2e%2e/%2e%2e/secret.png', '/media/art/..%2f..%2fsecret.png', '/media//etc/x.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /media/_w{width}/*', () => {
  it('serves a WebP variant no wider than asked, smaller than the original, without metadata', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/_w320/art/big.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(BIG.length);
  });

  it('offers every width of IMAGE_WIDTHS and never enlarges', async () => {
    for (const width of IMAGE_WIDTHS) {
      const res = await t.app.inject({ method: 'GET', url: `/media/_w${width}/art/big.png` });
      expect(res.statusCode, String(width)).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(Math.min(width, 1000));
    }
    const small = await t.app.inject({ method: 'GET', url: '/media/_w640/art/small.png' });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(200);
  });

  it('makes a variant once and keeps it in the store, even when first asked for many times at once', async () => {
    const url = '/media/_w480/art/big.png';
    const replies = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url })));
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(replies[0]!.rawPayload)).toBe(true);
    }
    const dir = path.join(t.dataDir, 'media', 'variants', 'w480', 'art');
    // One file, no temp files left behind.
    expect(await readdir(dir)).toEqual(['big.png.webp']);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(replies[0]!.rawPayload)).toBe(true);
  });

  it('answers 404 for widths not offered, missing or broken originals and non-images', async () => {
    for (const url of [
      '/media/_w321/art/big.png',
      '/media/_w0/art/big.png',
      '/media/_w99999/art/big.png',
      '/media/_wabc/art/big.png',
      '/media/_w320/art/missing.png',
      '/media/_w320/art/1/0.webp', // not a decodable image
      '/media/_w320/notes/readme.txt',
      '/media/_w320/icons/c.svg',
      '/media/_w320/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not Found', data: null });
    }
  });

  it('refuses path traversal and variants of variants', async () => {
    await writeFile(path.join(t.dataDir, 'secret.png'), SMALL);
    await t.app.inject({ method: 'GET', url: '/media/_w160/art/big.png' });
    for (const url of [
      '/media/_w320/../secret.png',
      '/media/_w320/%2e%2e/secret.png',
      '/media/_w320/art/%2e%2e/%2e%2e/secret.png',
      '/media/_w320/art/..%2f..%2fsecret.png',
      '/media/_w320//etc/x.png',
      '/media/_w320/variants/w160/art/big.png.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('screenshots: only through a URL the API signed', () => {
  /** The path the API puts in a reply for this caller: signed, as a page would get it. */
  const signedPath = async (token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/platform/app`,
      payload: { appSiteId: t.fixtures.alphaId },
      headers: token ? { authorization: token } : {},
    });
    return (res.json() as { data: { arr: Array<{ path: string }> } }).data.arr[0]!.path;
  };

  beforeAll(async () => {
    // The fixture catalogue's screens point at shots/<item>/<n>.webp; give the first one a real file.
    await t.media.put(keyOfSignedPath(await signedPath()), BIG);
  });

  it('serves the original and every variant of a signed path, cached only until the URL expires', async () => {
    const signed = await signedPath();
    expect(signed).toMatch(/^_s\d+\.[\w-]{22}\/shots\/\d+\/\d+\.webp$/);
    for (const url of [`/media/${signed}`, `/media/_w320/${signed}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(MEDIA_URL_WINDOW_S - 5);
      expect(maxAge).toBeLessThanOrEqual(2 * MEDIA_URL_WINDOW_S);
    }
    // Everybody entitled gets the same URL within a window: one cache entry for a CDN.
    expect(await signedPath(t.fixtures.tokens.vip)).toBe(signed);
  });

  it('refuses a guessed, altered or expired URL with 403', async () => {
    const signed = await signedPath();
    const key = keyOfSignedPath(signed);
    const [, e, s] = /^_s(\d+)\.([\w-]+)\//.exec(signed)!.map(String) as [string, string, string];
    // The signature with its last character changed (to another one: a fixed 'A' would be no change when s ends in A).
    const altered = `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    const other = key.replace(/\/(\d+)\.webp$/, (_m, n: string) => `/${Number(n) + 1}.webp`);
    const forged = createMediaSigner('another-secret-another-secret-0123456789').sign(key);
    const expired = createMediaSigner(t.config.APP_SECRET!, () => new Date(Date.now() - 5 * MEDIA_URL_WINDOW_S * 1000)).sign(key);
    for (const url of [
      `/media/${key}`,
      `/media/_w320/${key}`,
      `/media/_s${e}.${s}/${other}`,
      `/media/_s${Number(e) + MEDIA_URL_WINDOW_S}.${s}/${key}`,
      `/media/_s${e}.${altered}/${key}`,
      `/media/_s${e}./${key}`,
      // The proof in a query string (the form of before issue 28) is no proof: a CDN may drop it.
      `/media/${key}?e=${e}&s=${s}`,
      `/media/${forged}`,
      `/media/${expired}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: 'Forbidden', data: null });
    }
  });

  it('keeps logos and other media public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/logos/a.png' })).statusCode).toBe(200);
  });
});
