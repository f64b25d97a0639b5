import { formatMoney, TEST_MODE_TEXT } from '@shotlib/contract';
import type { SandboxPaymentRow } from './sandbox.repo';

/**
 * The sandbox provider's checkout page: server-rendered, no script, everything escaped. English
 * with Simplified Chinese beside it (the page is the provider's, outside the app's languages).
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WAY_LABEL: Record<SandboxPaymentRow['way'], [string, string]> = {
  wechat: ['WeChat Pay', '微信支付'],
  paypal: ['PayPal', 'PayPal'],
  card: ['Card', '银行卡'],
};

const PLAN_LABEL: Record<number, [string, string]> = {
  1: ['1 year', '1 年'],
  2: ['3 months', '3 个月'],
  3: ['1 month', '1 个月'],
};

const STATUS_LABEL: Record<SandboxPaymentRow['status'], [string, string]> = {
  pending: ['Waiting for payment', '等待支付'],
  paid: ['Paid', '已支付'],
  failed: ['Payment failed', '支付失败'],
};

const both = ([en, zh]: [string, string]) =>
  en === zh ? escapeHtml(en) : `${escapeHtml(en)} <span lang="zh-CN" class="zh">${escapeHtml(zh)}</span>`;

/** What the sandbox is, in the product's three languages: the page must never pass for a real checkout. */
export const TEST_MODE_NOTE = [
  `<strong>${escapeHtml(TEST_MODE_TEXT.enUS)}</strong>`,
  `<span lang="zh-CN" class="zh">${escapeHtml(TEST_MODE_TEXT.zhCN)}</span>`,
  `<span lang="zh-TW" class="zh">${escapeHtml(TEST_MODE_TEXT.zhTW)}</span>`,
].join(' ');

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f6f7;--card:#fff;--text:#111;--muted:#555;--faint:#888;--line:#e5e5e7;--accent:#111;--on-accent:#fff;--ok:#15803d;--bad:#b91c1c}
@media (prefers-color-scheme:dark){:root{--bg:#0f0f10;--card:#1a1a1c;--text:#f2f2f3;--muted:#b4b4b8;--faint:#8e8e93;--line:#2c2c2f;--accent:#f2f2f3;--on-accent:#111;--ok:#4ade80;--bad:#f87171}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:28px}
.badge{display:inline-block;margin:0 0 16px;padding:2px 10px;border:1px solid var(--line);border-radius:999px;font-size:12px;letter-spacing:.04em;color:var(--muted)}
h1{margin:0 0 4px;font-size:20px;line-height:1.3}
.zh{color:var(--muted);font-weight:normal}
h1 .zh,.note .zh,.message .zh{display:block;font-size:.85em;margin-top:2px}
.note{margin:0 0 20px;font-size:14px;color:var(--muted)}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px;font-size:14px}
dt{color:var(--muted)}dd{margin:0;text-align:right;overflow-wrap:anywhere}
.amount{font-size:28px;font-weight:600;font-variant-numeric:tabular-nums;margin:0 0 16px}
.status{font-weight:600}.status.paid{color:var(--ok)}.status.failed{color:var(--bad)}
form{display:flex;gap:12px;flex-wrap:wrap;margin:0 0 12px}
button,.link{flex:1 1 0;min-height:44px;padding:10px 16px;border-radius:8px;font:inherit;font-size:15px;cursor:pointer;text-align:center;text-decoration:none}
button.primary{background:var(--accent);color:var(--on-accent);border:1px solid var(--accent)}
button.secondary,.link{background:transparent;color:var(--text);border:1px solid var(--line)}
button:focus-visible,.link:focus-visible{outline:3px solid #3b82f6;outline-offset:2px}
p.message{margin:0 0 16px;font-size:14px}
`;

/**
 * The product's icons, the same links as the web app's pages (apps/web/index.html; its PNGs are
 * served at the site's root): the sandbox's tab is Shotlib's, not a blank one (issue 29).
 */
const ICONS =
  '<link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png">' +
  '<link rel="icon" href="/favicon-64.png" sizes="64x64" type="image/png">' +
  '<link rel="apple-touch-icon" href="/favicon-180.png">';

export type SandboxPageView = {
  row: SandboxPaymentRow;
  /** Where the page's form posts (its own path). */
  actionPath: string;
  /** A line to show after an action, e.g. that a renewal was charged. */
  message?: [string, string];
};

/** The whole page for one sandbox checkout. */
export function renderSandboxPage({ row, actionPath, message }: SandboxPageView): string {
  const plan = PLAN_LABEL[row.grade] ?? [`${row.grade}`, `${row.grade}`];
  const amount = formatMoney({ amount: row.amount, currency: row.currency });
  const status = STATUS_LABEL[row.status];
  const canRenew = row.status === 'paid' && row.autoRenew && !row.subscriptionCanceled;

  const actions: string[] = [];
  if (row.status === 'pending') {
    actions.push(`<form method="post" action="${escapeHtml(actionPath)}">
      <button class="primary" type="submit" name="action" value="pay">Pay</button>
      <button class="secondary" type="submit" name="action" value="fail">Fail</button>
    </form>`);
  }
  if (canRenew) {
    actions.push(`<form method="post" action="${escapeHtml(actionPath)}">
      <button class="secondary" type="submit" name="action" value="renew">Charge the next period <span lang="zh-CN" class="zh">模拟续费</span></button>
    </form>`);
  }
  if (row.status !== 'pending' && row.returnUrl) {
    actions.push(`<a class="link" href="${escapeHtml(row.status === 'paid' ? row.returnUrl : row.cancelUrl)}">Back to Shotlib <span lang="zh-CN" class="zh">返回 Shotlib</span></a>`);
  }
  if (row.status === 'pending' && row.cancelUrl && row.way === 'card') {
    actions.push(`<a class="link" href="${escapeHtml(row.cancelUrl)}">Cancel <span lang="zh-CN" class="zh">取消</span></a>`);
  }

  const afterPay =
    row.status === 'paid' && row.way === 'wechat'
      ? `<p class="message">${both(['Done. The order page on your computer updates by itself.', '支付完成，电脑上的订单页面会自动更新。'])}</p>`
      : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${ICONS}
<title>Sandbox checkout · 沙盒收银台</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <p class="badge">SANDBOX · 沙盒</p>
  <h1>${both([`${WAY_LABEL[row.way][0]} checkout`, `${WAY_LABEL[row.way][1]}收银台`])}</h1>
  <p class="note">${TEST_MODE_NOTE}</p>
  <p class="amount">${escapeHtml(amount)}</p>
  <dl>
    <dt>${both(['Plan', '方案'])}</dt><dd>${both([`Shotlib membership, ${plan[0]}`, `Shotlib 会员 ${plan[1]}`])}</dd>
    <dt>${both(['Renewal', '续费'])}</dt><dd>${row.autoRenew ? both(['Automatic until cancelled', '自动续费，可随时取消']) : both(['By hand', '手动续费'])}</dd>
    <dt>${both(['Order', '订单号'])}</dt><dd>${escapeHtml(row.tno)}</dd>
    <dt>${both(['Status', '状态'])}</dt><dd class="status ${row.status}">${both(status)}</dd>
    ${row.renewals > 0 ? `<dt>${both(['Renewals charged', '已续费次数'])}</dt><dd>${row.renewals}</dd>` : ''}
  </dl>
  ${message ? `<p class="message" role="status">${both(message)}</p>` : ''}
  ${afterPay}
  ${actions.join('\n  ')}
</main>
</body>
</html>`;
}

/** The page for a checkout that does not exist. */
export function renderSandboxNotFound(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${ICONS}<title>Sandbox checkout · 沙盒收银台</title><style>${STYLE}</style></head>
<body><main><p class="badge">SANDBOX · 沙盒</p><h1>${both(['Checkout not found', '找不到该收银台'])}</h1>
<p class="note">${both(['Start the payment again from Shotlib.', '请回到 Shotlib 重新发起支付。'])}</p></main></body></html>`;
}
