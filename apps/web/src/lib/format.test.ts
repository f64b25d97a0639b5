import { describe, expect, it } from 'vitest';
import { formatCount, formatFileSize } from './format';

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

describe('formatFileSize', () => {
  it('says a size in bytes, kilobytes or megabytes, never "0.0 MB" for a small file (issue 29)', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1023, 'en')).toBe('1,023 B');
    expect(formatFileSize(1024, 'en')).toBe('1 KB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(37 * 1024 + 300, 'en')).toBe('37 KB');
    expect(formatFileSize(1024 * 1024 - 1, 'en')).toBe('1 MB');
    expect(formatFileSize(2.45 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatFileSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
  });

  it('writes the number as the reader’s language does', () => {
    expect(formatFileSize(1536, 'zh-CN')).toBe('1.5 KB');
    expect(formatFileSize(1536, 'zh-TW')).toBe('1.5 KB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB');
  });
});
