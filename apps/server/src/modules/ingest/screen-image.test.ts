import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIST_CATEGORIES } from '../../seed/data/categories';
import type { ScreenSpec } from '../../seed/screens';
import { screenSvg } from '../../seed/screens';
import { makeTheme } from '../../seed/svg';
import { decodeImage } from '../media/media.service';
import { hashDistance, perceptualHash } from './screen-image';

/** A demo phone screen (390×844) as PNG bytes. */
const png = (overrides: Partial<ScreenSpec> = {}) =>
  sharp(
    Buffer.from(
      screenSvg({ device: 'phone', screen: 'home', theme: makeTheme(200, false), appName: 'Ledgerly', vocab: LIST_CATEGORIES[0].vocab, seed: 'phash', solidBar: true, ...overrides }),
    ),
  )
    .png()
    .toBuffer();

describe('perceptual hash (dHash, 64 bits)', () => {
  it('gives equal images the same hash, from the bytes or from the decoded pixels', async () => {
    const bytes = await png();
    const hash = await perceptualHash(bytes);
    expect(await perceptualHash(await png())).toBe(hash);
    expect(await perceptualHash(await decodeImage(bytes))).toBe(hash);
    expect(hash).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(hash).toBeLessThan(2n ** 63n);
  });

  it('moves a few bits for a slightly changed image, many for another layout', async () => {
    const hash = await perceptualHash(await png());
    const renamed = await perceptualHash(await png({ appName: 'Coinpath' }));
    const resized = await perceptualHash(await sharp(await png()).resize(300).jpeg({ quality: 70 }).toBuffer());
    const otherLayout = await perceptualHash(await png({ screen: 'login' }));
    const otherContent = await perceptualHash(await png({ screen: 'settings', seed: 'other' }));
    expect(hashDistance(hash, renamed)).toBeLessThanOrEqual(6);
    expect(hashDistance(hash, resized)).toBeLessThanOrEqual(6);
    expect(hashDistance(hash, otherLayout)).toBeGreaterThanOrEqual(16);
    expect(hashDistance(hash, otherContent)).toBeGreaterThanOrEqual(16);
  });

  it('counts differing bits over all 64, the sign bit included', () => {
    expect(hashDistance(0n, 0n)).toBe(0);
    expect(hashDistance(-1n, 0n)).toBe(64);
    expect(hashDistance(-(2n ** 63n), 0n)).toBe(1);
    expect(hashDistance(0b1011n, 0b0001n)).toBe(2);
  });
});
