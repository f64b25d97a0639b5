import { API_PREFIX, IMAGE_WIDTHS, ReplyCode, type Preview } from '@shotlib/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfSignedPath, MEDIA_URL_WINDOW_S } from '../../lib/media-signature';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { call, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 28: one locked screen (the first of the second page of an app: no regular reader may open
 * it), walked through every URL shape /media can answer for it — the original, each variant width,
 * the stored variants' own paths, other spellings of the key, the proof in a query string — as a
 * visitor, a regular member, a lapsed subscriber and with another subscriber's URL after it expired:
 * never served. A subscriber with a fresh URL: served, original and every width. On the local store
 * and in an S3 bucket alike.
 */

const SCREENSHOT = await sharp({ create: { width: 1170, height: 2532, channels: 3, background: '#f4f1ea' } })
  .composite([{ input: Buffer.from('<svg width="1170" height="2532"><rect x="60" y="180" width="1050" height="420" rx="40" fill="#2f6fed"/></svg>'), top: 0, left: 0 }])
  .png()
  .toBuffer();

/** Every URL that names `key` without a valid proof, `proof` being a signed path's `_s…` segment (expired or not). */
function unprovenUrls(key: string, proof: string): string[] {
  const [e, s] = proof.slice(2).split('.') as [string, string];
  const upper = key.replace(/^shots/, 'SHOTS');
  const encoded = key.replace(/^s/, '%73').replaceAll('/', '%2F');
  return [
    `/media/${key}`,
    `/media/${upper}`,
    `/media/${encoded}`,
    `/media/${key}?e=${e}&s=${s}`,
    `/media/./${key}`,
    ...IMAGE_WIDTHS.flatMap((width) => [
      `/media/_w${width}/${key}`,
      `/media/_w${width}/${key}?e=${e}&s=${s}`,
      // The stored variant's own path, and a variant asked of it.
      `/media/variants/w${width}/${key}.webp`,
      `/media/VARIANTS/w${width}/${key}.webp`,
      `/media/${proof}/variants/w${width}/${key}.webp`,
      `/media/_w320/variants/w${width}/${key}.webp`,
      `/media/_w${width}/${proof}/variants/w${width}/${key}.webp`,
      `/media/${proof}/_w${width}/${key}`,
    ]),
  ];
}

/** The signed path and every variant of it, as a page of the subscriber would load them. */
const provenUrls = (signed: string): string[] => [`/media/${signed}`, ...IMAGE_WIDTHS.map((width) => `/media/_w${width}/${signed}`)];

describe.each([
  { store: 'local disk', s3: false },
  { store: 'S3 bucket', s3: true },
])('a locked screen on the $store', ({ s3: inBucket }) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    s3 = inBucket ? await startS3Server() : undefined;
    t = await createTestApp({ env: s3?.env ?? {}, services: { now: () => new Date(clock) } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** The second page of alpha's screens for a caller: its first screen is the locked one. */
  const secondPage = (token?: string) =>
    call<{ arr: Preview[] }>(t.app, { method: 'POST', url: `${API_PREFIX}/platform/app`, payload: { appSiteId: t.fixtures.alphaId, page: 2 }, token });

  const expectRefused = async (urls: string[], who: string) => {
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      // 403 for a missing or bad proof, 404 for what is no media of its own: never the image.
      expect([403, 404], `${who}: ${url} answered ${res.statusCode}`).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  };

  it('is served to a subscriber through a fresh URL, and through nothing else to anybody', async () => {
    const vip = await secondPage(t.fixtures.tokens.vip);
    expect(vip.body.code).toBe(0);
    const signed = vip.body.data.arr[0]!.path;
    const key = keyOfSignedPath(signed);
    const proof = signed.slice(0, signed.indexOf('/'));
    expect(key).toMatch(/^shots\/\d+\/\d+\.webp$/);
    await t.media.put(key, SCREENSHOT);

    // The subscriber: the original and every width, each cached no longer than the URL lives.
    for (const url of provenUrls(signed)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\//);
      const maxAge = Number(/^public, max-age=(\d+), must-revalidate$/.exec(String(res.headers['cache-control']))?.[1]);
      expect(maxAge, url).toBeGreaterThan(0);
      expect(maxAge, url).toBeLessThanOrEqual(2 * MEDIA_URL_WINDOW_S);
    }
    // Every variant now exists in the store: its own path must still need the proof.
    for (const width of IMAGE_WIDTHS) expect(await t.media.exists(`variants/w${width}/${key}.webp`), String(width)).toBe(true);

    // A visitor, a regular member and a lapsed subscriber: the API gives them no URL of it…
    for (const [who, token] of [
      ['visitor', undefined],
      ['member', t.fixtures.tokens.regular],
      ['lapsed', t.fixtures.tokens.lapsed],
    ] as const) {
      const page = await secondPage(token);
      expect(page.body.code, who).toBe(ReplyCode.vipRequired);
      expect(JSON.stringify(page.body), who).not.toContain(key);
      // …and no URL they can write reaches it.
      await expectRefused(unprovenUrls(key, proof), who);
    }

    // Past its expiry the subscriber's URL (leaked, or kept by a subscriber who then lapsed) is refused in every shape.
    clock += 2 * MEDIA_URL_WINDOW_S * 1000 + 1000;
    await expectRefused([...provenUrls(signed), ...unprovenUrls(key, proof)], 'expired URL');

    // A subscriber asking again gets a fresh URL, served.
    const fresh = (await secondPage(t.fixtures.tokens.vip)).body.data.arr[0]!.path;
    expect(fresh).not.toBe(signed);
    expect(keyOfSignedPath(fresh)).toBe(key);
    for (const url of provenUrls(fresh)) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});
