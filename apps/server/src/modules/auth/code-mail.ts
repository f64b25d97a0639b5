import type { Locale } from '@shotlib/contract';
import type { MailMessage } from '../../lib/mail';
import { escapeHtml, HTML_LANG } from '../../lib/mail-layout';

type Texts = {
  subject: (code: string) => string;
  intro: string;
  validity: (minutes: number) => string;
  ignore: string;
  signature: string;
};

/** The one-time code e-mail in each language of the product. */
const TEXTS: Record<Locale, Texts> = {
  enUS: {
    subject: (code) => `${code} is your Shotlib verification code`,
    intro: 'Use this code to sign in to Shotlib:',
    validity: (minutes) => `It is valid for ${minutes} minutes and can be used once.`,
    ignore: 'If you did not ask for it, you can ignore this e-mail; nobody can sign in without the code.',
    signature: 'The Shotlib team',
  },
  zhCN: {
    subject: (code) => `${code} 是你的 Shotlib 验证码`,
    intro: '请使用以下验证码登录 Shotlib：',
    validity: (minutes) => `验证码 ${minutes} 分钟内有效，仅可使用一次。`,
    ignore: '如果这不是你本人的操作，请忽略这封邮件；没有验证码，任何人都无法登录你的账号。',
    signature: 'Shotlib 团队',
  },
  zhTW: {
    subject: (code) => `${code} 是你的 Shotlib 驗證碼`,
    intro: '請使用以下驗證碼登入 Shotlib：',
    validity: (minutes) => `驗證碼 ${minutes} 分鐘內有效，僅能使用一次。`,
    ignore: '如果這不是你本人的操作，請忽略這封郵件；沒有驗證碼，任何人都無法登入你的帳號。',
    signature: 'Shotlib 團隊',
  },
};


/** The code e-mail: plain text and HTML, in the reader's language. */
export function codeMail(options: { to: string; code: string; locale: Locale; validMinutes: number; siteUrl?: string }): MailMessage {
  const { to, code, locale, validMinutes, siteUrl } = options;
  const t = TEXTS[locale];
  const text = [t.intro, '', code, '', t.validity(validMinutes), t.ignore, '', `— ${t.signature}`, ...(siteUrl ? [siteUrl] : [])].join('\n');
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject(code))}</title></head>
<body style="margin:0;padding:32px 16px;background:#f6f6f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans GB','Microsoft YaHei',sans-serif;color:#111">
  <div style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e5e7;border-radius:12px;padding:32px">
    <p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(t.intro)}</p>
    <p style="margin:0 0 16px;font-size:32px;font-weight:600;letter-spacing:8px;font-variant-numeric:tabular-nums">${escapeHtml(code)}</p>
    <p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#555">${escapeHtml(t.validity(validMinutes))}</p>
    <p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#555">${escapeHtml(t.ignore)}</p>
    <p style="margin:0;font-size:14px;color:#888">— ${escapeHtml(t.signature)}${siteUrl ? `<br><a href="${escapeHtml(siteUrl)}" style="color:#888">${escapeHtml(siteUrl)}</a>` : ''}</p>
  </div>
</body>
</html>`;
  return { to, subject: t.subject(code), text, html, logNote: { code } };
}
