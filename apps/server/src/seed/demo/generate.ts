import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Manifest } from '@shotlib/contract/ingest';
import { MANIFEST_VERSION } from '@shotlib/contract/ingest';
import type { BusinessScreenKey } from '../business-screens';
import { businessScreenSvg } from '../business-screens';
import { BUSINESS_CATEGORIES, FLOW_TYPES } from '../data/business';
import type { ElementKey, ScreenKey } from '../data/categories';
import { ELEMENT_CATEGORIES, LIST_CATEGORIES, PAYWALL_SCREEN_CATEGORY, SCREEN_CATEGORIES } from '../data/categories';
import { logoSvg, runPool } from '../images';
import { screenSvg } from '../screens';
import { sitePageSvg } from '../site-page';
import { hasChineseFont } from './fonts';
import type { DemoItem, DemoScreen } from './plan';
import { planDemo } from './plan';

/**
 * The demo generator (issue 12): writes a folder the importer loads like any other, a
 * manifest.json and one PNG per logo and screen. Phone screens are laid out at 390×844 and drawn
 * at 3× (1170×2532); website pages are 1440 px wide and 2 to 5 viewports long. Everything is drawn
 * from seeded random streams: the same folder on every run (for a given font set). Version 2
 * (issue 13) adds business software (web screens 1440×900, phone apps as above) and flows; version 3
 * (issue 14) tags each screen with the UI elements it draws, adds dialogs, sheets, toasts and maps,
 * and makes the phone paywall a screen type of its own (Paywall).
 */

/** Bump when the pictures or the manifest change: cached folders of another version are not reused. */
export const GENERATOR_VERSION = 3;
export const PHONE_SIZE = { width: 1170, height: 2532 } as const;
export const LOGO_FILE_SIZE = 256;

export type GenerateOptions = {
  /** The folder to write (created; files in it are overwritten). */
  out: string;
  /** Only these item keys (tests, previews); default all 120. */
  keys?: readonly string[];
  /** Draw the Chinese-market items in Chinese (default: when fontconfig has a CJK font). */
  chinese?: boolean;
  /** Images encoded at once (default: the number of cores, at least 2). */
  concurrency?: number;
  /** zlib level of the PNGs, 0–9 (default 6; the importer re-encodes them anyway). */
  compressionLevel?: number;
  log?: (message: string) => void;
};

export type GenerateSummary = {
  items: number;
  screens: number;
  phoneScreens: number;
  sitePages: number;
  /** Business web screens (1440×900). */
  businessScreens: number;
  businessItems: number;
  flows: number;
  bytes: number;
  seconds: number;
  chinese: boolean;
};

type Job = { file: string; draw: () => string; phone: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

function screenFile(item: DemoItem, n: number, screen: DemoScreen): string {
  return `screens/${item.key}/${pad(n + 1)}-${screen.kind}${screen.variant ? `-${screen.variant + 1}` : ''}.png`;
}

const isPhone = (item: DemoItem) => item.kind === 'app' || item.kind === 'business-app';

/** What a screen of an item is drawn from: its kind and variant, the item's theme, name and words. */
export function screenSpec(item: DemoItem, screen: DemoScreen, elements?: Set<ElementKey>) {
  return {
    elements,
    screen: screen.kind,
    theme: item.plan.theme,
    appName: item.displayName,
    vocab: item.copy.vocab,
    copy: item.copy,
    variant: screen.variant,
    seed: `demo:${item.key}:${screen.kind}:${screen.variant}`,
    solidBar: item.plan.solidBar,
  };
}

/**
 * The SVG of an item's screen: a business web screen, a phone screen (at `phone`, default the
 * stored 1170×2532) or a full website page. `elements` collects the UI elements it draws.
 */
export function drawScreen(item: DemoItem, screen: DemoScreen, phone: { width: number; height: number } = PHONE_SIZE, elements?: Set<ElementKey>): string {
  const spec = screenSpec(item, screen, elements);
  if (item.kind === 'business') return businessScreenSvg({ ...spec, screen: screen.kind as BusinessScreenKey });
  const kind = screen.kind as ScreenKey;
  return isPhone(item) ? screenSvg({ ...spec, screen: kind, device: 'phone' }, phone) : sitePageSvg({ ...spec, screen: kind }).svg;
}

function screenJob(item: DemoItem, n: number, screen: DemoScreen): Job {
  return { file: screenFile(item, n, screen), phone: isPhone(item), draw: () => drawScreen(item, screen) };
}

/**
 * The UI elements a screen draws, by the element tree's English names (as the manifest names them),
 * in the tree's order. The screen is drawn once more for it, as SVG only (a millisecond or two).
 */
export function screenElements(item: DemoItem, screen: DemoScreen): string[] {
  const drawn = new Set<ElementKey>();
  drawScreen(item, screen, PHONE_SIZE, drawn);
  return ELEMENT_CATEGORIES.filter((element) => drawn.has(element.key)).map((element) => element.nameEn);
}

export function manifestOf(items: readonly DemoItem[]): Manifest {
  return {
    version: MANIFEST_VERSION,
    categories: [
      ...LIST_CATEGORIES.map((c) => ({ tree: 'list' as const, name: { en: c.nameEn, zhCN: c.nameCn, zhTW: c.nameTw } })),
      ...[...SCREEN_CATEGORIES, PAYWALL_SCREEN_CATEGORY].map((c) => ({ tree: 'screen' as const, name: { en: c.nameEn, zhCN: c.nameCn, zhTW: c.nameTw } })),
      ...ELEMENT_CATEGORIES.map((c) => ({ tree: 'element' as const, name: { en: c.nameEn, zhCN: c.nameCn, zhTW: c.nameTw } })),
      ...BUSINESS_CATEGORIES.map((c) => ({ tree: 'business' as const, name: { en: c.nameEn, zhCN: c.nameCn, zhTW: c.nameTw } })),
      ...FLOW_TYPES.map((c) => ({ tree: 'flow' as const, name: { en: c.nameEn, zhCN: c.nameCn, zhTW: c.nameTw } })),
    ],
    items: items.map((item) => {
      const { plan } = item;
      return {
        key: item.key,
        kind: item.kind,
        name: { en: plan.name, ...(plan.chinese ? { zhCN: plan.chinese.cn[0], zhTW: plan.chinese.tw[0] } : {}) },
        briefing: { en: plan.briefing, ...(plan.chinese ? { zhCN: plan.chinese.cn[1], zhTW: plan.chinese.tw[1] } : {}) },
        site: plan.site,
        rating: plan.rating,
        publishedAt: plan.publishedAt.toISOString(),
        published: true,
        logo: `logos/${item.key}.png`,
        categories: item.categories,
        screens: item.screens.map((screen, n) => ({ file: screenFile(item, n, screen), category: screen.category, elements: screenElements(item, screen) })),
        flows: item.flows.map((flow) => ({
          ...flow,
          steps: flow.steps.map(({ screen, caption }) => ({ file: screenFile(item, screen, item.screens[screen]), ...(caption ? { caption } : {}) })),
        })),
      };
    }),
  };
}

/** Write the demo folder: manifest.json last, so a folder with a manifest is complete. */
export async function generateDemo(options: GenerateOptions): Promise<GenerateSummary> {
  const started = performance.now();
  const chinese = options.chinese ?? hasChineseFont();
  const all = planDemo({ chinese });
  const items = options.keys ? all.filter((item) => options.keys?.includes(item.key)) : all;
  if (items.length === 0) throw new Error('no demo item matches the keys given');
  const level = options.compressionLevel ?? 6;
  const jobs: Job[] = items.flatMap((item) => [
    { file: `logos/${item.key}.png`, phone: false, draw: () => logoSvg(item.displayName, item.plan.theme, item.plan.logoMotif) },
    ...item.screens.map((screen, n) => screenJob(item, n, screen)),
  ]);
  await rm(path.join(options.out, 'manifest.json'), { force: true });
  await Promise.all(items.map((item) => mkdir(path.join(options.out, 'screens', item.key), { recursive: true })));
  await mkdir(path.join(options.out, 'logos'), { recursive: true });
  let bytes = 0;
  let done = 0;
  let lastReport = performance.now();
  await runPool(jobs, options.concurrency ?? Math.max(2, availableParallelism()), async (job) => {
    const target = path.join(options.out, job.file);
    const info = await sharp(Buffer.from(job.draw())).png({ compressionLevel: level, adaptiveFiltering: false }).toFile(target);
    bytes += info.size;
    done++;
    if (options.log && performance.now() - lastReport > 5000) {
      lastReport = performance.now();
      options.log(`demo: ${done}/${jobs.length} images, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  });
  const manifest = manifestOf(items);
  const manifestFile = path.join(options.out, 'manifest.json');
  await writeFile(`${manifestFile}.tmp`, JSON.stringify(manifest, null, 1));
  await rename(`${manifestFile}.tmp`, manifestFile);
  const screens = items.reduce((sum, item) => sum + item.screens.length, 0);
  const count = (kind: DemoItem['kind']) => items.filter((item) => item.kind === kind).reduce((sum, item) => sum + item.screens.length, 0);
  const sitePages = count('site');
  const businessScreens = count('business');
  return {
    items: items.length,
    screens,
    phoneScreens: screens - sitePages - businessScreens,
    sitePages,
    businessScreens,
    businessItems: items.filter((item) => item.kind === 'business' || item.kind === 'business-app').length,
    flows: items.reduce((sum, item) => sum + item.flows.length, 0),
    bytes: bytes + (await stat(manifestFile)).size,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    chinese,
  };
}
