import type { ElementKey, ListCategory, ScreenKey } from './data/categories';
import { screenCategory } from './data/categories';
import type { Rng } from './prng';
import { hashSeed } from './prng';

/**
 * What seeded screens carry for the Screens view (issue 14) without being processed: UI elements
 * by screen type, dominant colours, a perceptual hash and an OCR-like text. The scale seed gives
 * them to every screen so that the benchmark at 400,000 screens exercises the same indexes as a
 * real catalogue (elements, swatches, trigram and CJK grams of the text, phash distances).
 */

/** The UI elements a screen of each type always has; one more may be drawn (SCREEN_EXTRA_ELEMENTS). */
export const SCREEN_ELEMENTS: Record<ScreenKey, readonly ElementKey[]> = {
  login: ['form', 'button'],
  onboarding: ['button', 'card'],
  home: ['tabBar', 'card', 'navigationBar'],
  search: ['searchBar', 'list', 'chip'],
  detail: ['navigationBar', 'button', 'card'],
  checkout: ['form', 'button', 'list'],
  profile: ['avatar', 'list', 'tabBar'],
  settings: ['toggle', 'list', 'navigationBar'],
  empty: ['emptyState', 'button'],
  chat: ['list', 'avatar', 'form'],
  notifications: ['list', 'toast', 'avatar'],
  dashboard: ['chart', 'card', 'tabBar'],
};
const SCREEN_EXTRA_ELEMENTS: readonly ElementKey[] = ['modal', 'bottomSheet', 'map', 'toast', 'chip', 'button'];

/** Accent colours of seeded screens: every swatch's range is met somewhere. */
const ACCENTS = ['#e5484d', '#f76b15', '#ffc53d', '#30a46c', '#12a594', '#0090ff', '#8e4ec6', '#d6409f', '#a18072'];
const BACKGROUNDS = ['#ffffff', '#111113', '#f4f4f5'];

export type ScreenTraits = { elements: ElementKey[]; colors: string[]; phash: bigint; ocrText: string };

/**
 * The layout hash of a screen type and variant: screens drawn from one layout get hashes a few
 * bits apart, as real screenshots of one template would.
 */
function layoutHash(screen: ScreenKey, variant: number): bigint {
  const high = BigInt(hashSeed(`phash:${screen}:${variant}:h`) >>> 0);
  const low = BigInt(hashSeed(`phash:${screen}:${variant}:l`) >>> 0);
  return (high << 32n) | low;
}

/**
 * The traits of one seeded screen (deterministic for a given rng state). The text holds the screen
 * type's English name and a few words of the app category's vocabulary; for apps with Chinese texts
 * the type's Simplified name too, so Chinese terms reach the CJK gram index.
 */
export function screenTraits(rng: Rng, screen: ScreenKey, variant: number, category: ListCategory, chinese: boolean): ScreenTraits {
  const elements = [...SCREEN_ELEMENTS[screen]];
  if (rng.chance(0.4)) {
    const extra = rng.pick(SCREEN_EXTRA_ELEMENTS);
    if (!elements.includes(extra)) elements.push(extra);
  }
  const colors = [rng.pick(BACKGROUNDS), rng.pick(ACCENTS), ...(rng.chance(0.5) ? [rng.pick(ACCENTS)] : [])];
  let phash = layoutHash(screen, variant);
  for (let flips = rng.int(0, 6); flips > 0; flips--) phash ^= 1n << BigInt(rng.int(0, 63));
  const names = screenCategory(screen);
  const words = [names.nameEn, rng.pick(category.vocab), rng.pick(category.vocab), ...(chinese ? [names.nameCn] : [])];
  return { elements, colors: [...new Set(colors)], phash: BigInt.asIntN(64, phash), ocrText: words.join('\n') };
}
