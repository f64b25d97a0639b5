import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestSchema } from '@shotlib/contract/ingest';
import { BUSINESS_CATEGORIES, BUSINESS_PRODUCTS, FLOW_TYPES } from '../data/business';
import { ELEMENT_CATEGORIES, LIST_CATEGORIES, PAYWALL_SCREEN_CATEGORY } from '../data/categories';
import { detectOcr } from '../../modules/ingest/ingest.service';
import { PROMO_CODE } from '../screens';
import { BUSINESS_SIZE } from '../business-screens';
import { GENERATOR_VERSION, PHONE_SIZE, drawScreen, generateDemo, manifestOf } from './generate';
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

/** A screen drawn small (cheap: phone screens at 195×422), for comparisons over many screens. */
const thumb = (item: DemoItem, n: number) => Buffer.from(drawScreen(item, item.screens[n], { width: 195, height: 422 }));
/** The SVG of a screen at its layout size (phone screens at 390×844). */
const svgOf = (item: DemoItem, n: number) => drawScreen(item, item.screens[n], { width: 390, height: 844 });

/** An app with flows, a website, business web software (Chinese market) and a business phone app. */
const KEYS = ['ledgerly', 'coinpath', 'taxnest', 'kelaiyun', 'pagerly'];
const PHONE_KINDS: readonly string[] = ['app', 'business-app'];

describe('demo generator', () => {
  let out = '';
  let summary: Awaited<ReturnType<typeof generateDemo>>;

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'shotlib-demo-'));
    summary = await generateDemo({ out, keys: KEYS, compressionLevel: 1 });
  }, 240_000);
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('writes a manifest the importer accepts, naming files that exist at their sizes', async () => {
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')));
    expect(manifest.items.map((i) => i.key)).toEqual(KEYS);
    expect(manifest.categories.filter((c) => c.tree === 'screen')).toHaveLength(13);
    expect(manifest.categories.filter((c) => c.tree === 'element').map((c) => c.name.en)).toEqual(ELEMENT_CATEGORIES.map((c) => c.nameEn));
    expect(manifest.categories.filter((c) => c.tree === 'business')).toHaveLength(BUSINESS_CATEGORIES.length);
    expect(manifest.categories.filter((c) => c.tree === 'flow')).toHaveLength(FLOW_TYPES.length);
    expect(manifest.categories.every((c) => c.name.zhCN && c.name.zhTW)).toBe(true);
    expect(manifest.items.map((i) => i.kind)).toEqual(['app', 'app', 'site', 'business', 'business-app']);
    expect(summary.screens).toBe(manifest.items.reduce((n, i) => n + i.screens.length, 0));
    expect(summary.flows).toBe(manifest.items.reduce((n, i) => n + i.flows.length, 0));
    const businessNames = new Set(BUSINESS_CATEGORIES.map((c) => c.nameEn));
    const flowTypes = new Set(FLOW_TYPES.map((c) => c.nameEn));
    for (const item of manifest.items) {
      expect(item.screens.length, item.key).toBeGreaterThan(item.kind === 'business' ? 7 : 10);
      expect(item.name.zhCN && item.name.zhTW && item.briefing?.zhCN, item.key).toBeTruthy();
      expect(existsSync(path.join(out, item.logo ?? '')), item.key).toBe(true);
      if (item.kind.startsWith('business')) expect(item.categories.every((c) => businessNames.has(c)), item.key).toBe(true);
      const files = new Set(item.screens.map((s) => s.file));
      for (const flow of item.flows) {
        expect(flowTypes.has(flow.type), flow.key).toBe(true);
        expect(flow.steps.every((s) => files.has(s.file)), `${item.key} ${flow.key}`).toBe(true);
      }
      for (const screen of item.screens) {
        const meta = await sharp(path.join(out, screen.file)).metadata();
        if (PHONE_KINDS.includes(item.kind)) expect([screen.file, meta.width, meta.height]).toEqual([screen.file, PHONE_SIZE.width, PHONE_SIZE.height]);
        else if (item.kind === 'business') expect([screen.file, meta.width, meta.height]).toEqual([screen.file, BUSINESS_SIZE.width, BUSINESS_SIZE.height]);
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
      const svg = svgOf(item, n);
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

  it('covers every demo item: 12 to 17 screens per app (flows add their screens), 11 or 12 pages per site, 8 to 15 business screens', () => {
    expect(items).toHaveLength(96 + BUSINESS_PRODUCTS.length);
    const ranges: Record<DemoItem['kind'], [number, number]> = { app: [12, 17], site: [11, 12], business: [8, 15], 'business-app': [11, 14] };
    for (const item of items) {
      const [min, max] = ranges[item.kind];
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

  it('has no near-duplicate screens in any app or business product (drawn small)', async () => {
    const apps = items.filter((i) => i.kind === 'app' && i.flows.length > 0).slice(0, 10);
    const business = [...items.filter((i) => i.kind === 'business').slice(0, 5), ...items.filter((i) => i.kind === 'business-app').slice(0, 2)];
    for (const item of [...apps, ...business]) {
      const hashes = await Promise.all(item.screens.map((_, n) => dhash(thumb(item, n))));
      for (let i = 0; i < hashes.length; i++)
        for (let j = i + 1; j < hashes.length; j++) {
          const pair = `${item.key}: ${item.screens[i].kind}/${item.screens[i].variant} ~ ${item.screens[j].kind}/${item.screens[j].variant}`;
          expect(distance(hashes[i], hashes[j]), pair).toBeGreaterThan(NEAR);
        }
    }
  }, 120_000);

  it('draws the Chinese-market items in Chinese, every interface string translated', () => {
    const chinese = items.filter((i) => i.lang === 'zh');
    expect(chinese.filter((i) => i.kind === 'app' || i.kind === 'site').map((i) => i.plan.name).sort()).toEqual([...CHINESE_MARKET].sort());
    expect(chinese.filter((i) => i.kind.startsWith('business')).map((i) => i.plan.name).sort()).toEqual(
      BUSINESS_PRODUCTS.filter((p) => p.chineseMarket).map((p) => p.name).sort(),
    );
    for (const item of chinese) {
      expect(item.displayName).toBe(item.plan.chinese?.cn[0]);
      item.screens.forEach((_, n) => {
        for (const [, content] of svgOf(item, n).matchAll(/<text[^>]*>([^<]*)<\/text>/g)) {
          // Figures, units, e-mail addresses, record numbers (PO-2291), acronyms (CSV, ERP, CPU),
          // borrowed words (Cookie, Excel) and the promo code may stay Latin; words may not.
          const latin = new RegExp(`Cookie|Excel|xlsx|\\S+@\\S+|\\b[A-Z]{2,4}\\b|[A-Z]+-\\d+|${PROMO_CODE}`, 'g');
          expect(content.replace(latin, ''), `${item.key} ${item.screens[n].kind}`).not.toMatch(/[A-Za-z]{3,}/);
        }
      });
    }
    expect(planDemo({ chinese: false }).every((i) => i.lang === 'en')).toBe(true);
  });

  it('keeps every line of text inside the page width', () => {
    for (const item of items.filter((i) => i.kind === 'site').slice(0, 8)) {
      item.screens.forEach((_, n) => {
        const svg = svgOf(item, n);
        for (const [, x] of svg.matchAll(/<text x="([\d.]+)"/g)) expect(Number(x)).toBeLessThanOrEqual(1440);
      });
    }
  });
});

describe('demo flows and business software', () => {
  const items = planDemo({ chinese: true });
  const manifest = manifestOf(items);
  const threeLanguages = (text: { en: string; zhCN?: string; zhTW?: string } | undefined) => Boolean(text?.en && text.zhCN && text.zhTW);

  it('has at least 24 business products (17 web, 7 phone) with two to four flows each', () => {
    const business = manifest.items.filter((i) => i.kind === 'business');
    const phone = manifest.items.filter((i) => i.kind === 'business-app');
    expect(business.length).toBeGreaterThanOrEqual(17);
    expect(phone.length).toBeGreaterThanOrEqual(7);
    for (const item of [...business, ...phone]) {
      expect(item.flows.length, item.key).toBeGreaterThanOrEqual(2);
      expect(item.flows.length, item.key).toBeLessThanOrEqual(4);
      expect(item.categories.length, item.key).toBeGreaterThan(0);
    }
  });

  it('has at least 40 flows across at least 20 apps and websites, every type used', () => {
    const withFlows = manifest.items.filter((i) => (i.kind === 'app' || i.kind === 'site') && i.flows.length > 0);
    expect(withFlows.length).toBeGreaterThanOrEqual(20);
    expect(withFlows.reduce((n, i) => n + i.flows.length, 0)).toBeGreaterThanOrEqual(40);
    expect(withFlows.some((i) => i.kind === 'site')).toBe(true);
    const used = new Set(manifest.items.flatMap((i) => i.flows.map((f) => f.type)));
    expect([...used].sort()).toEqual(FLOW_TYPES.map((t) => t.nameEn).sort());
  });

  it('makes every flow 3 to 8 steps through screens of its own item, keys unique, captions on most steps', () => {
    let steps = 0;
    let captioned = 0;
    for (const item of manifest.items) {
      const files = new Set(item.screens.map((s) => s.file));
      expect(new Set(item.flows.map((f) => f.key)).size, item.key).toBe(item.flows.length);
      for (const flow of item.flows) {
        expect(flow.steps.length, `${item.key} ${flow.key}`).toBeGreaterThanOrEqual(3);
        expect(flow.steps.length, `${item.key} ${flow.key}`).toBeLessThanOrEqual(8);
        for (const step of flow.steps) {
          expect(files.has(step.file), `${item.key} ${flow.key} ${step.file}`).toBe(true);
          steps++;
          if (step.caption) {
            captioned++;
            expect(threeLanguages(step.caption), `${item.key} ${flow.key} ${step.file}`).toBe(true);
          }
        }
      }
    }
    expect(captioned / steps).toBeGreaterThan(0.9);
  });

  it('names every item, brief, flow and category in three languages', () => {
    expect(manifest.categories.every((c) => threeLanguages(c.name))).toBe(true);
    for (const item of manifest.items.filter((i) => i.kind.startsWith('business') || i.flows.length > 0)) {
      expect(threeLanguages(item.name) && threeLanguages(item.briefing), item.key).toBe(true);
      for (const flow of item.flows) expect(threeLanguages(flow.name), `${item.key} ${flow.key}`).toBe(true);
    }
  });

  it('gives every item its own key and name', () => {
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.plan.name)).size).toBe(items.length);
  });

  it('is deterministic: the same plan and manifest on every run, and generator version 3', () => {
    expect(JSON.stringify(manifestOf(planDemo({ chinese: true })))).toBe(JSON.stringify(manifest));
    const item = items.find((i) => i.key === 'pipewise');
    if (!item) throw new Error('pipewise');
    expect(drawScreen(item, item.screens[2])).toBe(drawScreen(planDemo({ chinese: true }).find((i) => i.key === 'pipewise') ?? item, item.screens[2]));
    expect(GENERATOR_VERSION).toBe(3);
  });
});

const ocr = await detectOcr({ mode: 'on' });

describe('demo screens for screen search (issue 14)', () => {
  const items = planDemo({ chinese: true });
  const manifest = manifestOf(items);
  const screens = manifest.items.flatMap((item) => item.screens.map((screen) => ({ item, screen })));
  const texts = (item: DemoItem, n: number) => [...svgOf(item, n).matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(([, content]) => content).join('\n');

  it('tags every screen with the UI elements it draws, each element of the tree on some screens', () => {
    const names = ELEMENT_CATEGORIES.map((c) => c.nameEn);
    const seen = new Map<string, number>();
    for (const { item, screen } of screens) {
      expect(screen.elements.length, screen.file).toBeGreaterThan(0);
      expect(screen.elements.every((name) => names.includes(name)), screen.file).toBe(true);
      for (const name of screen.elements) seen.set(name, (seen.get(name) ?? 0) + 1);
      if (item.kind === 'app' && screen.file.endsWith('-home.png')) expect(screen.elements, screen.file).toEqual(expect.arrayContaining(['Navigation bar', 'Tab bar', 'List']));
    }
    // Every element appears, the overlays (dialogs, sheets, toasts) and maps on some screens only.
    for (const name of names) expect(seen.get(name) ?? 0, name).toBeGreaterThanOrEqual(10);
    for (const name of ['Modal', 'Bottom sheet', 'Toast', 'Map', 'Empty state']) expect(seen.get(name)!, name).toBeLessThan(screens.length / 4);
    // What is drawn is what is tagged: a dashboard has a chart, a login screen a form and a button.
    const ledgerly = items.find((i) => i.key === 'ledgerly')!;
    const tagged = (kind: string) => manifest.items.find((i) => i.key === 'ledgerly')!.screens.find((s) => s.file.includes(`-${kind}.png`))!.elements;
    expect(tagged('dashboard')).toContain('Chart');
    expect(tagged('login')).toEqual(expect.arrayContaining(['Button', 'Form']));
    expect(ledgerly.screens.length).toBe(manifest.items.find((i) => i.key === 'ledgerly')!.screens.length);
  });

  it('draws paywall screens (plans with prices, "Start free trial", "Restore purchases") of the Paywall type for some apps', () => {
    const paywalls = screens.filter(({ screen }) => screen.category === PAYWALL_SCREEN_CATEGORY.nameEn);
    expect(paywalls.length).toBeGreaterThanOrEqual(15);
    expect(new Set(paywalls.map(({ item }) => item.kind))).toEqual(new Set(['app']));
    for (const { item: entry, screen } of paywalls.filter(({ item }) => items.find((i) => i.key === item.key)!.lang === 'en')) {
      const item = items.find((i) => i.key === entry.key)!;
      const drawn = texts(item, entry.screens.indexOf(screen));
      expect(drawn, screen.file).toMatch(/Start free trial/);
      expect(drawn, screen.file).toMatch(/Restore purchases/);
      expect(drawn, screen.file).toMatch(/\$\d+\.\d\d/);
    }
  });

  it(`draws the promo code ${PROMO_CODE} on some screens, a word no name, brief, category or flow has`, () => {
    const word = PROMO_CODE.toLowerCase();
    const drawn = screens.filter(({ item, screen }) => texts(items.find((i) => i.key === item.key)!, item.screens.indexOf(screen)).toLowerCase().includes(word));
    expect(drawn.length).toBeGreaterThanOrEqual(10);
    // Among an app's first screens, so that a visitor's search (the paywall's free screens) finds it too.
    expect(drawn.some(({ item, screen }) => item.screens.indexOf(screen) < 5)).toBe(true);
    const names = JSON.stringify({ items: manifest.items.map(({ screens: _, ...rest }) => rest), categories: manifest.categories, lists: LIST_CATEGORIES });
    expect(names.toLowerCase()).not.toContain(word);
  });

  (ocr.enabled || process.env.CI ? it : it.skip)(`reads the promo code by OCR from a demo home screen${ocr.enabled ? '' : ' (needs tesseract-ocr: not installed here)'}`, async () => {
    expect(ocr.enabled, ocr.status).toBe(true);
    const found = items.flatMap((item) => item.screens.map((screen, n) => ({ item, screen, n }))).find(({ item, n }) => item.lang === 'en' && item.kind === 'app' && texts(item, n).includes(PROMO_CODE))!;
    const png = await sharp(Buffer.from(drawScreen(found.item, found.screen))).png().toBuffer();
    expect(await ocr.read(png)).toContain(PROMO_CODE);
  }, 60_000);
});
