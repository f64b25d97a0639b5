import type { Locale } from '@shotlib/contract';
import type { MailMessage } from '../../lib/mail';
import { escapeHtml, HTML_LANG, mailLocale } from '../../lib/mail-layout';

type Texts = {
  subject: string;
  intro: (date: string) => string;
  manual: (way: 'wechat' | 'paypal' | 'card') => string;
  action: string;
  ignore: string;
  signature: string;
};

/** The renewal reminder in each language of the product (WeChat Pay periods are renewed by hand). */
const TEXTS: Record<Locale, Texts> = {
  enUS: {
    subject: 'Your Shotlib subscription ends soon',
    intro: (date) => `Your Shotlib subscription ends on ${date} (UTC).`,
    manual: (way) => (way === 'wechat' ? 'It was paid with WeChat Pay, which does not renew by itself.' : 'It was a one-time payment, which does not renew by itself.'),
    action: 'To keep full access to the library, renew your plan:',
    ignore: 'If you do not want to renew, you need not do anything; paid features stay available until that date.',
    signature: 'The Shotlib team',
  },
  zhCN: {
    subject: '你的 Shotlib 会员即将到期',
    intro: (date) => `你的 Shotlib 会员将于 ${date}（UTC）到期。`,
    manual: (way) => (way === 'wechat' ? '本期会员通过微信支付购买，不会自动续费。' : '本期会员为单次付款，不会自动续费。'),
    action: '如需继续畅享完整素材库，请续费：',
    ignore: '如果不打算续费，无需任何操作；到期前会员功能仍可正常使用。',
    signature: 'Shotlib 团队',
  },
  zhTW: {
    subject: '你的 Shotlib 會員即將到期',
    intro: (date) => `你的 Shotlib 會員將於 ${date}（UTC）到期。`,
    manual: (way) => (way === 'wechat' ? '本期會員透過微信支付購買，不會自動續訂。' : '本期會員為單次付款，不會自動續訂。'),
    action: '如要繼續使用完整素材庫，請續訂：',
    ignore: '如果不打算續訂，無需任何操作；到期前會員功能仍可正常使用。',
    signature: 'Shotlib 團隊',
  },
};


/** The reminder mail: plain text and HTML, in the member's language, with a link to renew. */
export function renewalReminderMail(options: {
  to: string;
  locale: string;
  way: 'wechat' | 'paypal' | 'card';
  expiresAt: Date;
  renewUrl: string;
}): MailMessage {
  const locale = mailLocale(options.locale);
  const t = TEXTS[locale];
  const date = options.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  const text = [t.intro(date), t.manual(options.way), '', t.action, options.renewUrl, '', t.ignore, '', `— ${t.signature}`].join('\n');
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:32px 16px;background:#f6f6f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans GB','Microsoft YaHei',sans-serif;color:#111">
  <div style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e5e7;border-radius:12px;padding:32px">
    <p style="margin:0 0 8px;font-size:16px;line-height:1.5">${escapeHtml(t.intro(date))}</p>
    <p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#555">${escapeHtml(t.manual(options.way))}</p>
    <p style="margin:0 0 16px;font-size:14px;line-height:1.5">${escapeHtml(t.action)}</p>
    <p style="margin:0 0 24px"><a href="${escapeHtml(options.renewUrl)}" style="display:inline-block;padding:10px 20px;background:#111;color:#fff;border-radius:8px;text-decoration:none;font-size:14px">${escapeHtml(options.renewUrl)}</a></p>
    <p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#555">${escapeHtml(t.ignore)}</p>
    <p style="margin:0;font-size:14px;color:#888">— ${escapeHtml(t.signature)}</p>
  </div>
</body>
</html>`;
  return { to: options.to, subject: t.subject, text, html, logNote: { reminder: 'renewal', expiresAt: options.expiresAt.toISOString() } };
}
