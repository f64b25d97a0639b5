import { describe, expect, it } from 'vitest';
import type { DayActivity } from './hot-score';
import { HOT_SCORE, decayedPopularity, hotScore } from './hot-score';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('decayedPopularity', () => {
  it('weighs a collect as five views and halves a day’s weight every seven days', () => {
    expect(HOT_SCORE).toMatchObject({ collectWeight: 5, halfLifeDays: 7 });
    expect(decayedPopularity([{ ageDays: 0, views: 10, collects: 2 }])).toBe(20);
    expect(decayedPopularity([{ ageDays: 7, views: 10, collects: 2 }])).toBeCloseTo(10, 10);
    expect(decayedPopularity([{ ageDays: 14, views: 100, collects: 0 }])).toBeCloseTo(25, 10);
    expect(
      decayedPopularity([
        { ageDays: 0, views: 10, collects: 0 },
        { ageDays: 7, views: 10, collects: 0 },
      ]),
    ).toBeCloseTo(15, 10);
    expect(decayedPopularity([])).toBe(0);
  });

  it('lets a week of recent activity outrank a larger but older one', () => {
    const recent = Array.from({ length: 7 }, (_, i) => ({ ageDays: i + 1, views: 100, collects: 2 }));
    const older = Array.from({ length: 7 }, (_, i) => ({ ageDays: i + 36, views: 300, collects: 6 }));
    expect(decayedPopularity(recent)).toBeGreaterThan(decayedPopularity(older));
  });
});

describe('hotScore', () => {
  const epoch = at(HOT_SCORE.epoch);

  it('is log2 of the decayed popularity plus the weeks since the epoch', () => {
    const days: DayActivity[] = [
      { ageDays: 0, views: 10, collects: 2 },
      { ageDays: 9, views: 40, collects: 0 },
    ];
    for (const asOf of [at('2026-11-01'), at('2031-06-15'), at('2024-02-29')]) {
      const weeks = (asOf.getTime() - epoch.getTime()) / DAY_MS / HOT_SCORE.halfLifeDays;
      expect(hotScore(days, asOf)).toBeCloseTo(Math.log2(decayedPopularity(days)) + weeks, 9);
    }
    expect(hotScore([{ ageDays: 0, views: 1, collects: 0 }], epoch)).toBe(0);
    expect(hotScore([{ ageDays: 0, views: 8, collects: 0 }], at('2023-01-15'))).toBeCloseTo(5, 12);
  });

  it('ranks items the same whatever day the scores are computed on (decay needs no refresh)', () => {
    // A's activity is older but larger, B's recent: B leads, and stays ahead when both are
    // re-scored later, because scoring later moves every item by the same amount.
    const a = [{ ageDays: 30, views: 500, collects: 10 }];
    const b = [{ ageDays: 1, views: 60, collects: 1 }];
    const asOf = at('2026-11-01');
    const later = new Date(asOf.getTime() + 30 * DAY_MS);
    const shift = (days: DayActivity[], by: number) => days.map((d) => ({ ...d, ageDays: d.ageDays + by }));
    expect(hotScore(b, asOf)).toBeGreaterThan(hotScore(a, asOf));
    expect(hotScore(shift(a, 30), later)).toBeCloseTo(hotScore(a, asOf), 9);
    expect(hotScore(shift(b, 30), later)).toBeCloseTo(hotScore(b, asOf), 9);
    // New activity today lifts A above B: the score only moves with the item's own activity.
    const aToday = [...shift(a, 30), { ageDays: 0, views: 200, collects: 4 }];
    expect(hotScore(aToday, later)).toBeGreaterThan(hotScore(shift(b, 30), later));
  });

  it('is 0 without activity and ignores empty days', () => {
    expect(hotScore([], at('2026-11-01'))).toBe(0);
    expect(hotScore([{ ageDays: 3, views: 0, collects: 0 }], at('2026-11-01'))).toBe(0);
  });

  it('stays finite decades after the epoch', () => {
    const score = hotScore([{ ageDays: 0, views: 1e9, collects: 1e8 }], at('2123-01-01'));
    expect(Number.isFinite(score)).toBe(true);
  });
});
