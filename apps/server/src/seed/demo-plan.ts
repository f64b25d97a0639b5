import type { ListCategory, ScreenKey } from './data/categories';
import { LIST_CATEGORIES, SCREEN_CATEGORIES, listCategory } from './data/categories';
import type { DemoItemSeed } from './data/items';
import { DEMO_APPS, DEMO_SITES } from './data/items';
import type { DayActivity } from '../modules/catalog/hot-score';
import type { ChineseTexts } from './data/items-zh';
import { DEMO_CHINESE } from './data/items-zh';
import { activitySeries, pickProfile } from './popularity';
import type { Rng } from './prng';
import { createRng } from './prng';
import type { Theme } from './svg';
import { makeTheme } from './svg';

/**
 * The demo catalogue as plain data, computed from fixed lists and seeded random streams: the same
 * on every run, so rankings, names and images never move. Nothing here touches the database.
 */

/** Publish dates and activity are relative to this instant, not to the clock. */
export const DEMO_BASE_DATE = new Date('2026-11-01T00:00:00Z');
/** Days of recorded activity before the base date. */
export const ACTIVITY_DAYS = 60;
/** Publish dates spread over this many days before the base date. */
const PUBLISH_SPAN_DAYS = 730;
const DAY_MS = 86_400_000;

/** The order in which an app's screens are shown: roughly the path a person takes through it. */
export const SCREEN_FLOW: readonly ScreenKey[] = [
  'onboarding',
  'login',
  'home',
  'search',
  'detail',
  'checkout',
  'dashboard',
  'chat',
  'notifications',
  'profile',
  'settings',
  'empty',
];

export type PlannedItem = {
  name: string;
  briefing: string;
  /** Simplified and Traditional Chinese name and brief; null for none. */
  chinese: ChineseTexts | null;
  site: string;
  isSite: boolean;
  /** List category ids, the first is the main one. */
  categoryIds: number[];
  vocab: readonly string[];
  rating: number;
  publishedAt: Date;
  theme: Theme;
  solidBar: boolean;
  logoMotif: number;
  /** One entry per screenshot, in display order. */
  screens: ScreenKey[];
  activity: DayActivity[];
};

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A rating between 3.00 and 5.00, two decimals, leaning towards the good end as real stores do. */
export function pickRating(rng: Rng): number {
  return Math.min(5, Math.round((3 + 2 * rng.next() ** 0.6) * 100) / 100);
}

export function pickCategories(rng: Rng, main: ListCategory): number[] {
  if (!rng.chance(0.45)) return [main.id];
  const other = rng.pick(LIST_CATEGORIES.filter((c) => c.id !== main.id));
  return [main.id, other.id];
}

/**
 * Which screens an item shows: the entry screens, then four to nine other kinds in flow order,
 * with the remaining count spread over them (an app has several detail screens, say).
 */
export function pickScreens(rng: Rng, count: number, isSite: boolean): ScreenKey[] {
  const entry: ScreenKey[] = isSite ? ['home', 'login'] : ['onboarding', 'login', 'home'];
  const others = rng.shuffle(SCREEN_CATEGORIES.map((c) => c.key).filter((key) => !entry.includes(key)));
  const kinds = [...entry, ...others.slice(0, rng.int(4, 9))].slice(0, count);
  const counts = new Map<ScreenKey, number>(kinds.map((kind) => [kind, 1]));
  for (let extra = count - kinds.length; extra > 0; extra--) {
    const kind = rng.pick(kinds);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return SCREEN_FLOW.flatMap((kind) => Array.from({ length: counts.get(kind) ?? 0 }, () => kind));
}

function planItem(seed: DemoItemSeed, isSite: boolean, index: number, baseDate: Date): PlannedItem {
  const rng = createRng(`demo:${seed.name}`);
  const main = listCategory(seed.category);
  // Golden-angle hues: neighbouring items get clearly different accent colours.
  const theme = makeTheme((index * 137.508 + 12) % 360, rng.chance(0.22));
  const publishedAgeDays = rng.float(0.3, PUBLISH_SPAN_DAYS);
  const publishedAt = new Date(Math.floor((baseDate.getTime() - publishedAgeDays * DAY_MS) / 60_000) * 60_000);
  // 10 to 40 screenshots, most near the low end: mean ≈ 16 for apps, ≈ 15 for sites (whose larger
  // images cost about twice as much to render). This keeps the first start's seed short.
  const count = 10 + Math.floor(31 * rng.next() ** (isSite ? 5 : 4));
  return {
    name: seed.name,
    briefing: seed.brief,
    chinese: DEMO_CHINESE[seed.name] ?? null,
    site: `https://${slug(seed.name)}.example`,
    isSite,
    categoryIds: pickCategories(rng, main),
    vocab: main.vocab,
    rating: pickRating(rng),
    publishedAt,
    theme,
    solidBar: rng.chance(0.5),
    logoMotif: rng.int(0, 3),
    screens: pickScreens(rng, count, isSite),
    activity: activitySeries(rng, pickProfile(rng, publishedAgeDays), publishedAgeDays, ACTIVITY_DAYS),
  };
}

/** Apps first, then websites, in the order of the fixed lists. */
export function planDemoItems(baseDate: Date = DEMO_BASE_DATE): PlannedItem[] {
  return [
    ...DEMO_APPS.map((seed, i) => planItem(seed, false, i, baseDate)),
    ...DEMO_SITES.map((seed, i) => planItem(seed, true, DEMO_APPS.length + i, baseDate)),
  ];
}

/** The calendar day `ageDays` before the base date, as stored in item_activity.day. */
export function activityDay(baseDate: Date, ageDays: number): string {
  return new Date(baseDate.getTime() - ageDays * DAY_MS).toISOString().slice(0, 10);
}
