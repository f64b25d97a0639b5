import { formatPrice } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { planKind, pricePer } from './plans';

describe('plans', () => {
  it('names the grades: 1 year, 2 season, 3 month, nothing else', () => {
    expect([1, 2, 3].map(planKind)).toEqual(['year', 'season', 'month']);
    expect(planKind(4)).toBeNull();
    expect(planKind(0)).toBeNull();
  });

  it('comes to a price per month and per day in both currencies, to the cent', () => {
    const year = { grade: 1, period: 12, money: 21900, usdMoney: 2999 };
    expect(pricePer(year, 'month')).toEqual({ money: 1825, usdMoney: 250 });
    expect(formatPrice(pricePer(year, 'day'), 'zhCN')).toBe('¥0.60');
    expect(formatPrice(pricePer(year, 'day'), 'enUS')).toBe('$0.08');
    expect(pricePer({ period: 1, money: 2900, usdMoney: 499 }, 'month')).toEqual({ money: 2900, usdMoney: 499 });
  });
});
