import { z } from 'zod';
import { MAX_PAGE_SIZE, RANK, SCREEN_LIST_WINDOW, SCREEN_PAGE_SIZE } from './constants';
import { listSchema } from './envelope';
import { CategoryIdsSchema, PreviewSchema } from './catalog';
import { FlowItemSchema, ItemKindSchema } from './flows';

/**
 * Screen-level discovery (issue 14, docs/decisions/047-screen-discovery.md): every screen of every
 * app, site and business product, found by screen type, UI element, platform, app category, colour
 * and search (names of those categories in any of the three languages, and the words read inside
 * the screenshot by OCR at ingest).
 *
 * Calls (base /c-api/v1):
 * - `POST /screen` (query or JSON body, ScreenListQuerySchema): the Screens view's grid, and the
 *   screens that match a header search.
 * - `GET /screen/{id}/similar`: up to SIMILAR_SCREENS screens like it (same type and elements,
 *   nearest in colour and layout).
 *
 * The paywall (LIMITS.regular.screenListMaxPage): a regular caller (visitor or member) gets the first
 * pages, drawn only from the screens they may open in their app (`openableScreens`); a later page
 * is refused with 1002 and PaywallMessage.screenPages. Similar screens are drawn from the same set.
 */

/**
 * The colour filter's swatches: a screen matches a swatch when one of its dominant colours
 * (recorded at ingest) falls in the swatch's range of hue, lightness and saturation, so near colours
 * match. `hex` is how the web paints the swatch.
 */
export const COLOR_SWATCHES = [
  { key: 'red', hex: '#e5484d' },
  { key: 'orange', hex: '#f76b15' },
  { key: 'yellow', hex: '#ffc53d' },
  { key: 'green', hex: '#30a46c' },
  { key: 'teal', hex: '#12a594' },
  { key: 'blue', hex: '#0090ff' },
  { key: 'purple', hex: '#8e4ec6' },
  { key: 'pink', hex: '#d6409f' },
  { key: 'brown', hex: '#a18072' },
  { key: 'black', hex: '#111113' },
  { key: 'grey', hex: '#8b8d98' },
  { key: 'white', hex: '#ffffff' },
] as const;
export const SWATCH_KEYS = COLOR_SWATCHES.map((swatch) => swatch.key) as [SwatchKey, ...SwatchKey[]];
export type SwatchKey = (typeof COLOR_SWATCHES)[number]['key'];
export const SwatchKeySchema = z.enum(SWATCH_KEYS);

/**
 * Light or dark: a screen whose mean relative luminance (WCAG, 0 black to 1 white, read from its
 * pixels at ingest) is below SCREEN_DARK_BELOW is dark, otherwise light. Measured on the demo's
 * 1,539 screens: dark ones 0.00–0.19, light ones 0.34–0.95, nothing between
 * (docs/decisions/056-landing-grid-and-screen-theme.md).
 */
export const SCREEN_DARK_BELOW = 0.25;
export const SCREEN_THEMES = ['light', 'dark'] as const;
export const ScreenThemeSchema = z.enum(SCREEN_THEMES);
export type ScreenTheme = z.infer<typeof ScreenThemeSchema>;

/**
 * `POST /screen`. Within one filter any chosen value matches (screen types, app categories), except
 * UI elements, where a screen must have every chosen element; the filters combine with AND.
 * `q` matches a screen whose type, one of whose UI elements or one of whose app's categories is named
 * by the term (a substring of its name in English, Simplified or Traditional Chinese, whatever the
 * reader's language), or whose text read by OCR contains it (Latin and CJK substrings, as the item
 * search). News: newest screens first; Hot: the hottest apps' screens first, each app's in its order.
 */
export const ScreenListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SCREEN_PAGE_SIZE),
  /** App, website or business software; all when absent. */
  kind: ItemKindSchema.optional(),
  /** Screen types (the screen tree, root CATEGORY_ROOT.screen). */
  type: CategoryIdsSchema,
  /** UI elements (the element tree, root CATEGORY_ROOT.element): the screen has all of them. */
  element: CategoryIdsSchema,
  /** App categories (the list or business tree): the screen's app is in one of them. */
  group: CategoryIdsSchema,
  color: SwatchKeySchema.optional(),
  /** Light or dark screens (SCREEN_DARK_BELOW); both when absent. Screens not yet processed are neither. */
  theme: ScreenThemeSchema.optional(),
  q: z.string().trim().max(100).optional(),
  rank: z.enum([RANK.news, RANK.hot]).default(RANK.news),
}).refine((query) => query.page * query.pageSize <= SCREEN_LIST_WINDOW, {
  path: ['page'],
  message: `A Screens list shows its first ${SCREEN_LIST_WINDOW.toLocaleString('en-US')} screens. Narrow it with filters or a search to see others.`,
});
export type ScreenListQuery = z.input<typeof ScreenListQuerySchema>;

/**
 * A screen as the Screens view shows it: the screenshot (`group` is its screen type), its UI
 * elements (ids of the element tree), its dominant colours (#rrggbb, most present first), whether
 * it is light or dark (null until processed), and the app, site or business product it belongs to
 * (named and linked in the viewer).
 */
export const ScreenCardSchema = PreviewSchema.extend({
  elements: z.array(z.number().int()),
  colors: z.array(z.string()),
  theme: ScreenThemeSchema.nullable(),
  item: FlowItemSchema,
});
export type ScreenCard = z.infer<typeof ScreenCardSchema>;
/**
 * A page of screens. `total` counts the matching screens exactly when the list has no filter and no
 * search; otherwise up to SCREEN_COUNT_CAP, and `totalAtLeast` is true when more match than that
 * (`total` is then the cap: "1,000+ screens").
 */
export const ScreenListSchema = listSchema(ScreenCardSchema).extend({ totalAtLeast: z.boolean() });
/** `GET /screen/{id}/similar`: the similar screens, `total` their number. */
export const SimilarScreenListSchema = listSchema(ScreenCardSchema);

/** Messages of the screen calls (the web app shows them by key in the reader's language). */
export const ScreenListMessage = {
  screenMissing: 'This screen no longer exists.',
} as const;
export type ScreenListMessageKey = keyof typeof ScreenListMessage;
