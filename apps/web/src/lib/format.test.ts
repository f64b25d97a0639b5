import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('groups whole numbers as Intl does for the three languages, without making a NumberFormat', () => {
    const values = [0, 1, 7, 12, 999, 1000, 1234, 99999, 100000, 147603, 1000000, 9876543210, -5, -1234, -1234567, Number.MAX_SAFE_INTEGER];
    for (const tag of ['en', 'zh-CN', 'zh-TW']) {
      const intl = new Intl.NumberFormat(tag);
      for (const value of values) expect(formatCount(value, tag), `${tag} ${value}`).toBe(intl.format(value));
    }
  });

  it('leaves fractions and other languages to Intl', () => {
    expect(formatCount(1234.5, 'en')).toBe(new Intl.NumberFormat('en').format(1234.5));
    expect(formatCount(1234567, 'de')).toBe(new Intl.NumberFormat('de').format(1234567));
  });
});
