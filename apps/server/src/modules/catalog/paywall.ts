import { LIMITS, openableScreens, PAGE_SIZE, PaywallMessage, SCREEN_PAGE_SIZE, tierOf } from '@shotlib/contract';
import { VipRequiredError } from '../../lib/errors';

/** What a caller asks of the catalogue, as far as entitlements care. */
export type CatalogAccess =
  | { kind: 'list'; page: number; pageSize: number }
  | { kind: 'previews'; page: number; pageSize: number; groups: readonly number[] }
  | { kind: 'screenList'; page: number; pageSize: number };

/** The rows to serve. */
export type Window = { limit: number; offset: number };

/**
 * ===== THE PAYWALL =====
 * The single place where the catalogue applies the entitlement table (LIMITS in
 * @shotlib/contract, the same table the subscribe page displays). It refuses what the caller's
 * tier may not do (VipRequiredError: HTTP 200, code 1002, a message the page shows) and returns
 * the rows to serve. Refusals are explicit: a caller is never silently given an empty page.
 *   - lists: regular callers see the first LIMITS.regular.listMaxPage pages of PAGE_SIZE items;
 *     a page starting beyond them is refused, and a bigger pageSize is cut at their end (business
 *     software pages as apps and sites do: what is free of it is its screens, decision 045);
 *   - previews: regular callers see the first LIMITS.regular.previewMaxPage page(s) of
 *     DETAIL_PAGE_SIZE screens, and may not filter by screen category;
 *   - the Screens view across the library (issue 14): regular callers see the first
 *     LIMITS.regular.screenListMaxPage pages of SCREEN_PAGE_SIZE screens, drawn only from the
 *     screens they may open (`openableScreens`: the screen module filters by position).
 */
export function applyPaywall(vip: boolean, access: CatalogAccess): Window {
  const limits = LIMITS[tierOf(vip)];
  const offset = (access.page - 1) * access.pageSize;
  if (access.kind === 'list') {
    const freeRows = limits.listMaxPage * PAGE_SIZE;
    if (offset >= freeRows) throw new VipRequiredError(PaywallMessage.listPages);
    return { limit: Math.min(access.pageSize, freeRows - offset), offset };
  }
  if (access.kind === 'screenList') {
    const freeRows = limits.screenListMaxPage * SCREEN_PAGE_SIZE;
    if (offset >= freeRows) throw new VipRequiredError(PaywallMessage.screenPages);
    return { limit: Math.min(access.pageSize, freeRows - offset), offset };
  }
  if (access.groups.length > 0 && !limits.screenFilter) throw new VipRequiredError(PaywallMessage.screenFilter);
  if (access.page > limits.previewMaxPage) throw new VipRequiredError(PaywallMessage.screens);
  // A bigger page size must not reveal more than the free pages hold.
  return { limit: Math.min(access.pageSize, openableScreens(vip) - offset), offset };
}
