import { PortfolioMessage } from '@shotlib/contract';
import { AdminPortfolioMessage } from '@shotlib/contract/admin-portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadNamespace } from '../i18n/i18n';
import { translateServerMessage } from './message-translators';
import { translatePortfolioMessage } from './portfolio';

const messages = [...Object.values(PortfolioMessage), ...Object.values(AdminPortfolioMessage)];

describe('portfolio guidance’s server messages', () => {
  beforeAll(() => loadNamespace('portfolio'));
  afterAll(() => i18n.changeLanguage('enUS'));

  it('say in English what the contract says (the link message without its field name)', async () => {
    await i18n.changeLanguage('enUS');
    for (const message of messages.filter((text) => text !== PortfolioMessage.linkInvalid)) expect(translatePortfolioMessage(message)).toBe(message);
    expect(translatePortfolioMessage(PortfolioMessage.linkInvalid)).toBe('Enter an address that starts with http:// or https://.');
  });

  it('are said in both Chinese scripts, and reach the API client’s toasts', async () => {
    await i18n.changeLanguage('zhCN');
    for (const message of messages) expect(translatePortfolioMessage(message)).toMatch(/\p{Script=Han}/u);
    expect(translateServerMessage(PortfolioMessage.quotaUsed)).toBe('本订阅年度的作品集点评次数已用完，续期后可再次申请。');
    await i18n.changeLanguage('zhTW');
    for (const message of messages) expect(translatePortfolioMessage(message)).toMatch(/\p{Script=Han}/u);
    expect(translateServerMessage(PortfolioMessage.vipOnly)).toBe('作品集指導是訂閱會員權益，訂閱後即可申請點評。');
    expect(translatePortfolioMessage('Something else.')).toBeNull();
  });
});
