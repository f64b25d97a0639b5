import { describe, expect, it } from 'vitest';
import { DETAIL_PAGE_SIZE } from './constants';
import { ENTITLEMENT_ROWS, EntitlementStatus, LIMITS, isVip, mayOpenScreen, openableScreens, tierOf } from './entitlements';
import { formatPrice } from './billing';
import { mediaUrl } from './public-config';

describe('vip', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('is true only when the expiry exists and is later than now', () => {
    expect(isVip(null, now)).toBe(false);
    expect(isVip('2025-12-31T23:59:59Z', now)).toBe(false);
    expect(isVip('2026-01-01T00:00:00Z', now)).toBe(false);
    expect(isVip('2026-01-01T00:00:01Z', now)).toBe(true);
    expect(isVip('not a date', now)).toBe(false);
  });

  it('maps to the tier whose limits the server enforces', () => {
    expect(LIMITS[tierOf(false)].previewMaxPage).toBe(1);
    expect(LIMITS[tierOf(true)].screenFilter).toBe(true);
  });

  it('has the eight comparison rows, in each of which a regular account gets less than a subscription', () => {
    expect(ENTITLEMENT_ROWS.map((row) => row.key)).toEqual(['library', 'screens', 'filters', 'collections', 'bEnd', 'flows', 'screenSearch', 'portfolio']);
    // How much each status grants: none < partial (of any kind) < full. Every status has its rank.
    const rank: Record<EntitlementStatus, number> = {
      [EntitlementStatus.none]: 0,
      [EntitlementStatus.partial]: 1,
      [EntitlementStatus.partial50Pages]: 1,
      [EntitlementStatus.yes]: 2,
      [EntitlementStatus.updating]: 2,
    };
    for (const row of ENTITLEMENT_ROWS) expect(rank[row.regular], row.key).toBeLessThan(rank[row.vip]);
    // The limits the server enforces agree, every one of them: a number is lower, a switch is off.
    const keys = Object.keys(LIMITS.regular) as (keyof typeof LIMITS.regular)[];
    expect(keys.sort()).toEqual(Object.keys(LIMITS.vip).sort());
    expect(keys).toEqual(['boardMax', 'collectMax', 'listMaxPage', 'portfolioPerYear', 'previewMaxPage', 'screenFilter', 'screenListMaxPage']);
    for (const key of keys) {
      const [regular, vip] = [LIMITS.regular[key], LIMITS.vip[key]];
      if (typeof regular === 'number') expect(regular, key).toBeLessThan(vip as number);
      else expect([regular, vip], key).toEqual([false, true]);
    }
  });

  it('ties the "partial (50 pages)" status of the library row to the list limit the server enforces', () => {
    const library = ENTITLEMENT_ROWS.find((row) => row.key === 'library')!;
    expect(library.regular).toBe(EntitlementStatus.partial50Pages);
    expect(LIMITS.regular.listMaxPage).toBe(50);
  });

  it('lets a regular caller open exactly the free page of screens, and a subscriber every screen', () => {
    expect(openableScreens(false)).toBe(LIMITS.regular.previewMaxPage * DETAIL_PAGE_SIZE);
    expect([mayOpenScreen(false, DETAIL_PAGE_SIZE - 1), mayOpenScreen(false, DETAIL_PAGE_SIZE)]).toEqual([true, false]);
    expect(mayOpenScreen(true, 10_000)).toBe(true);
  });
});

describe('flows and business software (decisions 045 and 028: one rule of free screens)', () => {
  it('has no limit of their own: flows and business software are partly free by the free screens of their item', () => {
    expect(Object.keys(LIMITS.regular).some((key) => /flow|business/i.test(key))).toBe(false);
    const rows = Object.fromEntries(ENTITLEMENT_ROWS.map((row) => [row.key, row]));
    expect([rows.bEnd!.regular, rows.flows!.regular]).toEqual([EntitlementStatus.partial, EntitlementStatus.partial]);
  });
});

describe('prices', () => {
  const plan = { money: 21900, usdMoney: 2999 };
  it('shows CNY for Chinese locales and USD otherwise, to two decimals', () => {
    expect(formatPrice(plan, 'zhCN')).toBe('¥219.00');
    expect(formatPrice(plan, 'zhTW')).toBe('¥219.00');
    expect(formatPrice(plan, 'enUS')).toBe('$29.99');
  });
});

describe('media URLs', () => {
  it('joins the media host and a relative path; empty gives empty', () => {
    expect(mediaUrl('/media', 'shots/1/2.webp')).toBe('/media/shots/1/2.webp');
    expect(mediaUrl('https://cdn.example/m/', '/a.webp')).toBe('https://cdn.example/m/a.webp');
    expect(mediaUrl('/media', '')).toBe('');
    expect(mediaUrl('/media', 'https://x.example/a.png')).toBe('https://x.example/a.png');
  });
});
