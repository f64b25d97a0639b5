import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@shotlib/contract/admin';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/admin.enUS.json';
import zhCN from '../../i18n/admin.zhCN.json';
import zhTW from '../../i18n/admin.zhTW.json';

/*
 * The server writes audit rows only with a contract action (`recordAudit` takes an `AuditAction`),
 * so AUDIT_ACTIONS is every action the log can show: each must have its label in every language, or
 * the console shows the raw key (`audit.actions.screen_add`, issue 29).
 */
describe.each([
  ['enUS', enUS],
  ['zhCN', zhCN],
  ['zhTW', zhTW],
])('the audit log in %s', (_locale, texts) => {
  const actions: Record<string, string | undefined> = texts.audit.actions;
  const targets: Record<string, string | undefined> = texts.audit.targets;

  it('names every action the server writes', () => {
    expect(AUDIT_ACTIONS.filter((action) => !actions[action.replaceAll('.', '_')]?.trim())).toEqual([]);
  });

  it('names every target', () => {
    expect(AUDIT_TARGETS.filter((target) => !targets[target]?.trim())).toEqual([]);
  });
});
