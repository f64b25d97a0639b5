import { describe, expect, it } from 'vitest';
import { wrapIndex } from './wrap-index';

describe('wrapIndex', () => {
  it('wraps past both ends', () => {
    expect(wrapIndex(0, -1, 10)).toBe(9);
    expect(wrapIndex(9, 1, 10)).toBe(0);
    expect(wrapIndex(3, 1, 10)).toBe(4);
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
