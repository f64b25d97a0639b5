import { describe, expect, it } from 'vitest';
import { articleIdOf } from './article-id';

describe('articleIdOf', () => {
  it('converts the route parameter to a number', () => {
    expect(articleIdOf('7')).toBe(7);
    expect(articleIdOf('0012')).toBe(12);
  });

  it('gives null (no fetch) for zero, a missing id and anything that is not a positive whole number', () => {
    for (const param of [undefined, '', ' ', '0', '-1', '1.5', 'abc', '7abc', 'Infinity', '1e400', '9007199254740993']) {
      expect(articleIdOf(param), String(param)).toBeNull();
    }
  });
});
