import { describe, expect, it } from 'vitest';
import { formatRating, starFills } from './star-fills';

describe('star rating', () => {
  it('rounds to the nearest half star', () => {
    expect(starFills(4.17)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(4.25)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(0.74)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
  });

  it('clamps to 0…5', () => {
    expect(starFills(7)).toEqual(Array(5).fill('full'));
    expect(starFills(-1)).toEqual(Array(5).fill('empty'));
    expect(starFills(Number.NaN)).toEqual(Array(5).fill('empty'));
  });

  it('shows the value to two decimals', () => {
    expect(formatRating(4.5)).toBe('4.50');
    expect(formatRating(4.166)).toBe('4.17');
  });
});
