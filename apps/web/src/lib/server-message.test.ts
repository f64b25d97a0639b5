import { AccountMessage, BillingMessage, PaywallMessage, ReplyCode } from '@shotlib/contract';
import { afterEach, describe, expect, it } from 'vitest';
import enUS from '../i18n/enUS.json';
import i18n from '../i18n/i18n';
import zhCN from '../i18n/zhCN.json';
import zhTW from '../i18n/zhTW.json';
import { ApiError } from './api-client';
import { accountMessageKey, billingMessageKey, paywallMessageKey, translatedReplyMessage } from './server-message';

afterEach(() => i18n.changeLanguage('enUS'));

describe('server messages', () => {
  it('every account and billing message of the contract has a text in each language', () => {
    for (const file of [enUS, zhCN, zhTW]) {
      expect(Object.keys(file.serverMessages).sort()).toEqual(
        [...Object.keys(AccountMessage), ...Object.keys(BillingMessage), 'tooManyRequests'].sort(),
      );
    }
  });

  it('names a server message by its contract key', () => {
    expect(accountMessageKey(AccountMessage.currentPasswordWrong)).toBe('currentPasswordWrong');
    expect(accountMessageKey('Something else')).toBeNull();
  });

  it('says a refusal in the reader’s language; unknown ones as the server wrote them', async () => {
    const wrong = new ApiError('reply', AccountMessage.currentPasswordWrong, 200, 1001);
    expect(translatedReplyMessage(wrong)).toBe('The current password is incorrect.');
    await i18n.changeLanguage('zhTW');
    expect(translatedReplyMessage(wrong)).toBe(zhTW.serverMessages.currentPasswordWrong);
    expect(translatedReplyMessage(new ApiError('reply', 'Too many requests, please try again later.', 429, 429))).toBe(
      zhTW.serverMessages.tooManyRequests,
    );
    expect(translatedReplyMessage(new ApiError('reply', 'Something unforeseen.', 200, 1001))).toBe('Something unforeseen.');
  });

  it('says billing refusals in the reader’s language too', async () => {
    expect(billingMessageKey(BillingMessage.alreadyRenewing)).toBe('alreadyRenewing');
    const renewing = new ApiError('reply', BillingMessage.alreadyRenewing, 200, 1001);
    await i18n.changeLanguage('zhCN');
    expect(translatedReplyMessage(renewing)).toBe(zhCN.serverMessages.alreadyRenewing);
    expect(translatedReplyMessage(renewing)).not.toBe(BillingMessage.alreadyRenewing);
  });

  it('says the paywall’s refusals (the Screens view past its free pages among them) in the reader’s language', async () => {
    expect(paywallMessageKey(PaywallMessage.screenPages)).toBe('screenPages');
    for (const key of Object.keys(PaywallMessage)) {
      for (const file of [enUS, zhCN, zhTW]) expect(file.paywall.messages).toHaveProperty(key);
    }
    const refusal = new ApiError('reply', PaywallMessage.screenPages, 200, ReplyCode.vipRequired);
    expect(translatedReplyMessage(refusal)).toBe(enUS.paywall.messages.screenPages);
    await i18n.changeLanguage('zhCN');
    expect(translatedReplyMessage(refusal)).toBe(zhCN.paywall.messages.screenPages);
  });
});
