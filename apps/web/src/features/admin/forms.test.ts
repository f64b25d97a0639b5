import type { AdminItem } from '@shotlib/contract/admin';
import { describe, expect, it } from 'vitest';
import { dayBound } from './api/list-audit';
import { parseItemForm } from './item-form';
import { toCents } from './plans-page';

const values = {
  name: ' Ledger ',
  nameCn: '',
  nameTw: '帳本',
  briefing: 'Money, calmly.',
  briefingCn: '',
  briefingTw: '',
  site: 'https://ledger.example',
  rating: '4.5',
  platform: 'app' as const,
  business: false,
  publishedAt: '2026-03-04',
  groups: { list: [12], business: [50] },
  published: false,
};

describe('the item form', () => {
  it('reads the inputs as the contract does: empty translations are null, the day is noon UTC', () => {
    const parsed = parseItemForm(values, undefined);
    expect(parsed).toEqual({
      input: expect.objectContaining({ name: 'Ledger', nameCn: null, nameTw: '帳本', rating: 4.5, platform: false, publishedAt: '2026-03-04T12:00:00.000Z', group: [12] }),
    });
  });

  it('sends the categories of the business tree for business software, and of the list tree otherwise', () => {
    const business = parseItemForm({ ...values, business: true, platform: 'site' }, undefined);
    expect(business).toEqual({ input: expect.objectContaining({ business: true, platform: true, group: [50] }) });
    const app = parseItemForm(values, undefined);
    expect(app).toEqual({ input: expect.objectContaining({ business: false, platform: false, group: [12] }) });
  });

  it('keeps the stored instant when the day was not changed', () => {
    const item = { publishedAt: '2026-03-04T08:30:00.000Z' } as AdminItem;
    const parsed = parseItemForm({ ...values, publishedAt: '2026-03-04' }, item);
    expect('input' in parsed && parsed.input.publishedAt).toBe('2026-03-04T08:30:00.000Z');
  });

  it('names the wrong fields', () => {
    const parsed = parseItemForm({ ...values, name: ' ', site: 'javascript:alert(1)', rating: '7' }, undefined);
    expect(parsed).toEqual({ errors: { name: true, site: true, rating: true } });
  });

  it('refuses a publish date outside the contract’s date range (a typed year 0001 or 1969)', () => {
    for (const day of ['0001-01-01', '1969-12-31']) expect(parseItemForm({ ...values, publishedAt: day }, undefined)).toEqual({ errors: { publishedAt: true } });
    expect('input' in parseItemForm({ ...values, publishedAt: '9999-12-31' }, undefined)).toBe(true);
  });
});

describe('prices and days', () => {
  it('reads prices in units as cents', () => {
    expect(toCents('19.9')).toBe(1990);
    expect(toCents(' 128.00 ')).toBe(12800);
    expect(toCents('1,000')).toBeNaN();
    expect(toCents('1.999')).toBeNaN();
  });

  it('turns a day into the instants that bound it', () => {
    const from = dayBound('2026-03-04')!;
    const to = dayBound('2026-03-04', true)!;
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(24 * 3600 * 1000);
    expect(dayBound('')).toBeUndefined();
    expect(dayBound('04/03/2026')).toBeUndefined();
  });
});
