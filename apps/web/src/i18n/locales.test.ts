import { ValidationMessage } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import adminEnUS from './admin.enUS.json';
import adminZhCN from './admin.zhCN.json';
import adminZhTW from './admin.zhTW.json';
import enUS from './enUS.json';
import legalEnUS from './legal.enUS.json';
import legalZhCN from './legal.zhCN.json';
import legalZhTW from './legal.zhTW.json';
import portfolioEnUS from './portfolio.enUS.json';
import portfolioZhCN from './portfolio.zhCN.json';
import portfolioZhTW from './portfolio.zhTW.json';
import zhCN from './zhCN.json';
import zhTW from './zhTW.json';

/** Every leaf of a locale file as 'a.b.c' (array items by index). */
function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

function emptyLeaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() ? [] : [prefix];
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => emptyLeaves(child, prefix ? `${prefix}.${key}` : key));
}

/** `{{name}}` placeholders of a text. */
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

function valueAt(file: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
}

describe.each([
  ['translation', { enUS, zhCN, zhTW }],
  ['legal', { enUS: legalEnUS, zhCN: legalZhCN, zhTW: legalZhTW }],
  ['admin', { enUS: adminEnUS, zhCN: adminZhCN, zhTW: adminZhTW }],
  ['portfolio', { enUS: portfolioEnUS, zhCN: portfolioZhCN, zhTW: portfolioZhTW }],
])('namespace %s', (_namespace, files) => {
  const english = leaves(files.enUS).sort();

  it.each(['zhCN', 'zhTW'] as const)('%s has exactly the keys of enUS', (locale) => {
    expect(leaves(files[locale]).sort()).toEqual(english);
  });

  it.each(['enUS', 'zhCN', 'zhTW'] as const)('%s has no empty text', (locale) => {
    expect(emptyLeaves(files[locale])).toEqual([]);
  });

  it.each(['zhCN', 'zhTW'] as const)('%s keeps the placeholders of each English text', (locale) => {
    for (const key of english) {
      const source = valueAt(files.enUS, key);
      if (typeof source !== 'string') continue;
      expect(placeholders(String(valueAt(files[locale], key))), key).toEqual(placeholders(source));
    }
  });
});

describe('English texts', () => {
  it('carry the validation messages of the contract, by the same keys', () => {
    const expected = Object.fromEntries(
      Object.entries(ValidationMessage).map(([key, text]) => [key, text.replace('{email}', '{{email}}')]),
    );
    expect(enUS.validation).toEqual(expected);
  });

  it('use the exact strings of the specification', () => {
    expect(enUS.search.placeholder).toBe('Search for images');
    expect(enUS.search.clearHistory).toBe('Clear history');
    expect(enUS.common.categoryNotFound).toBe('Category not found');
    expect(enUS.common.loading).toBe('Loading...');
    expect(enUS.errors.internal).toBe('Internal Server Error');
    expect(enUS.errors.network).toBe('Network Error');
    expect(enUS.userMenu).toMatchObject({
      subscribe: 'Subscribe',
      // Not the spec's Subscribed / Unsubscribed: the plan in words a person uses (issue 29.4, decision 051).
      memberUntil: 'Member until {{date}}',
      freePlan: 'Free plan',
      myCollection: 'My Collection',
      contactSupport: 'Contact Support',
      insights: 'Insights',
      settings: 'Settings',
      logOut: 'Log out',
    });
    expect(enUS.nav).toMatchObject({
      apps: 'Apps',
      website: 'Websites', // not the spec's 'Website': the tab lists websites (issue 29.6)
      insights: 'Insights',
      profile: 'Profile',
      subscription: 'Subscription',
      contact: 'Contact',
    });
    expect(enUS.billing.cfm.title).toBe('Become a subscriber');
  });

  it('Simplified and Traditional Chinese differ where usage differs', () => {
    expect(zhCN.auth.login.title).toBe('登录');
    expect(zhTW.auth.login.title).toBe('登入');
    expect(zhCN.userMenu.settings).toBe('设置');
    expect(zhTW.userMenu.settings).toBe('設定');
    expect(zhCN.footer.legal).toContain('信息');
    expect(zhTW.footer.legal).toContain('資訊');
  });
});
