import { describe, expect, it } from 'vitest';
import { ItemListQuerySchema, ItemSchema, itemText } from './catalog';

const item = {
  id: 1,
  name: 'Ledgerly',
  logo: 'logos/1.webp',
  briefing: 'A calm monthly budget.',
  site: 'https://ledgerly.example',
  rating: 4.5,
  platform: false,
  business: false,
  group: [12],
  preview: [],
  flows: 0,
  publishedAt: '2026-01-01T00:00:00.000Z',
};

describe('itemText', () => {
  const chinese = { ...item, nameCn: '小账本', nameTw: '小帳本', briefingCn: '每月预算。', briefingTw: '每月預算。' };

  it('gives the Chinese texts in Chinese locales and the English ones otherwise', () => {
    expect(itemText(chinese, 'enUS')).toEqual({ name: 'Ledgerly', briefing: 'A calm monthly budget.' });
    expect(itemText(chinese, 'zhCN')).toEqual({ name: '小账本', briefing: '每月预算。' });
    expect(itemText(chinese, 'zhTW')).toEqual({ name: '小帳本', briefing: '每月預算。' });
  });

  it('falls back to English, never to the other Chinese script', () => {
    expect(itemText(item, 'zhCN')).toEqual({ name: 'Ledgerly', briefing: 'A calm monthly budget.' });
    expect(itemText({ ...item, nameCn: '小账本' }, 'zhTW')).toEqual({ name: 'Ledgerly', briefing: 'A calm monthly budget.' });
  });
});

describe('ItemSchema', () => {
  it('accepts items with and without Chinese texts', () => {
    expect(ItemSchema.parse(item)).toEqual(item);
    expect(ItemSchema.parse({ ...item, nameCn: '小账本' }).nameCn).toBe('小账本');
  });
});

describe('ItemListQuerySchema', () => {
  it('trims the search term and reads categories from an array or a comma list', () => {
    expect(ItemListQuerySchema.parse({ name: '  记账 ' }).name).toBe('记账');
    expect(ItemListQuerySchema.parse({ group: '12, 13' }).group).toEqual([12, 13]);
    expect(ItemListQuerySchema.parse({ group: [14] }).group).toEqual([14]);
    expect(ItemListQuerySchema.parse({}).group).toEqual([]);
  });
});
