import { describe, expect, it } from 'vitest';
import { ENTITLEMENT_ROWS, EntitlementStatus, LIMITS, isVip, tierOf } from './entitlements';
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

  it('has the six comparison rows, regular never better than vip', () => {
    expect(ENTITLEMENT_ROWS).toHaveLength(6);
    for (const row of ENTITLEMENT_ROWS) {
      expect(row.vip === EntitlementStatus.yes || row.vip === EntitlementStatus.updating).toBe(true);
    }
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
