import { describe, expect, it } from 'vitest';
import { fitText, textWidth, wrapText } from './svg';

describe('text measurement', () => {
  it('measures with the font advance widths: narrow letters less than wide ones, CJK a full em', () => {
    expect(textWidth('iiii', 10)).toBeLessThan(textWidth('MMMM', 10));
    expect(textWidth('Save', 10, true)).toBeGreaterThan(textWidth('Save', 10));
    expect(textWidth('记账本', 16)).toBe(48);
  });

  it('cuts a line to its box at a word boundary, with an ellipsis', () => {
    const line = 'Round-up investing that turns spare change into a portfolio';
    const cut = fitText(line, 160, 14);
    expect(cut.endsWith('\u2026')).toBe(true);
    expect(textWidth(cut, 14)).toBeLessThanOrEqual(160);
    expect(line.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut.slice(0, -1).endsWith(' ')).toBe(false);
    expect(fitText('Short', 160, 14)).toBe('Short');
  });

  it('wraps Latin between words and Chinese between characters, never starting a line with punctuation', () => {
    const latin = wrapText('Every purchase is sorted into a category as soon as it clears.', 200, 14);
    expect(latin.length).toBeGreaterThan(1);
    for (const l of latin) expect(textWidth(l, 14)).toBeLessThanOrEqual(200);
    expect(latin.join(' ')).toBe('Every purchase is sorted into a category as soon as it clears.');
    const chinese = wrapText('银行卡丢失时一键冻结，找到后同样一键解冻。每一笔消费入账后都会立即自动分类。', 150, 15);
    for (const l of chinese) {
      expect(textWidth(l, 15)).toBeLessThanOrEqual(150);
      expect(l).not.toMatch(/^[，。、]/);
    }
    const two = wrapText('Every purchase is sorted into a category as soon as it clears.', 120, 14, false, 2);
    expect(two).toHaveLength(2);
    expect(two[1].endsWith('\u2026')).toBe(true);
  });
});
