import { describe, expect, it } from 'vitest';
import { clampStep, LOAD_AHEAD, stepForKey, viewerSteps, wantsMore } from './steps';

const more = (total: number, { hasMore = false, locked = false } = {}) => ({ total, hasMore, locked });
const loading = { loading: false, failed: false };

describe('the viewer’s steps (issue 29)', () => {
  it('are the pictures in hand when nothing more will come', () => {
    expect(viewerSteps(10)).toEqual({ count: 10, steps: 10, paywall: null });
    expect(viewerSteps(10, more(10))).toEqual({ count: 10, steps: 10, paywall: null });
    expect(viewerSteps(0)).toEqual({ count: 0, steps: 0, paywall: null });
  });

  it('count and reach the true total while more may be loaded (a subscriber: 17, 10 in hand)', () => {
    expect(viewerSteps(10, more(17, { hasMore: true }))).toEqual({ count: 17, steps: 17, paywall: null });
    expect(viewerSteps(17, more(17, { hasMore: false }))).toEqual({ count: 17, steps: 17, paywall: null });
  });

  it('end at one paywall step after the free pictures for a regular reader, the count still the true total', () => {
    expect(viewerSteps(10, more(17, { locked: true }))).toEqual({ count: 17, steps: 11, paywall: 10 });
    // Nothing hidden: no paywall step.
    expect(viewerSteps(8, more(8, { locked: true }))).toEqual({ count: 8, steps: 8, paywall: null });
  });

  it('never count fewer than the pictures in hand (a total that lags behind)', () => {
    expect(viewerSteps(12, more(10, { hasMore: true }))).toEqual({ count: 12, steps: 12, paywall: null });
  });
});

describe('moving through the steps', () => {
  it('stops at both ends: no wrap', () => {
    expect(stepForKey('ArrowRight', 16, 17)).toBe(16);
    expect(stepForKey('ArrowLeft', 0, 17)).toBe(0);
    expect(stepForKey('ArrowRight', 9, 11)).toBe(10);
    expect(stepForKey('ArrowRight', 10, 11)).toBe(10);
  });

  it('Home goes to the first step, End to the last (a subscriber’s last screen, a visitor’s paywall step)', () => {
    expect(stepForKey('Home', 12, 17)).toBe(0);
    expect(stepForKey('End', 2, 17)).toBe(16);
    expect(stepForKey('End', 2, 11)).toBe(10);
    expect(stepForKey('Enter', 2, 17)).toBeNull();
  });

  it('clamps an index out of range', () => {
    expect(clampStep(-1, 5)).toBe(0);
    expect(clampStep(9, 5)).toBe(4);
    expect(clampStep(3, 0)).toBe(0);
    expect(clampStep(Number.NaN, 5)).toBe(0);
  });
});

describe('asking for the next pictures', () => {
  const vip = { ...more(17, { hasMore: true }), ...loading };

  it(`asks once the viewer is within ${LOAD_AHEAD} of the last picture in hand, or past it`, () => {
    expect(wantsMore(10 - LOAD_AHEAD - 1, 10, vip)).toBe(false);
    expect(wantsMore(10 - LOAD_AHEAD, 10, vip)).toBe(true);
    expect(wantsMore(16, 10, vip)).toBe(true);
  });

  it('does not ask while asking, after a failure (the place offers to try again), when locked or when all are in', () => {
    expect(wantsMore(9, 10, { ...vip, loading: true })).toBe(false);
    expect(wantsMore(9, 10, { ...vip, failed: true })).toBe(false);
    expect(wantsMore(9, 10, { ...vip, locked: true })).toBe(false);
    expect(wantsMore(16, 17, { ...vip, hasMore: true })).toBe(false);
    expect(wantsMore(9, 10, undefined)).toBe(false);
  });
});
