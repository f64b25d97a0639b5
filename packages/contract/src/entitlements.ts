import { DETAIL_PAGE_SIZE } from './constants';

/**
 * What a regular caller (visitor or member) and a subscriber (vip) may do: one table,
 * enforced by the server and displayed by the subscribe page's comparison table.
 * Status codes of the specification: 0 none, 1 yes, 2 partial, 3 partial (50 pages), 5 highlighted updating.
 */
export const EntitlementStatus = { none: 0, yes: 1, partial: 2, partial50Pages: 3, updating: 5 } as const;
export type EntitlementStatus = (typeof EntitlementStatus)[keyof typeof EntitlementStatus];

export const ENTITLEMENT_ROWS = [
  { key: 'library', regular: EntitlementStatus.partial50Pages, vip: EntitlementStatus.yes },
  { key: 'screens', regular: EntitlementStatus.partial, vip: EntitlementStatus.yes },
  { key: 'filters', regular: EntitlementStatus.partial, vip: EntitlementStatus.yes },
  { key: 'collections', regular: EntitlementStatus.partial, vip: EntitlementStatus.yes },
  { key: 'bEnd', regular: EntitlementStatus.partial, vip: EntitlementStatus.updating },
  { key: 'flows', regular: EntitlementStatus.partial, vip: EntitlementStatus.updating },
  { key: 'screenSearch', regular: EntitlementStatus.partial, vip: EntitlementStatus.yes },
  { key: 'portfolio', regular: EntitlementStatus.none, vip: EntitlementStatus.yes },
] as const;
export type EntitlementRowKey = (typeof ENTITLEMENT_ROWS)[number]['key'];

/** The numeric limits behind the table's rows, as the server enforces them. */
export const LIMITS = {
  regular: {
    /**
     * Library lists: pages beyond this are refused. Pages of PAGE_SIZE items: a bigger pageSize
     * reaches no further (the free window is listMaxPage × PAGE_SIZE items).
     */
    listMaxPage: 50,
    /** Detail previews: only the first page (of DETAIL_PAGE_SIZE). */
    previewMaxPage: 1,
    screenFilter: false,
    /** Collections: members only, up to this many screens (and, apart, this many flows). */
    collectMax: 50,
    /** Boards (issue 29, decision 052): named collections a member may keep (a lapsed subscriber keeps more, makes none). */
    boardMax: 3,
    /** Portfolio guidance (decision 046): requests per subscription year; none without a subscription. */
    portfolioPerYear: 0,
    /**
     * The Screens view and its search across the library (issue 14): the first pages only (of
     * SCREEN_PAGE_SIZE; a bigger pageSize reaches no further), and only screens the caller may open
     * in their app (`openableScreens`): the later screens of an app are never listed or signed.
     */
    screenListMaxPage: 2,
  },
  vip: {
    listMaxPage: Number.POSITIVE_INFINITY,
    previewMaxPage: Number.POSITIVE_INFINITY,
    screenFilter: true,
    collectMax: Number.POSITIVE_INFINITY,
    boardMax: 200,
    /** Counted from the anniversary of the first paid day; a declined request gives its place back. */
    portfolioPerYear: 2,
    screenListMaxPage: Number.POSITIVE_INFINITY,
  },
} as const;

export type Tier = keyof typeof LIMITS;

/**
 * THE ONE RULE OF FREE SCREENS (docs/product-spec.md §6, decisions 028 and 045, issue 28): a
 * regular caller (visitor, member, lapsed subscriber) may open the first `openableScreens(false)`
 * screens of every item (app, website or business software) in its order (sort, then id); a
 * subscriber every screen. Every surface applies it and no other: the item page and its viewer,
 * flows (a flow plays up to its first step whose screen is locked), the Screens view and screen
 * search, similar screens, collections and collecting, the API, and signed media URLs (only screens
 * a caller may open are listed, so signed, for them).
 */
export function openableScreens(vip: boolean): number {
  const { previewMaxPage } = LIMITS[vip ? 'vip' : 'regular'];
  return Number.isFinite(previewMaxPage) ? previewMaxPage * DETAIL_PAGE_SIZE : Number.POSITIVE_INFINITY;
}

/** Whether a caller may open the screen at `position` (0-based, in its app's order). */
export const mayOpenScreen = (vip: boolean, position: number): boolean => position < openableScreens(vip);
export const tierOf = (vip: boolean): Tier => (vip ? 'vip' : 'regular');

/** vip is true only if an expiry exists and is later than now (docs/product-spec.md §4). */
export function isVip(expired: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!expired) return false;
  const at = expired instanceof Date ? expired : new Date(expired);
  return !Number.isNaN(at.getTime()) && at.getTime() > now.getTime();
}

/** The messages of a refusal by the paywall (code 1002); the web shows them beside the subscribe offer. */
export const PaywallMessage = {
  listPages: `Subscribe to browse beyond page ${LIMITS.regular.listMaxPage}.`,
  screens: 'Subscribe to see every screen of this app.',
  screenFilter: 'Subscribe to filter screens by category.',
  screenPages: 'Subscribe to browse every screen in the library.',
} as const;
