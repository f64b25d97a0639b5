import { AdminMessage } from '@shotlib/contract/admin';
import { AdminContentMessage, CATEGORY_TREES } from '@shotlib/contract/admin-content';
import { AdminFlowMessage } from '@shotlib/contract/admin-flows';
import { IngestMessage, ScreenMessage } from '@shotlib/contract/ingest';
import { TestimonialMessage } from '@shotlib/contract/testimonials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadNamespace } from '../../i18n/i18n';
import { translateServerMessage } from '../../lib/message-translators';
import { translateAdminMessage } from './admin-messages';

const fixedMessages = [AdminMessage, AdminContentMessage, ScreenMessage, IngestMessage, AdminFlowMessage, TestimonialMessage].flatMap((messages) =>
  Object.values(messages).filter((text): text is string => typeof text === 'string'),
);
const inUse = [1, 3].flatMap((uses) => CATEGORY_TREES.map((tree) => AdminContentMessage.categoryInUse(uses, tree)));

describe('the console’s server messages', () => {
  beforeAll(() => loadNamespace('admin'));
  afterAll(() => i18n.changeLanguage('enUS'));

  it('say in English exactly what the contract says, so a reader of English sees the server’s own words', async () => {
    await i18n.changeLanguage('enUS');
    // The manifest's unknown category (the import CLI's) is said shorter: the console has no manifest.
    const said = [...fixedMessages, ...inUse].filter((message) => message !== IngestMessage.unknownCategory);
    for (const message of said) expect(translateAdminMessage(message)).toBe(message);
    expect(translateAdminMessage(IngestMessage.unknownCategory)).toBe('Unknown category.');
  });

  it('are said in Simplified and Traditional Chinese, with the number of uses of a category read from the message', async () => {
    await i18n.changeLanguage('zhCN');
    expect(translateAdminMessage(AdminMessage.lastAdmin)).toBe('最后一位管理员不能取消自己的管理员身份：请先指定另一位管理员。');
    expect(translateAdminMessage(AdminContentMessage.categoryInUse(3, 'screen'))).toBe('仍有 3 张截图使用该分类：请先将其移到其他分类。');
    for (const message of [...fixedMessages, ...inUse]) expect(translateAdminMessage(message)).toMatch(/\p{Script=Han}/u);
    await i18n.changeLanguage('zhTW');
    expect(translateAdminMessage(AdminContentMessage.categoryInUse(12, 'list'))).toBe('仍有 12 個應用程式或網站使用該分類：請先將其移到其他分類。');
    expect(translateAdminMessage(ScreenMessage.orderMismatch)).toBe('ids：請送出該應用程式或網站的全部截圖，每張一次。');
    // The flows' refusal of the same name is its own text.
    expect(translateAdminMessage(AdminFlowMessage.orderMismatch)).toBe('ids：請送出該應用程式、網站或產品的全部流程，每個一次。');
    expect(translateAdminMessage(AdminContentMessage.categoryInUse(2, 'flow'))).toBe('仍有 2 個流程使用該分類：請先將其移到其他分類。');
  });

  it('reach the API client’s toasts once the console is loaded; other messages stay as the server wrote them', async () => {
    await i18n.changeLanguage('zhCN');
    expect(translateServerMessage(AdminContentMessage.orderNotFlagged)).toBe('只有被标记待审核的订单才能处理。');
    expect(translateAdminMessage('Something the console never heard of.')).toBeNull();
    expect(translateServerMessage('Something the console never heard of.')).toBe('Something the console never heard of.');
  });
});
