import { describe, expect, it } from 'vitest';
import { clampStep, LOAD_AHEAD, stepForKey, viewerSteps, wantsMore } from './steps';

/** `open`: how many the reader may open (all of them unless given). */
const more = (total: number, { hasMore = false, open = total } = {}) => ({ total, open, hasMore });
const loading = { loading: false, failed: false };

describe('the viewer’s steps (issue 29)', () => {
  it('are the pictures in hand when nothing more will come, and wrap', () => {
    expect(viewerSteps(10)).toEqual({ count: 10, steps: 10, paywall: null, wrap: true });
    expect(viewerSteps(10, more(10))).toEqual({ count: 10, steps: 10, paywall: null, wrap: true });
    expect(viewerSteps(0)).toEqual({ count: 0, steps: 0, paywall: null, wrap: true });
  });

  it('count and reach the true total while more may be loaded, and wrap there (a subscriber: 17, 10 in hand)', () => {
    expect(viewerSteps(10, more(17, { hasMore: true }))).toEqual({ count: 17, steps: 17, paywall: null, wrap: true });
    expect(viewerSteps(17, more(17, { hasMore: false }))).toEqual({ count: 17, steps: 17, paywall: null, wrap: true });
  });

  it('end at one paywall step after the free pictures for a regular reader, the count still the true total, no wrap', () => {
    expect(viewerSteps(10, more(17, { open: 10 }))).toEqual({ count: 17, steps: 11, paywall: 10, wrap: false });
    // Nothing hidden: no paywall step, and the walk wraps.
    expect(viewerSteps(8, more(8, { open: 8 }))).toEqual({ count: 8, steps: 8, paywall: null, wrap: true });
  });

  it('place the paywall after the open pictures still to load (the Screens view: 48 open of 1,000, 24 in hand)', () => {
    expect(viewerSteps(24, more(1000, { open: 48, hasMore: true }))).toEqual({ count: 1000, steps: 49, paywall: 48, wrap: false });
    // The list refused its next page (code 1002): the paywall follows the pictures in hand.
    expect(viewerSteps(24, more(1000, { open: 24 }))).toEqual({ count: 1000, steps: 25, paywall: 24, wrap: false });
  });

  it('never count fewer than the pictures in hand (a total that lags behind)', () => {
    expect(viewerSteps(12, more(10, { hasMore: true }))).toEqual({ count: 12, steps: 12, paywall: null, wrap: true });
  });
});

describe('moving through the steps', () => {
  it('wraps at the true ends when every picture is open (docs/product-spec.md §2)', () => {
    expect(stepForKey('ArrowRight', 16, 17, true)).toBe(0);
    expect(stepForKey('ArrowLeft', 0, 17, true)).toBe(16);
    expect(stepForKey('ArrowRight', 3, 17, true)).toBe(4);
    expect(stepForKey('ArrowLeft', 3, 17, true)).toBe(2);
    // One picture: nowhere to go.
    expect(stepForKey('ArrowRight', 0, 1, true)).toBe(0);
    expect(stepForKey('ArrowLeft', 0, 1, true)).toBe(0);
  });

  it('stops at both ends of a walk that ends at the paywall step: → there stays, ← at the first stays', () => {
    expect(stepForKey('ArrowRight', 9, 11, false)).toBe(10);
    expect(stepForKey('ArrowRight', 10, 11, false)).toBe(10);
    expect(stepForKey('ArrowLeft', 0, 11, false)).toBe(0);
    expect(stepForKey('ArrowLeft', 10, 11, false)).toBe(9);
  });

  it('Home goes to the first step, End to the last (a subscriber’s last screen, a visitor’s paywall step)', () => {
    expect(stepForKey('Home', 12, 17, true)).toBe(0);
    expect(stepForKey('End', 2, 17, true)).toBe(16);
    expect(stepForKey('End', 2, 11, false)).toBe(10);
    expect(stepForKey('Enter', 2, 17, true)).toBeNull();
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

  it(`asks once the viewer is within ${LOAD_AHEAD} of the last picture in hand, or past it (End, or ← wrapping to the last)`, () => {
    expect(wantsMore(10 - LOAD_AHEAD - 1, 10, vip)).toBe(false);
    expect(wantsMore(10 - LOAD_AHEAD, 10, vip)).toBe(true);
    expect(wantsMore(16, 10, vip)).toBe(true);
  });

  it('does not ask while asking, after a failure (the place offers to try again), past the open ones or when all are in', () => {
    expect(wantsMore(9, 10, { ...vip, loading: true })).toBe(false);
    expect(wantsMore(9, 10, { ...vip, failed: true })).toBe(false);
    expect(wantsMore(10, 10, { ...vip, open: 10 })).toBe(false);
    expect(wantsMore(16, 17, { ...vip, hasMore: true })).toBe(false);
    expect(wantsMore(9, 10, undefined)).toBe(false);
  });

  it('asks for the open pictures still to load before a paywall step (the Screens view’s second free page)', () => {
    expect(wantsMore(22, 24, { ...more(1000, { open: 48, hasMore: true }), ...loading })).toBe(true);
    expect(wantsMore(47, 48, { ...more(1000, { open: 48, hasMore: true }), ...loading })).toBe(false);
  });
});
