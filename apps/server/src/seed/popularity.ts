import type { DayActivity } from '../modules/catalog/hot-score';
import type { Rng } from './prng';

/**
 * Invented activity history behind the demo's Hot ranking. The formula that turns it into
 * `item.hot_score` lives with the catalogue (modules/catalog/hot-score.ts).
 */

// ------------------------------------------------------------------ invented history

/**
 * How an item's audience moves over the recorded window: new apps on the rise, old favourites
 * slowly fading, steady ones, and a few that went viral for a week.
 */
export type Trend = 'rising' | 'fading' | 'steady' | 'spike';
export type ActivityProfile = { trend: Trend; baseViews: number; collectRate: number; peakAge: number };

export function pickProfile(rng: Rng, publishedAgeDays: number): ActivityProfile {
  let trend: Trend;
  if (publishedAgeDays < 120) trend = rng.chance(0.75) ? 'rising' : 'spike';
  else if (publishedAgeDays > 400) trend = rng.chance(0.55) ? 'fading' : rng.chance(0.7) ? 'steady' : 'spike';
  else trend = rng.pick(['steady', 'steady', 'rising', 'spike', 'fading'] as const);
  // Audience sizes spread over an order of magnitude; old favourites had a big one.
  let baseViews = Math.exp(rng.float(Math.log(25), Math.log(450)));
  if (trend === 'fading') baseViews *= 2.5;
  return { trend, baseViews, collectRate: rng.float(0.01, 0.06), peakAge: rng.int(3, 30) };
}

/** The multiplier of the base audience `ageDays` before the as-of date (1 = yesterday). */
function trendFactor(profile: ActivityProfile, ageDays: number, window: number): number {
  const recent = 1 - (ageDays - 1) / Math.max(1, window - 1); // 1 yesterday, 0 at the window's start
  switch (profile.trend) {
    case 'rising':
      return 0.15 + 1.6 * recent * recent;
    case 'fading':
      return 1.8 - 1.4 * recent;
    case 'steady':
      return 1;
    case 'spike':
      return 0.6 + 3.5 * Math.exp(-((ageDays - profile.peakAge) ** 2) / 32);
  }
}

/** Daily views and collects for the `window` days before the as-of date, none before publication. */
export function activitySeries(rng: Rng, profile: ActivityProfile, publishedAgeDays: number, window: number): DayActivity[] {
  const days: DayActivity[] = [];
  for (let ageDays = window; ageDays >= 1; ageDays--) {
    if (ageDays > publishedAgeDays) continue;
    const weekend = ageDays % 7 === 0 || ageDays % 7 === 1 ? 0.85 : 1;
    const views = Math.round(profile.baseViews * trendFactor(profile, ageDays, window) * weekend * rng.float(0.85, 1.15));
    const collects = Math.round(views * profile.collectRate * rng.float(0.7, 1.3));
    days.push({ ageDays, views, collects });
  }
  return days;
}
