import { SCREEN_DARK_BELOW } from '@shotlib/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIST_CATEGORIES } from '../../seed/data/categories';
import type { ScreenSpec } from '../../seed/screens';
import { screenSvg } from '../../seed/screens';
import { makeTheme } from '../../seed/svg';
import { decodeImage } from '../media/media.service';
import { colorLuminance, hashDistance, meanLuminance, perceptualHash } from './screen-image';

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

describe('mean luminance (the light/dark filter, decision 056)', () => {
  it('reads a dark demo screen as dark and a light one as light, from the bytes or the decoded pixels', async () => {
    for (const screen of ['home', 'login', 'settings'] as const) {
      const dark = await png({ screen, theme: makeTheme(200, true) });
      const light = await png({ screen, theme: makeTheme(200, false) });
      const darkLuminance = await meanLuminance(dark);
      const lightLuminance = await meanLuminance(light);
      expect(darkLuminance, screen).toBeLessThan(SCREEN_DARK_BELOW);
      expect(darkLuminance, screen).toBeGreaterThan(0);
      expect(lightLuminance, screen).toBeGreaterThanOrEqual(SCREEN_DARK_BELOW);
      expect(lightLuminance, screen).toBeLessThan(1);
      expect(await meanLuminance(await decodeImage(dark))).toBeCloseTo(darkLuminance, 6);
    }
  });

  it('is WCAG\'s relative luminance: black 0, white 1, transparent read as drawn on white', async () => {
    const solid = (background: string, channels: 3 | 4 = 3) => sharp({ create: { width: 40, height: 80, channels, background } }).png().toBuffer();
    expect(await meanLuminance(await solid('#000000'))).toBe(0);
    expect(await meanLuminance(await solid('#ffffff'))).toBeCloseTo(1, 6);
    expect(await meanLuminance(await solid('#777777'))).toBeCloseTo(colorLuminance('#777777')!, 6);
    expect(await meanLuminance(await sharp({ create: { width: 40, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer())).toBeCloseTo(1, 6);
    expect(colorLuminance('#777777')).toBeCloseTo(0.1845, 4);
    expect(colorLuminance('#0f1013')).toBeLessThan(0.01);
    expect(colorLuminance('blue')).toBeNull();
    expect(colorLuminance(undefined)).toBeNull();
  });
});
