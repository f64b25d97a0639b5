import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { API_PREFIX, ReplyCode } from '@shotlib/contract';
import { ADMIN_PATH, type AdminItem } from '@shotlib/contract/admin';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfSignedPath } from '../../lib/media-signature';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { call, createTestApp, multipart, type TestApp } from '../../test/test-app';
import { deleteWithVariants } from './image-variants';

/**
 * The whole app over media in a real S3-protocol server (s3rver on loopback), configured only by
 * the S3_* variables: uploads land in the bucket, /media serves them back, screenshots keep
 * needing a signed URL, and variants are rendered from the bucket's originals into the bucket.
 */
let s3: TestS3Server;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: s3.env });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** A 1170×2532 phone screenshot (WebP, as the pipeline stores them). */
const SCREENSHOT = await sharp({ create: { width: 1170, height: 2532, channels: 3, background: '#f4f1ea' } })
  .composite([{ input: Buffer.from('<svg width="1170" height="2532"><rect x="60" y="180" width="1050" height="420" rx="40" fill="#2f6fed"/></svg>'), top: 0, left: 0 }])
  .webp()
  .toBuffer();

/** Files under DATA_DIR/media (none when the media are in the bucket). */
async function localMediaFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, 'media'), { recursive: true });
  } catch {
    return [];
  }
}

describe('media in an S3 bucket', () => {
  it('stores an admin logo upload in the bucket and serves it back through /media', async () => {
    const id = t.fixtures.appIds[3]!;
    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#e4572e' } }).png().toBuffer();
    const form = await multipart({ file: { data: png, name: 'logo.png', type: 'image/png' } });
    const reply = await call<AdminItem>(t.app, { method: 'POST', url: `${API_PREFIX}${ADMIN_PATH}/items/${id}/logo`, token: t.fixtures.tokens.admin, ...form });
    expect(reply.status).toBe(200);
    const logo = reply.body.data.logo;
    expect(logo).toMatch(/^logos\/[0-9a-f]{64}\.webp$/);

    // In the bucket, as a WebP, and nowhere on disk.
    expect(await s3.keys()).toContain(logo);
    const stored = await s3.object(logo);
    expect(stored!.type).toBe('image/webp');
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
    expect(await localMediaFiles()).toEqual([]);

    // Public: served by /media to anybody, the same bytes, cached for a year.
    const served = await t.app.inject({ method: 'GET', url: `/media/${logo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-length']).toBe(String(stored!.body.length));
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored!.body)).toBe(true);
  });

  it('answers 404 for a key the bucket does not hold', async () => {
    for (const url of ['/media/logos/missing.webp', '/media/_w320/logos/missing.webp']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not Found', data: null });
    }
  });

  describe('a screenshot past the paywall', () => {
    /** Page 3 of the fixture app Alpha's screens: past the free first page, for a vip only. */
    const page3 = (token: string) =>
      call<{ arr: Array<{ path: string }> } | null>(t.app, { method: 'POST', url: `${API_PREFIX}/platform/app`, payload: { appSiteId: t.fixtures.alphaId, page: 3 }, token });
    /** The signed path the API gives a vip for the first screen of page 3. */
    const signedPath = async () => (await page3(t.fixtures.tokens.vip)).body.data!.arr[0]!.path;

    it('is listed, so signed, only for a vip', async () => {
      expect((await page3(t.fixtures.tokens.vip)).body.data!.arr.length).toBeGreaterThan(0);
      const regular = await page3(t.fixtures.tokens.regular);
      expect(regular.body).toMatchObject({ code: ReplyCode.vipRequired, data: null });
    });

    beforeAll(async () => {
      // The catalogue's screen points at shots/<item>/<n>.webp: put its file in the bucket.
      await t.media.put(keyOfSignedPath(await signedPath()), SCREENSHOT);
    });

    it('is served from the bucket with the signed URL the API gave, and refused without it', async () => {
      const signed = await signedPath();
      const key = keyOfSignedPath(signed);
      expect(await s3.keys()).toContain(key);

      const res = await t.app.inject({ method: 'GET', url: `/media/${signed}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.equals(SCREENSHOT)).toBe(true);
      expect(String(res.headers['cache-control'])).toMatch(/^public, max-age=\d+, must-revalidate$/);

      for (const url of [`/media/${key}`, `/media/${signed.replace(/\.([\w-])/, (_m, c: string) => (c === 'A' ? '.B' : '.A'))}`, `/media/_w320/${key}`]) {
        const refused = await t.app.inject({ method: 'GET', url });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ code: 403, message: 'Forbidden', data: null });
      }
    });

    it('has its variants rendered from the bucket original and kept in the bucket', async () => {
      const signed = await signedPath();
      const key = keyOfSignedPath(signed);
      const res = await t.app.inject({ method: 'GET', url: `/media/_w320/${signed}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: Math.round((2532 * 320) / 1170) });

      const variant = `variants/w320/${key}.webp`;
      expect(await s3.keys()).toContain(variant);
      expect((await s3.object(variant))!.body.equals(res.rawPayload)).toBe(true);
      // Served again from the bucket, the same bytes.
      const again = await t.app.inject({ method: 'GET', url: `/media/_w320/${signed}` });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
      expect(await localMediaFiles()).toEqual([]);
    });

    it('is gone from the bucket with its variants once deleted', async () => {
      const signed = await signedPath();
      const key = keyOfSignedPath(signed);
      await deleteWithVariants(t.media, key);
      expect((await s3.keys()).filter((stored) => stored.includes(key))).toEqual([]);
      for (const url of [`/media/${signed}`, `/media/_w320/${signed}`]) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    });
  });
});

describe('a bucket that refuses the server', () => {
  it('makes /media answer 500, never "not found", and logs why without the secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const secret = 'not-the-bucket-secret-0123456789';
    const refused = await createTestApp({ env: { ...s3.env, S3_SECRET_ACCESS_KEY: secret }, logger: { level: 'error', stream } });
    try {
      for (const url of ['/media/logos/any.webp', '/media/_w320/logos/any.webp']) {
        const res = await refused.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(500);
        expect(res.json()).toEqual({ code: ReplyCode.internal, message: 'Internal Server Error', data: null });
      }
      const log = lines.join('');
      expect(log).toContain('SignatureDoesNotMatch');
      expect(log).not.toContain(secret);
    } finally {
      await refused.close();
    }
  });
});
