import type { ManifestFlow, ManifestKind } from '@shotlib/contract/ingest';
import type { BusinessScreenKey } from '../business-screens';
import { hasChineseCopy } from '../copy';
import type { Copy, Lang } from '../copy';
import { copyFor } from '../copy';
import type { BusinessProductSeed } from '../data/business';
import { BUSINESS_COPY, BUSINESS_PRODUCTS, businessCategory, flowType } from '../data/business';
import type { ScreenKey } from '../data/categories';
import { LIST_CATEGORIES, PAYWALL_SCREEN_CATEGORY, SCREEN_CATEGORIES, screenCategory } from '../data/categories';
import { DEMO_APPS, DEMO_SITES } from '../data/items';
import type { PlannedItem } from '../demo-plan';
import { ACTIVITY_DAYS, DEMO_BASE_DATE, SCREEN_FLOW, pickRating, planDemoItems, slug } from '../demo-plan';
import { activitySeries, pickProfile } from '../popularity';
import { createRng } from '../prng';
import { makeTheme } from '../svg';
import type { FlowTemplate } from './flows';
import { APP_FLOWS, BUSINESS_APP_FLOWS, BUSINESS_FLOWS, LEAD_FLOW, SITE_FLOWS, localized, screenRef } from './flows';

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
/** Every third app (those without flows: the paywall flow brings its own) shows its paywall, settings' second layout. */
const PAYWALL_EVERY = 3;
/** Kinds an app may leave out (never its entry screens). */
const OPTIONAL: readonly ScreenKey[] = ['empty', 'chat', 'checkout', 'notifications', 'dashboard'];

export type DemoScreen = { kind: ScreenKey | BusinessScreenKey; variant: number; category: string };

export type DemoItem = {
  plan: PlannedItem;
  key: string;
  kind: ManifestKind;
  /** List categories (apps, sites) or business categories (business software), by English name. */
  categories: string[];
  lang: Lang;
  /** The name drawn in the interface (the Chinese name for Chinese-market items). */
  displayName: string;
  copy: Copy;
  screens: DemoScreen[];
  /** Its flows; each step's `file` is the index of one of `screens` (the generator names the file). */
  flows: DemoFlow[];
};

export type DemoFlow = Omit<ManifestFlow, 'steps'> & { steps: { screen: number; caption?: ManifestFlow['name'] }[] };

/** The screen type of a screen: its kind's, except the phone paywall (settings' second layout), a Paywall. */
function categoryOf(item: ManifestKind, kind: ScreenKey | BusinessScreenKey, variant: number): string {
  if (item !== 'business' && item !== 'site' && kind === 'settings' && variant === 1) return PAYWALL_SCREEN_CATEGORY.nameEn;
  return screenCategoryName(item, kind);
}

function screensOf(index: number, plan: PlannedItem, key: string): DemoScreen[] {
  const rng = createRng(`demo-screens:${key}`);
  const covers = plan.isSite ? SITE_COVERS : APP_COVERS;
  const cover = covers[index % covers.length];
  // Apps: every kind but up to two optional ones, plus the second layouts: 12 to 14 screens.
  // Sites (full pages, four times the pixels): every kind but up to one, no second layouts: 11 or 12.
  const drops = rng.shuffle(OPTIONAL.filter((kind) => kind !== cover)).slice(0, rng.int(0, plan.isSite ? 1 : 2));
  const screens: DemoScreen[] = [{ kind: cover, variant: 0, category: screenCategory(cover).nameEn }];
  const paywall = !plan.isSite && index % PAYWALL_EVERY === 1;
  for (const kind of SCREEN_FLOW.filter((k) => !drops.includes(k))) {
    const variants = plan.isSite ? 1 : kind === 'settings' && paywall ? 2 : (VARIANTS[kind] ?? 1);
    for (let variant = kind === cover ? 1 : 0; variant < variants; variant++) screens.push({ kind, variant, category: categoryOf(plan.isSite ? 'site' : 'app', kind, variant) });
  }
  return screens;
}

/** The demo items in catalogue order: apps, sites, then business software (web, then phone). */
export function planDemo(options: { chinese: boolean }): DemoItem[] {
  const seeds = [...DEMO_APPS, ...DEMO_SITES];
  const items = planDemoItems().map((plan, index): DemoItem => {
    const key = slug(plan.name);
    const category = seeds[index].category;
    const lang: Lang = options.chinese && CHINESE_MARKET.has(plan.name) && hasChineseCopy(category) ? 'zh' : 'en';
    const item: DemoItem = {
      plan,
      key,
      kind: plan.isSite ? 'site' : 'app',
      categories: plan.categoryIds.map((id) => LIST_NAME_BY_ID.get(id) ?? String(id)),
      lang,
      displayName: lang === 'zh' && plan.chinese ? plan.chinese.cn[0] : plan.name,
      copy: copyFor(category, lang),
      screens: screensOf(index, plan, key),
      flows: [],
    };
    const appIndex = plan.isSite ? index - DEMO_APPS.length : index;
    return withFlows(item, plan.isSite ? siteFlows(appIndex) : appFlows(appIndex));
  });
  const business = BUSINESS_PRODUCTS.filter((seed) => seed.kind === 'business');
  const businessApps = BUSINESS_PRODUCTS.filter((seed) => seed.kind === 'business-app');
  return [
    ...items,
    ...business.map((seed, i) => planBusiness(seed, i, items.length + i, options.chinese)),
    ...businessApps.map((seed, i) => planBusiness(seed, i, items.length + business.length + i, options.chinese)),
  ];
}

// ---------------------------------------------------------------- flows

/** Every third app has two flows, in turn through the templates (Ledgerly signs up, then checks out). */
function appFlows(index: number): FlowTemplate[] {
  if (index % 3 !== 0) return [];
  const n = (index / 3) * 2;
  return [APP_FLOWS[n % APP_FLOWS.length], APP_FLOWS[(n + 1) % APP_FLOWS.length]];
}

/** Every fourth website has one or two flows. */
function siteFlows(index: number): FlowTemplate[] {
  if (index % 4 !== 0) return [];
  const n = index / 4;
  return n % 2 === 0 ? [SITE_FLOWS[n % SITE_FLOWS.length]] : [SITE_FLOWS[n % SITE_FLOWS.length], SITE_FLOWS[(n + 1) % SITE_FLOWS.length]];
}

/** Where a screen kind goes in an item's order (flow screens beside the screens of their kind). */
function orderOf(kind: string, order: readonly string[]): number {
  const at = order.indexOf(kind);
  return at === -1 ? order.length : at;
}

/**
 * The item with the screens its flows need (added next to the screens of their kind when missing;
 * the cover stays first) and the flows, each step pointing at its screen.
 */
function withFlows(item: DemoItem, templates: readonly FlowTemplate[], order: readonly string[] = SCREEN_FLOW): DemoItem {
  const screens = [...item.screens];
  const find = (kind: string, variant: number) => screens.findIndex((s) => s.kind === kind && s.variant === variant);
  for (const template of templates)
    for (const step of template.steps) {
      const { kind, variant } = screenRef(step.screen);
      if (find(kind, variant) !== -1) continue;
      const screen: DemoScreen = { kind, variant, category: categoryOf(item.kind, kind, variant) };
      const rank = (s: DemoScreen) => orderOf(s.kind, order) * 10 + s.variant;
      let at = screens.findIndex((s, i) => i > 0 && rank(s) > rank(screen));
      if (at === -1) at = screens.length;
      screens.splice(at, 0, screen);
    }
  const flows = templates.map((template): DemoFlow => ({
    key: template.id,
    type: flowType(template.type).nameEn,
    name: localized(template.name),
    steps: template.steps.map((step) => {
      const { kind, variant } = screenRef(step.screen);
      return { screen: find(kind, variant), ...(step.caption ? { caption: localized(step.caption) } : {}) };
    }),
  }));
  return { ...item, screens, flows };
}

// ---------------------------------------------------------------- business software

/** The screen category of each business web screen kind (the screen tree has twelve). */
const BUSINESS_SCREEN_CATEGORY: Record<BusinessScreenKey, ScreenKey> = {
  login: 'login',
  signup: 'login',
  verify: 'login',
  reset: 'login',
  setup: 'onboarding',
  dashboard: 'dashboard',
  search: 'search',
  table: 'home',
  filter: 'search',
  kanban: 'home',
  record: 'detail',
  form: 'detail',
  error: 'empty',
  approvals: 'detail',
  export: 'dashboard',
  invite: 'settings',
  billing: 'checkout',
  cancel: 'settings',
  settings: 'settings',
  empty: 'empty',
};
/** The order of a business web product's screens. */
const BUSINESS_ORDER: readonly BusinessScreenKey[] = [
  'login',
  'signup',
  'verify',
  'reset',
  'setup',
  'dashboard',
  'search',
  'table',
  'filter',
  'kanban',
  'record',
  'form',
  'error',
  'approvals',
  'export',
  'invite',
  'billing',
  'cancel',
  'settings',
  'empty',
];
const BUSINESS_BASE: readonly BusinessScreenKey[] = ['login', 'dashboard', 'table', 'record', 'form', 'settings', 'empty'];
const BUSINESS_APP_BASE: readonly ScreenKey[] = SCREEN_FLOW.filter((kind) => kind !== 'checkout');

function screenCategoryName(kind: ManifestKind, screen: ScreenKey | BusinessScreenKey): string {
  return screenCategory(kind === 'business' ? BUSINESS_SCREEN_CATEGORY[screen as BusinessScreenKey] : (screen as ScreenKey)).nameEn;
}

/** Two to four flows: the one of its main category first, then others in turn. */
function businessFlows(seed: BusinessProductSeed, index: number): FlowTemplate[] {
  if (seed.kind === 'business-app') {
    // Office, HR, finance and field apps lead with approving on the go; the others with signing in.
    const lead = ['collaboration', 'hr', 'finance', 'admin'].includes(seed.categories[0]) ? BUSINESS_APP_FLOWS[0] : BUSINESS_APP_FLOWS[1];
    const others = BUSINESS_APP_FLOWS.filter((f) => f !== lead);
    return [lead, ...Array.from({ length: 1 + (index % 3) }, (_, i) => others[(index + i) % others.length])];
  }
  const lead = BUSINESS_FLOWS.find((f) => f.id === LEAD_FLOW[seed.categories[0]]) ?? BUSINESS_FLOWS[0];
  const others = BUSINESS_FLOWS.filter((f) => f !== lead);
  const count = 2 + (index % 3);
  return [lead, ...Array.from({ length: count - 1 }, (_, i) => others[(index * 3 + i) % others.length])];
}

function planBusiness(seed: BusinessProductSeed, index: number, catalogueIndex: number, chinese: boolean): DemoItem {
  const rng = createRng(`demo:${seed.name}`);
  const key = slug(seed.name);
  const lang: Lang = chinese && seed.chineseMarket ? 'zh' : 'en';
  const domain = BUSINESS_COPY[seed.domain][lang];
  const base = copyFor('finance', lang);
  const publishedAgeDays = rng.float(0.3, 540);
  const plan: PlannedItem = {
    name: seed.name,
    briefing: seed.brief,
    chinese: { cn: seed.cn, tw: seed.tw },
    site: `https://${key}.example`,
    isSite: seed.kind === 'business',
    categoryIds: [],
    vocab: BUSINESS_COPY[seed.domain].en.vocab,
    rating: pickRating(rng),
    publishedAt: new Date(Math.floor((DEMO_BASE_DATE.getTime() - publishedAgeDays * 86_400_000) / 60_000) * 60_000),
    theme: makeTheme((catalogueIndex * 137.508 + 12) % 360, rng.chance(0.15)),
    solidBar: rng.chance(0.5),
    logoMotif: rng.int(0, 3),
    screens: [],
    activity: activitySeries(rng, pickProfile(rng, publishedAgeDays), publishedAgeDays, ACTIVITY_DAYS),
  };
  const kinds: readonly (ScreenKey | BusinessScreenKey)[] = seed.kind === 'business' ? BUSINESS_BASE : BUSINESS_APP_BASE;
  const item: DemoItem = {
    plan,
    key,
    kind: seed.kind,
    categories: seed.categories.map((c) => businessCategory(c).nameEn),
    lang,
    displayName: lang === 'zh' ? seed.cn[0] : seed.name,
    copy: { ...base, lang, vocab: domain.vocab, lines: domain.lines, sentences: domain.sentences },
    screens: kinds.map((kind) => ({ kind, variant: 0, category: categoryOf(seed.kind, kind, 0) })),
    flows: [],
  };
  return withFlows(item, businessFlows(seed, index), seed.kind === 'business' ? BUSINESS_ORDER : SCREEN_FLOW);
}

/** The list categories' English names by id, for the manifest. */
export const LIST_NAME_BY_ID: ReadonlyMap<number, string> = new Map(LIST_CATEGORIES.map((c) => [c.id, c.nameEn]));
export const ALL_SCREEN_KINDS: readonly ScreenKey[] = SCREEN_CATEGORIES.map((c) => c.key);
