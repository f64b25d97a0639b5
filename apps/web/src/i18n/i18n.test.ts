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

describe('texts asked for by their key alone', () => {
  afterEach(async () => {
    i18n.removeResourceBundle('enUS', 'kept-test');
    await setLocale('enUS');
  });

  it('are the language’s own after a change of language, and the new ones once texts are added', async () => {
    const fixed = i18n.getFixedT(null, 'translation');
    const english = fixed('nav.apps');
    expect(english).toBe(i18n.getResource('enUS', 'translation', 'nav.apps'));
    expect(fixed('nav.apps')).toBe(english);
    await setLocale('zhTW');
    expect(fixed('nav.apps')).toBe(i18n.getResource('zhTW', 'translation', 'nav.apps'));
    expect(fixed('nav.apps')).not.toBe(english);
    await setLocale('enUS');
    expect(fixed('nav.apps')).toBe(english);

    // A namespace whose texts arrive later: its key before, its text after.
    const later = (i18n.getFixedT as unknown as (lng: null, ns: string) => (key: string) => string)(null, 'kept-test');
    expect(later('greeting')).toBe('greeting');
    i18n.addResourceBundle('enUS', 'kept-test', { greeting: 'Hello' });
    expect(later('greeting')).toBe('Hello');
    i18n.addResourceBundle('enUS', 'kept-test', { greeting: 'Hi' }, true, true);
    expect(later('greeting')).toBe('Hi');
  });

  it('leave texts with values or a count to i18next on every call', () => {
    expect(i18n.t('catalog.countApps', { count: 1 })).toBe('1 app');
    expect(i18n.t('catalog.countApps', { count: 5 })).toBe('5 apps');
  });
});
