import { LOCALES, type Locale } from '@shotlib/contract';

/** The `lang` attribute of each product language. */
export const HTML_LANG: Record<Locale, string> = { enUS: 'en', zhCN: 'zh-CN', zhTW: 'zh-TW' };

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A stored language, or English when it is none of the three. */
export const mailLocale = (locale: string): Locale => ((LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'enUS');

/**
 * A short notification mail, as plain text and HTML in the house style of the code and reminder
 * mails: paragraphs, an optional button link, a signature.
 */
export function layoutMail(options: {
  locale: Locale;
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  signature: string;
}): { text: string; html: string } {
  const { locale, subject, paragraphs, link, signature } = options;
  const text = [...paragraphs.flatMap((p) => [p, '']), ...(link ? [link.label, link.href, ''] : []), `— ${signature}`].join('\n');
  const body = paragraphs.map((p) => `    <p style="margin:0 0 16px;font-size:15px;line-height:1.5;white-space:pre-line">${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `\n    <p style="margin:0 0 24px"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 20px;background:#111;color:#fff;border-radius:8px;text-decoration:none;font-size:14px">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:32px 16px;background:#f6f6f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'PingFang SC','Hiragino Sans GB','Microsoft YaHei',sans-serif;color:#111">
  <div style="max-width:480px;margin:0 auto;background:#fff;border:1px solid #e5e5e7;border-radius:12px;padding:32px">
${body}${button}
    <p style="margin:0;font-size:14px;color:#888">— ${escapeHtml(signature)}</p>
  </div>
</body>
</html>`;
  return { text, html };
}
