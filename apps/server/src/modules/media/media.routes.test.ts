import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@shotlib/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  await t.media.put('shots/1/0.webp', Buffer.from('RIFF0000WEBPVP8 '));
  await t.media.put('logos/a.png', PNG);
  await t.media.put('logos/b.JPG', Buffer.from([0xff, 0xd8, 0xff]));
  await t.media.put('icons/c.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  await t.media.put('notes/readme.txt', Buffer.from('not an image'));
  await t.media.put('shots/big.png', BIG);
  await t.media.put('shots/small.png', SMALL);
});
afterAll(() => t.close());

describe('GET /media/*', () => {
  it('streams files with their type and a long immutable cache', async () => {
    const cases = [
      ['shots/1/0.webp', 'image/webp'],
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
    for (const url of ['/media/shots/1/missing.webp', '/media/notes/readme.txt', '/media/', '/media/shots']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not Found', data: null });
    }
  });

  it('refuses path traversal', async () => {
    // A real file one level above the media root: reachable only by escaping it.
    await writeFile(path.join(t.dataDir, 'secret.png'), PNG);
    for (const url of ['/media/../secret.png', '/media/%2e%2e/secret.png', '/media/shots/%2e%2e/%2e%2e/secret.png', '/media/shots/..%2f..%2fsecret.png', '/media//etc/x.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /media/_w{width}/*', () => {
  it('serves a WebP variant no wider than asked, smaller than the original, without metadata', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/_w320/shots/big.png' });
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
      const res = await t.app.inject({ method: 'GET', url: `/media/_w${width}/shots/big.png` });
      expect(res.statusCode, String(width)).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(Math.min(width, 1000));
    }
    const small = await t.app.inject({ method: 'GET', url: '/media/_w640/shots/small.png' });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(200);
  });

  it('makes a variant once and keeps it in the store, even when first asked for many times at once', async () => {
    const url = '/media/_w480/shots/big.png';
    const replies = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url })));
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(replies[0]!.rawPayload)).toBe(true);
    }
    const dir = path.join(t.dataDir, 'media', 'variants', 'w480', 'shots');
    // One file, no temp files left behind.
    expect(await readdir(dir)).toEqual(['big.png.webp']);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(replies[0]!.rawPayload)).toBe(true);
  });

  it('answers 404 for widths not offered, missing or broken originals and non-images', async () => {
    for (const url of [
      '/media/_w321/shots/big.png',
      '/media/_w0/shots/big.png',
      '/media/_w99999/shots/big.png',
      '/media/_wabc/shots/big.png',
      '/media/_w320/shots/missing.png',
      '/media/_w320/shots/1/0.webp', // not a decodable image
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
    await t.app.inject({ method: 'GET', url: '/media/_w160/shots/big.png' });
    for (const url of [
      '/media/_w320/../secret.png',
      '/media/_w320/%2e%2e/secret.png',
      '/media/_w320/shots/%2e%2e/%2e%2e/secret.png',
      '/media/_w320/shots/..%2f..%2fsecret.png',
      '/media/_w320//etc/x.png',
      '/media/_w320/variants/w160/shots/big.png.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
