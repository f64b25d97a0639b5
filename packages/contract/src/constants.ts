/** Every constant of the product specification (docs/product-spec.md §9), defined once. */

export const API_BASE = '/ui';
export const API_PREFIX = '/ui/c-api/v1';

export const REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_LIFETIME_MS = 43_000_000;
/** A session opened with an e-mailed code may set a new password without the old one this long. */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60_000;

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_HISTORY_MAX = 10;
export const CATEGORY_DEBOUNCE_MS = 300;

export const TOAST_DEFAULT_MS = 2000;
export const TOAST_Z_INDEX = 100;
export const TOAST_OFFSET_PX = 10;

export const AVATAR_STRIP_SIZE = 7;
export const AVATAR_STRIP_STEP_MS = 1000;

/** Ids are PostgreSQL \`integer\`s: 1..2147483647. Larger ids are refused at the edge, never sent to the database. */
export const ID_MAX = 2_147_483_647;
/**
 * An id as IdSchema (catalog.ts) reads it (a whole number in 1..ID_MAX, from text or a number), or null: for the
 * web's route parameters, without zod (a schema used by the web is evaluated in its first view's chunk: decision 035).
 */
export function parseId(value: unknown): number | null {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= ID_MAX ? id : null;
}
/**
 * Every date a caller sends lies in 1970-01-01T00:00:00.000Z..9999-12-31T23:59:59.999Z (decision 029):
 * PostgreSQL has no year 0 and JS writes years past 9999 as `+010000`, which PostgreSQL cannot read.
 */
export const DATE_MIN = '1970-01-01T00:00:00.000Z';
export const DATE_MAX = '9999-12-31T23:59:59.999Z';
/** Error messages quote at most this many characters of what the caller sent. */
export const ECHO_MAX = 64;

export const PAGE_SIZE = 8;
export const DETAIL_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const SCROLL_TRIGGER_RATIO = 0.5;

/** `detailWeb`: a website's screens on its page, fewer and larger than phone screens (decision 056). */
export const GRID_COLUMNS = { app: 4, web: 3, b: 3, flows: 3, screens: 5, detail: 5, detailWeb: 3, collect: 5, points: 3 } as const;
/** The Screens view (issue 14): screens per page, and how many similar screens the viewer shows. */
export const SCREEN_PAGE_SIZE = 24;
export const SIMILAR_SCREENS = 12;
/**
 * A filtered or searched Screens list counts its matches up to this many; past it the reply says
 * "at least" (`totalAtLeast`) and the page shows "1,000+ screens". Counting every match of a common
 * term among 400,000 screens costs a scan of the library; the page needs only its own rows (issue 11).
 */
export const SCREEN_COUNT_CAP = 1000;
/**
 * How deep a Screens list goes: a page must end within its first 10,000 screens (page × pageSize).
 * Past that, filters and search narrow it. A page at offset N costs a walk over N screens of the
 * order (issue 11); search engines bound their result windows the same way.
 */
export const SCREEN_LIST_WINDOW = 10_000;

export const PAYMENT_POLL_MS = 3000;
export const SUCCESS_COUNTDOWN_S = 3;

export const QR_SIZE_PX = 220;
export const QR_MARGIN = 2;
export const OAUTH_POPUP = { width: 500, height: 600 } as const;

export const LOGIN_CODE_LENGTH = 6;
/** A new code mail for the same address only after this pause (the server enforces it; the login page counts it down). */
export const LOGIN_CODE_RESEND_S = 60;
export const PASSWORD_MIN = 6;
export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 20;

export const ZOOM = { min: 0.1, max: 5, step: 0.2, wheelStep: 0.05, zoomOutFloor: 0.4 } as const;

/**
 * Category trees: `preId` of the list (app/site) categories and of screen (detail) categories (the
 * spec's 9 and 11), of business-software list categories (10), of flow types (8) and of UI elements
 * (7, issue 14). The new roots take ids the demo's categories (12 and up) leave free (decision 045).
 */
export const CATEGORY_ROOT = { list: 9, screen: 11, business: 10, flow: 8, element: 7 } as const;

export const RANK = { news: 'N', hot: 'H' } as const;
export type Rank = (typeof RANK)[keyof typeof RANK];

/**
 * Order statuses. The spec shows 0 unpaid and 1 paid (Subscribed); 2 closed (abandoned or failed,
 * never paid) and 3 refunded are shown as not subscribed.
 */
export const ORDER_STATUS = { unpaid: 0, paid: 1, closed: 2, refunded: 3 } as const;
/** Plan grades: 1 year, 2 season (quarter), 3 month. */
export const GRADE = { year: 1, season: 2, month: 3 } as const;
export const GRADE_PERIOD_MONTHS: Record<number, number> = { 1: 12, 2: 3, 3: 1 };

export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  collect: 'collect',
  authenticated: 'authenticated',
  searchHistory: 'search_history',
  avatarList: 'avatarList',
  options: 'options',
  previewOptions: 'previewOptions',
  /** The business-software (root 10) and flow-type (root 8) trees, cached like the spec's two (issue 13). */
  businessOptions: 'businessOptions',
  flowOptions: 'flowOptions',
  elementOptions: 'elementOptions',
  locale: 'locale',
} as const;

export const LOCALES = ['enUS', 'zhCN', 'zhTW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'enUS';

/**
 * Marketing claims of docs/product-spec.md §1, shown on the plans page: items, apps and websites,
 * screenshots, designers; new apps weekly since 2023, subscriptions outside China since 2025,
 * B-end pages from November 2025 and flow pages from December 2025 (year-month).
 */
export const MARKETING = {
  items: 147_603,
  apps: 1000,
  screenshots: 400_000,
  designers: 60_000,
  weeklySince: 2023,
  externalSince: 2025,
  bEndFrom: '2025-11',
  flowsFrom: '2025-12',
} as const;

/**
 * A catalogue figure for marketing copy: the live count rounded down to two significant digits
 * (1,570 → 1,500, shown "1,500+") while it is below the specification's claim, the claim once the
 * catalogue has reached it. The copy never promises more than the catalogue holds.
 */
export function catalogueFigure(live: number, claim: number): number {
  if (live >= claim) return claim;
  if (live < 100) return Math.max(0, Math.floor(live));
  const unit = 10 ** (Math.floor(Math.log10(live)) - 1);
  return Math.floor(live / unit) * unit;
}

export const SUPPORT_REPLY_HOURS = 48;
export const PORTFOLIO_GUIDANCE_PER_YEAR = 2;
export const POLICY_EFFECTIVE_DATE = '2025-09-18';
