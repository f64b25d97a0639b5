import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { setLocale } from './i18n';

describe('plural forms', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await setLocale('enUS');
  });

  it('picks the one/other form as before, and looks the rule up once per language, not once per text', async () => {
    const rules = vi.spyOn(Intl, 'PluralRules');
    expect(i18n.t('catalog.countApps', { count: 1 })).toBe('1 app');
    expect(i18n.t('catalog.countApps', { count: 2 })).toBe('2 apps');
    expect(i18n.t('catalog.countApps', { count: 0 })).toBe('0 apps');
    for (let i = 0; i < 20; i++) i18n.t('catalog.countWeb', { count: i });
    expect(rules.mock.calls.length).toBeLessThanOrEqual(1);
    await setLocale('zhCN');
    expect(i18n.t('catalog.countApps', { count: 1 })).toBe(i18n.getResource('zhCN', 'translation', 'catalog.countApps_one').replace('{{count}}', '1'));
    expect(i18n.t('catalog.countApps', { count: 3 })).toBe(i18n.getResource('zhCN', 'translation', 'catalog.countApps_other').replace('{{count}}', '3'));
  });
});
