import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n';
import { planLabel } from './avatar-menu';

/** Issue 29.4: the menu names the member's plan as a person would, not "Unsubscribed". */
describe('planLabel', () => {
  afterEach(() => i18n.changeLanguage('enUS'));

  it('says Free plan to a reader without a membership, and until when a member is one', async () => {
    await i18n.changeLanguage('enUS');
    expect(planLabel(i18n.t, false, null)).toBe('Free plan');
    expect(planLabel(i18n.t, false, '2020-01-01T00:00:00.000Z')).toBe('Free plan');
    expect(planLabel(i18n.t, true, '2027-01-12T12:00:00.000Z')).toBe('Member until Jan 12, 2027');
    expect(planLabel(i18n.t, true, null)).toBe('Member');
    await i18n.changeLanguage('zhCN');
    expect(planLabel(i18n.t, false, null)).toBe('免费版');
    expect(planLabel(i18n.t, true, '2027-01-12T12:00:00.000Z')).toBe('会员有效期至 2027年1月12日');
  });
});
