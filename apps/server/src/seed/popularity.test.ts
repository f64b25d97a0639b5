import { describe, expect, it } from 'vitest';
import type { ActivityProfile } from './popularity';
import { activitySeries, pickProfile } from './popularity';
import { createRng } from './prng';

describe('activitySeries', () => {
  const profile = (trend: ActivityProfile['trend']): ActivityProfile => ({ trend, baseViews: 200, collectRate: 0.03, peakAge: 10 });
  const views = (trend: ActivityProfile['trend'], ages: [number, number]) => {
    const days = activitySeries(createRng(trend), profile(trend), 1000, 60);
    const sum = (from: number, to: number) => days.filter((d) => d.ageDays >= from && d.ageDays <= to).reduce((s, d) => s + d.views, 0);
    return [sum(ages[0], ages[0] + 6), sum(ages[1], ages[1] + 6)];
  };

  it('has one row per day of the window, none before publication', () => {
    const days = activitySeries(createRng('x'), profile('steady'), 1000, 60);
    expect(days.map((d) => d.ageDays)).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i));
    const young = activitySeries(createRng('x'), profile('rising'), 12.5, 60);
    expect(Math.max(...young.map((d) => d.ageDays))).toBe(12);
    for (const d of days) expect(d.collects).toBeLessThan(d.views);
  });

  it('rises, fades or spikes as the profile says', () => {
    const [risingRecent, risingOld] = views('rising', [1, 50]);
    expect(risingRecent).toBeGreaterThan(risingOld * 3);
    const [fadingRecent, fadingOld] = views('fading', [1, 50]);
    expect(fadingOld).toBeGreaterThan(fadingRecent * 2);
    const [atPeak, away] = views('spike', [7, 40]);
    expect(atPeak).toBeGreaterThan(away * 2);
  });

  it('draws new items as rising or spiking and gives fading ones a large audience', () => {
    for (let i = 0; i < 50; i++) {
      expect(['rising', 'spike']).toContain(pickProfile(createRng(`new:${i}`), 30).trend);
      const old = pickProfile(createRng(`old:${i}`), 600);
      if (old.trend === 'fading') expect(old.baseViews).toBeGreaterThanOrEqual(25 * 2.5);
    }
  });
});
