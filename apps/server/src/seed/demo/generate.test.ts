import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestSchema } from '@shotlib/contract/ingest';
import { screenSvg } from '../screens';
import { sitePageSvg } from '../site-page';
import { PHONE_SIZE, generateDemo } from './generate';
import { hasChineseFont } from './fonts';
import type { DemoItem } from './plan';
import { CHINESE_MARKET, planDemo } from './plan';

/** A 256-bit difference hash: a 17×16 grey thumbnail, one bit per pair of horizontal neighbours. */
async function dhash(input: Buffer | string): Promise<Uint8Array> {
  const { data } = await sharp(input).greyscale().resize(17, 16, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const bits = new Uint8Array(256);
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) bits[y * 16 + x] = data[y * 17 + x] > data[y * 17 + x + 1] ? 1 : 0;
  return bits;
}

const distance = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, bit, i) => sum + (bit === b[i] ? 0 : 1), 0);
/** Two pictures closer than this (of 256 bits) are near-duplicates. */
const NEAR = 24;

const specOf = (item: DemoItem, n: number) => {
  const screen = item.screens[n];
  return {
    screen: screen.kind,
    theme: item.plan.theme,
    appName: item.displayName,
    vocab: item.copy.vocab,
    copy: item.copy,
    variant: screen.variant,
    seed: `demo:${item.key}:${screen.kind}:${screen.variant}`,
    solidBar: item.plan.solidBar,
  };
};
/** A phone screen drawn small (cheap), for comparisons over many screens. */
const thumb = (item: DemoItem, n: number) => Buffer.from(screenSvg({ ...specOf(item, n), device: 'phone' }, { width: 195, height: 422 }));

const KEYS = ['ledgerly', 'coinpath', 'taxnest'];

describe('demo generator', () => {
  let out = '';
  let summary: Awaited<ReturnType<typeof generateDemo>>;

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'shotlib-demo-'));
    summary = await generateDemo({ out, keys: KEYS, compressionLevel: 1 });
  }, 120_000);
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('writes a manifest the importer accepts, naming files that exist at their sizes', async () => {
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')));
    expect(manifest.items.map((i) => i.key)).toEqual(KEYS);
    expect(manifest.categories.filter((c) => c.tree === 'screen')).toHaveLength(12);
    expect(manifest.categories.every((c) => c.name.zhCN && c.name.zhTW)).toBe(true);
    expect(summary.screens).toBe(manifest.items.reduce((n, i) => n + i.screens.length, 0));
    for (const item of manifest.items) {
      expect(item.screens.length, item.key).toBeGreaterThan(10);
      expect(item.name.zhCN && item.name.zhTW && item.briefing?.zhCN, item.key).toBeTruthy();
      expect(existsSync(path.join(out, item.logo ?? '')), item.key).toBe(true);
      for (const screen of item.screens) {
        const meta = await sharp(path.join(out, screen.file)).metadata();
        if (item.kind === 'app') expect([screen.file, meta.width, meta.height]).toEqual([screen.file, PHONE_SIZE.width, PHONE_SIZE.height]);
        else {
          expect(meta.width, screen.file).toBe(1440);
          expect(meta.height, screen.file).toBeGreaterThanOrEqual(1800);
          expect(meta.height, screen.file).toBeLessThanOrEqual(4700);
        }
      }
    }
  });

  it('writes no two near-duplicate screens within an app or website', async () => {
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')));
    for (const item of manifest.items) {
      const hashes = await Promise.all(item.screens.map((s) => dhash(path.join(out, s.file))));
      for (let i = 0; i < hashes.length; i++)
        for (let j = i + 1; j < hashes.length; j++) {
          expect(distance(hashes[i], hashes[j]), `${item.screens[i].file} ~ ${item.screens[j].file}`).toBeGreaterThan(NEAR);
        }
    }
  });

  it('draws text: a screen differs clearly from the same screen without its text', async () => {
    const item = planDemo({ chinese: hasChineseFont() }).find((i) => i.key === 'coinpath');
    if (!item) throw new Error('coinpath');
    for (let n = 0; n < item.screens.length; n++) {
      const svg = screenSvg({ ...specOf(item, n), device: 'phone' }, { width: 390, height: 844 });
      const blank = svg.replace(/<text[^>]*>[^<]*<\/text>/g, '');
      const [a, b] = await Promise.all([svg, blank].map((s) => sharp(Buffer.from(s)).greyscale().raw().toBuffer()));
      let changed = 0;
      for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 48) changed++;
      // A screen of real copy inks a few per cent of its pixels with text.
      expect(changed / a.length, item.screens[n].kind).toBeGreaterThan(0.015);
    }
  });
});

describe('demo plan', () => {
  const items = planDemo({ chinese: true });

  it('covers every demo item with 12 to 14 screens per app and 11 or 12 pages per site, the kinds in order', () => {
    expect(items).toHaveLength(96);
    for (const item of items) {
      const [min, max] = item.kind === 'app' ? [12, 14] : [11, 12];
      expect(item.screens.length, item.key).toBeGreaterThanOrEqual(min);
      expect(item.screens.length, item.key).toBeLessThanOrEqual(max);
      const seen = new Set(item.screens.map((s) => `${s.kind}:${s.variant}`));
      expect(seen.size, item.key).toBe(item.screens.length);
    }
  });

  it('opens neighbouring apps on different covers, none a near-duplicate of the next five', async () => {
    const apps = items.filter((i) => i.kind === 'app').slice(0, 12);
    const hashes = await Promise.all(apps.map((item) => dhash(thumb(item, 0))));
    for (let i = 0; i < apps.length; i++)
      for (let j = i + 1; j < Math.min(apps.length, i + 6); j++) {
        expect(apps[i].screens[0].kind).not.toBe(apps[j].screens[0].kind);
        expect(distance(hashes[i], hashes[j]), `${apps[i].key} ~ ${apps[j].key}`).toBeGreaterThan(NEAR);
      }
  });

  it('has no near-duplicate screens in any app (drawn small)', async () => {
    for (const item of items.filter((i) => i.kind === 'app').slice(0, 16)) {
      const hashes = await Promise.all(item.screens.map((_, n) => dhash(thumb(item, n))));
      for (let i = 0; i < hashes.length; i++)
        for (let j = i + 1; j < hashes.length; j++) {
          const pair = `${item.key}: ${item.screens[i].kind}/${item.screens[i].variant} ~ ${item.screens[j].kind}/${item.screens[j].variant}`;
          expect(distance(hashes[i], hashes[j]), pair).toBeGreaterThan(NEAR);
        }
    }
  }, 60_000);

  it('draws the Chinese-market items in Chinese, every interface string translated', () => {
    const chinese = items.filter((i) => i.lang === 'zh');
    expect(chinese.map((i) => i.plan.name).sort()).toEqual([...CHINESE_MARKET].sort());
    for (const item of chinese) {
      expect(item.displayName).toBe(item.plan.chinese?.cn[0]);
      item.screens.forEach((_, n) => {
        const spec = specOf(item, n);
        const svg = item.kind === 'app' ? screenSvg({ ...spec, device: 'phone' }) : sitePageSvg(spec).svg;
        for (const [, content] of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) {
          // Figures, units, e-mail addresses and a borrowed word (f/1.8, 4K, Cookie) may stay Latin; words may not.
          expect(content.replace(/Cookie|\S+@\S+/g, ''), `${item.key} ${item.screens[n].kind}`).not.toMatch(/[A-Za-z]{3,}/);
        }
      });
    }
    expect(planDemo({ chinese: false }).every((i) => i.lang === 'en')).toBe(true);
  });

  it('keeps every line of text inside the page width', () => {
    for (const item of items.filter((i) => i.kind === 'site').slice(0, 8)) {
      item.screens.forEach((_, n) => {
        const { svg } = sitePageSvg(specOf(item, n));
        for (const [, x] of svg.matchAll(/<text x="([\d.]+)"/g)) expect(Number(x)).toBeLessThanOrEqual(1440);
      });
    }
  });
});
