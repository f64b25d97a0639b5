import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIST_CATEGORIES, SCREEN_CATEGORIES } from './data/categories';
import { pickScreens } from './demo-plan';
import { COVER_SIZE, LOGO_SIZE, coverSvg, encodeWebp, logoSvg } from './images';
import { createRng } from './prng';
import type { Device, ScreenSpec } from './screens';
import { SCREEN_SIZE, screenSvg } from './screens';
import { makeTheme } from './svg';

const spec = (device: Device, screen: ScreenSpec['screen'], seed = 's'): ScreenSpec => ({
  device,
  screen,
  theme: makeTheme(200, false),
  appName: 'Ledgerly',
  vocab: LIST_CATEGORIES[0].vocab,
  seed,
  solidBar: true,
});

describe('mock screens', () => {
  it('renders every screen kind on a phone and a desktop at the stored size', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      for (const { key } of SCREEN_CATEGORIES) {
        const meta = await sharp(await encodeWebp(screenSvg(spec(device, key)))).metadata();
        expect([key, meta.format, meta.width, meta.height]).toEqual([key, 'webp', SCREEN_SIZE[device].width, SCREEN_SIZE[device].height]);
      }
    }
  });

  it('draws the same picture from the same seed and a different one from another seed, kind or app', () => {
    const base = screenSvg(spec('phone', 'home'));
    expect(screenSvg(spec('phone', 'home'))).toBe(base);
    expect(screenSvg(spec('phone', 'home', 'other'))).not.toBe(base);
    expect(screenSvg(spec('phone', 'search'))).not.toBe(base);
    expect(screenSvg({ ...spec('phone', 'home'), appName: 'Wanderpost', theme: makeTheme(20, false) })).not.toBe(base);
  });

  it('writes the app name on every screen, in Latin text only', () => {
    for (const [device, { key }] of (['phone', 'desktop'] as const).flatMap((d) => SCREEN_CATEGORIES.map((c) => [d, c] as const))) {
      const svg = screenSvg({ ...spec(device, key), appName: 'Tallybird' });
      expect(svg, `${device} ${key}`).toContain('>Tallybird</text>');
      // Text nodes hold ASCII plus typographic marks DejaVu Sans has (bullets of password fields, middle dots, the ellipsis of cut lines).
      for (const [, content] of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) expect(content).toMatch(/^[\x20-\x7e\u2022\u00b7\u2026]*$/);
    }
  });

  it('draws logos and article covers at their sizes', async () => {
    const logo = await sharp(await encodeWebp(logoSvg('Ledgerly', makeTheme(10, false), 1))).metadata();
    expect([logo.width, logo.height]).toEqual([LOGO_SIZE, LOGO_SIZE]);
    const cover = await sharp(
      await encodeWebp(
        coverSvg({
          title: 'Empty states are a first impression',
          label: 'Insights',
          theme: makeTheme(160, false),
          appName: 'Ledgerly',
          vocab: LIST_CATEGORIES[0].vocab,
          screens: ['empty', 'search'],
          seed: 'c',
        }),
      ),
    ).metadata();
    expect([cover.width, cover.height]).toEqual([COVER_SIZE.width, COVER_SIZE.height]);
  });
});

describe('pickScreens', () => {
  it('returns the requested count in flow order, starting with the entry screens', () => {
    for (let i = 0; i < 20; i++) {
      const count = 10 + i;
      const screens = pickScreens(createRng(`p${i}`), count, false);
      expect(screens).toHaveLength(count);
      expect(screens[0]).toBe('onboarding');
      expect(screens).toContain('login');
      expect(screens).toContain('home');
      expect(new Set(screens).size).toBeGreaterThanOrEqual(7);
    }
  });
});
