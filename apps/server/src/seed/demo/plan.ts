import { hasChineseCopy } from '../copy';
import type { Copy, Lang } from '../copy';
import { copyFor } from '../copy';
import type { ScreenKey } from '../data/categories';
import { LIST_CATEGORIES, SCREEN_CATEGORIES, screenCategory } from '../data/categories';
import { DEMO_APPS, DEMO_SITES } from '../data/items';
import type { PlannedItem } from '../demo-plan';
import { SCREEN_FLOW, planDemoItems, slug } from '../demo-plan';
import { createRng } from '../prng';

/**
 * What the demo generator draws for each demo item: its language, its cover (first) screen and
 * the rest of its screens, each of a different kind or a different variant of a kind, so no two
 * screens of an app look alike. Names, briefs, ratings, dates, colours and categories come from
 * the same plan as the direct seed (demo-plan.ts).
 */

/**
 * The Chinese-market demo items: their interfaces are in Simplified Chinese (when a CJK font is
 * installed, see fonts.ts). One or two per list category that has Chinese copy.
 */
export const CHINESE_MARKET: ReadonlySet<string> = new Set([
  'Ledgerly',
  'Loopin',
  'Basketry',
  'Trackside',
  'Calmstead',
  'Quillpad',
  'Forkful',
  'Brieflet',
  'Grainlab',
  'Plantpal',
  'Hostelhop',
  'Simmerbook',
  'Slowpress',
]);

/** Cover kinds, in turn: neighbouring apps open on different screens. */
const APP_COVERS: readonly ScreenKey[] = ['onboarding', 'home', 'detail', 'dashboard', 'profile', 'search'];
const SITE_COVERS: readonly ScreenKey[] = ['home', 'onboarding', 'detail', 'search'];
/** Kinds with a second layout (sign-up beside sign-in; a result grid beside a result list). */
const VARIANTS: Partial<Record<ScreenKey, number>> = { login: 2, search: 2 };
/** Kinds an app may leave out (never its entry screens). */
const OPTIONAL: readonly ScreenKey[] = ['empty', 'chat', 'checkout', 'notifications', 'dashboard'];

export type DemoScreen = { kind: ScreenKey; variant: number; category: string };

export type DemoItem = {
  plan: PlannedItem;
  key: string;
  kind: 'app' | 'site';
  lang: Lang;
  /** The name drawn in the interface (the Chinese name for Chinese-market items). */
  displayName: string;
  copy: Copy;
  screens: DemoScreen[];
};

function screensOf(index: number, plan: PlannedItem, key: string): DemoScreen[] {
  const rng = createRng(`demo-screens:${key}`);
  const covers = plan.isSite ? SITE_COVERS : APP_COVERS;
  const cover = covers[index % covers.length];
  // Apps: every kind but up to two optional ones, plus the second layouts: 12 to 14 screens.
  // Sites (full pages, four times the pixels): every kind but up to one, no second layouts: 11 or 12.
  const drops = rng.shuffle(OPTIONAL.filter((kind) => kind !== cover)).slice(0, rng.int(0, plan.isSite ? 1 : 2));
  const screens: DemoScreen[] = [{ kind: cover, variant: 0, category: screenCategory(cover).nameEn }];
  for (const kind of SCREEN_FLOW.filter((k) => !drops.includes(k))) {
    const variants = plan.isSite ? 1 : (VARIANTS[kind] ?? 1);
    for (let variant = kind === cover ? 1 : 0; variant < variants; variant++) screens.push({ kind, variant, category: screenCategory(kind).nameEn });
  }
  return screens;
}

/** The demo items in catalogue order (apps, then sites), with Chinese interfaces only when `chinese`. */
export function planDemo(options: { chinese: boolean }): DemoItem[] {
  const seeds = [...DEMO_APPS, ...DEMO_SITES];
  return planDemoItems().map((plan, index) => {
    const key = slug(plan.name);
    const category = seeds[index].category;
    const lang: Lang = options.chinese && CHINESE_MARKET.has(plan.name) && hasChineseCopy(category) ? 'zh' : 'en';
    return {
      plan,
      key,
      kind: plan.isSite ? 'site' : 'app',
      lang,
      displayName: lang === 'zh' && plan.chinese ? plan.chinese.cn[0] : plan.name,
      copy: copyFor(category, lang),
      screens: screensOf(index, plan, key),
    };
  });
}

/** The list categories' English names by id, for the manifest. */
export const LIST_NAME_BY_ID: ReadonlyMap<number, string> = new Map(LIST_CATEGORIES.map((c) => [c.id, c.nameEn]));
export const ALL_SCREEN_KINDS: readonly ScreenKey[] = SCREEN_CATEGORIES.map((c) => c.key);
