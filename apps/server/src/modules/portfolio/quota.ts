import { LIMITS, tierOf, type PortfolioQuota } from '@shotlib/contract';

/** `anchor` moved by whole years (UTC); 29 February lands on 1 March in other years. */
function addYears(anchor: Date, years: number): Date {
  const moved = new Date(anchor.getTime());
  moved.setUTCFullYear(anchor.getUTCFullYear() + years);
  return moved;
}

/**
 * The subscription year that holds `now`: [anchor + k years, anchor + k + 1 years), where the
 * anchor is the member's first paid day (decision 046). Before the anchor (a clock set back), the
 * first year.
 */
export function subscriptionYear(anchor: Date, now: Date): { from: Date; to: Date } {
  if (now.getTime() < anchor.getTime()) return { from: anchor, to: addYears(anchor, 1) };
  let years = now.getUTCFullYear() - anchor.getUTCFullYear();
  if (addYears(anchor, years).getTime() > now.getTime()) years -= 1;
  return { from: addYears(anchor, years), to: addYears(anchor, years + 1) };
}

/** The quota reply: what the tier allows in the year, how much of it is used, when it starts again. */
export function quotaOf(vip: boolean, used: number, year: { to: Date } | null): PortfolioQuota {
  const limit = LIMITS[tierOf(vip)].portfolioPerYear;
  if (!vip || !year) return { vip, limit, used: 0, left: 0, renewsAt: null };
  return { vip, limit, used, left: Math.max(0, limit - used), renewsAt: year.to.toISOString() };
}
