import { barChart, delta, fitSize, illustration, kpiValue, lineChart, logoMark, makeKit, tr, week } from './screens';
import type { ScreenSpec } from './screens';
import { circle, fitText, line, rect, svgDocument, text, textWidth } from './svg';
import type { IconKind, Kit } from './ui-kit';
import { avatar, bars, button, card, chip, chipRow, field, icon, iconTile, paragraph, toggle } from './ui-kit';

/**
 * Screens of business (B-end) web software, 1440×900: an app shell (sidebar, top bar) around
 * tables, dashboards, forms, boards and dialogs, and the sign-in pages around it. Every string is
 * drawn in the screen's language (English or Simplified Chinese); figures and e-mail addresses stay
 * Latin. Drawn from the screenshot's random stream like the other screens.
 */
export type BusinessScreenKey =
  | 'login'
  | 'signup'
  | 'verify'
  | 'reset'
  | 'setup'
  | 'dashboard'
  | 'table'
  | 'filter'
  | 'search'
  | 'record'
  | 'form'
  | 'kanban'
  | 'approvals'
  | 'invite'
  | 'export'
  | 'billing'
  | 'cancel'
  | 'settings'
  | 'empty'
  | 'error';

export const BUSINESS_SIZE = { width: 1440, height: 900 } as const;

type Spec = Omit<ScreenSpec, 'device' | 'screen'> & { screen: BusinessScreenKey };
type Layout = { nav: number | null; draw: (k: Kit) => string };

const W = 1440;
const H = 900;
/** Content area right of the sidebar and below the top bar. */
const X = 264;
const CW = 1144;
const Y = 64;
const GOOD = '#1f9d55';
const WARN = '#c27c0e';
const BAD = '#d64545';

/** The complete SVG document of one business web screen. */
export function businessScreenSvg(spec: Spec): string {
  const k = makeKit(spec, 'desktop');
  const layout = LAYOUTS[spec.screen];
  let out = rect(0, 0, W, H, { fill: k.t.bg });
  if (layout.nav !== null) out += shell(k, layout.nav, spec.solidBar);
  out += layout.draw(k);
  return svgDocument(W, H, out, '', BUSINESS_SIZE);
}

// ---------------------------------------------------------------- shell and pieces

function navItems(k: Kit): [IconKind, string][] {
  return [
    ['grid', tr(k, 'Overview', '概览')],
    ['chart', k.vocab[0]],
    ['user', k.vocab[1]],
    ['card', k.vocab[2]],
    ['bag', k.vocab[3]],
    ['chat', tr(k, 'Reports', '报表')],
    ['gear', tr(k, 'Settings', '设置')],
  ];
}

function shell(k: Kit, active: number, solid: boolean): string {
  k.elements.add('navigationBar');
  const side = solid ? k.t.accent : k.t.surface;
  const fg = solid ? k.t.onAccent : k.t.text;
  let out = rect(0, 0, 232, H, { fill: side }) + line(232, 0, 232, H, k.t.border);
  out += logoMark(k, 24, 18, 32, solid) + text(66, 40, fitText(k.name, 150, 17, true), { size: 17, fill: fg, weight: 'bold' });
  navItems(k).forEach(([kind, label], i) => {
    const y = 92 + i * 46;
    if (i === active) out += rect(12, y - 4, 208, 38, { fill: solid ? k.t.onAccent : k.t.accentSoft, r: 9, opacity: solid ? 0.18 : 1 });
    const color = i === active ? (solid ? fg : k.t.accent) : fg;
    out += icon(36, y + 15, 16, kind, color) + text(58, y + 20, fitText(label, 150, 14), { size: 14, fill: color, weight: i === active ? 'bold' : 'normal', opacity: i === active ? 1 : 0.8 });
  });
  out += rect(16, H - 92, 200, 72, { fill: solid ? k.t.onAccent : k.t.bg, r: 12, opacity: solid ? 0.14 : 1 });
  out += text(30, H - 64, tr(k, 'Team plan', '团队版'), { size: 13, fill: fg, weight: 'bold' });
  out += rect(30, H - 50, 172, 6, { fill: k.t.bar, r: 3 }) + rect(30, H - 50, 172 * k.rng.float(0.3, 0.85), 6, { fill: solid ? fg : k.t.accent, r: 3 });
  out += rect(232, 0, W - 232, Y, { fill: k.t.surface }) + line(232, Y, W, Y, k.t.border);
  out += field(k, X, 12, 380, 40, tr(k, 'Search or jump to…', '搜索或跳转…'), { icon: 'search', placeholder: true });
  out += icon(1300, 32, 18, 'bell', k.t.muted) + circle(1308, 24, 4, { fill: BAD });
  out += avatar(k, 1360, 32, 17, k.copy.people[0]);
  return out;
}

function title(k: Kit, value: string, sub?: string): string {
  return (
    text(X, Y + 56, fitText(value, 640, 26, true), { size: 26, fill: k.t.text, weight: 'bold' }) +
    (sub ? text(X, Y + 82, fitText(sub, 700, 14), { size: 14, fill: k.t.muted }) : '')
  );
}

function pill(k: Kit, x: number, y: number, label: string, color: string, anchor: 'start' | 'end' = 'start'): string {
  const w = textWidth(label, 12, true) + 20;
  const left = anchor === 'end' ? x - w : x;
  return rect(left, y, w, 24, { fill: color, r: 12, opacity: 0.14 }) + text(left + w / 2, y + 16, label, { size: 12, fill: color, weight: 'bold', anchor: 'middle' });
}

function statuses(k: Kit): [string, string][] {
  return [
    [tr(k, 'Active', '进行中'), GOOD],
    [tr(k, 'Pending', '待处理'), WARN],
    [tr(k, 'Done', '已完成'), k.t.accent],
    [tr(k, 'Overdue', '已逾期'), BAD],
  ];
}

const date = (k: Kit) => tr(k, `${k.rng.int(1, 28)} Nov 2026`, `2026-11-${String(k.rng.int(1, 28)).padStart(2, '0')}`);
const ref = (k: Kit, prefix: string) => `${prefix}-${k.rng.int(1000, 9999)}`;

/** A data table: header, rows of name, status, owner, date and amount; optional checkboxes. */
function table(k: Kit, x: number, y: number, w: number, rows: number, options: { check?: boolean; selected?: number[] } = {}): string {
  const rowH = 52;
  const columns = [tr(k, 'Name', '名称'), tr(k, 'Status', '状态'), tr(k, 'Owner', '负责人'), tr(k, 'Updated', '更新时间'), tr(k, 'Amount', '金额')];
  const at = [0.05, 0.36, 0.52, 0.72, 0.97].map((f) => x + w * f);
  k.elements.add('list');
  let out = card(k, x, y, w, 44 + rows * rowH, 12) + rect(x + 1, y + 1, w - 2, 43, { fill: k.t.bg, r: 11 });
  columns.forEach((label, i) => {
    out += text(at[i], y + 28, label, { size: 12, fill: k.t.muted, weight: 'bold', anchor: i === 4 ? 'end' : 'start' });
  });
  const states = statuses(k);
  for (let r = 0; r < rows; r++) {
    const ry = y + 44 + r * rowH;
    const selected = options.selected?.includes(r) ?? false;
    if (selected) out += rect(x + 1, ry, w - 2, rowH, { fill: k.t.accentSoft });
    out += line(x, ry, x + w, ry, k.t.border);
    if (options.check) {
      out += rect(x + 14, ry + 17, 18, 18, { fill: selected ? k.t.accent : k.t.surface, stroke: selected ? k.t.accent : k.t.border, r: 4 });
      if (selected) out += icon(x + 23, ry + 26, 12, 'chevron', k.t.onAccent);
    }
    const [label, color] = states[k.rng.int(0, states.length - 1)];
    const who = k.copy.people[(r * 3 + 1) % k.copy.people.length];
    out += text(at[0] + (options.check ? 12 : 0), ry + 24, fitText(`${k.word()}`, w * 0.28, 14, true), { size: 14, fill: k.t.text, weight: 'bold' });
    out += text(at[0] + (options.check ? 12 : 0), ry + 41, ref(k, 'ID'), { size: 11, fill: k.t.muted });
    out += pill(k, at[1], ry + 14, label, color);
    out += avatar(k, at[2] + 12, ry + 26, 12, who) + text(at[2] + 32, ry + 31, fitText(who, w * 0.17, 13), { size: 13, fill: k.t.text });
    out += text(at[3], ry + 31, date(k), { size: 13, fill: k.t.muted });
    out += text(at[4], ry + 31, k.money(120, 48000), { size: 14, fill: k.t.text, weight: 'bold', anchor: 'end' });
  }
  return out;
}

function toolbar(k: Kit, y: number, withNew = true): string {
  let out = field(k, X, y, 300, 40, tr(k, 'Filter by name', '按名称筛选'), { icon: 'search', placeholder: true });
  out += chipRow(k, X + 316, y + 4, 420, [tr(k, 'All', '全部'), tr(k, 'Mine', '我负责的'), tr(k, 'This month', '本月')], 0);
  out += button(k, X + CW - 288, y, 132, 40, tr(k, 'Export', '导出'), 'outline');
  if (withNew) out += button(k, X + CW - 144, y, 144, 40, tr(k, '+ New', '+ 新建'));
  return out;
}

function pagination(k: Kit, y: number, total: number): string {
  let out = text(X, y, tr(k, `Showing 1–10 of ${total}`, `第 1–10 条，共 ${total} 条`), { size: 13, fill: k.t.muted });
  for (let i = 0; i < 4; i++) {
    const x = X + CW - 176 + i * 44;
    out += rect(x, y - 22, 36, 32, { fill: i === 0 ? k.t.accent : k.t.surface, stroke: k.t.border, r: 8 });
    out += text(x + 18, y - 1, String(i + 1), { size: 13, fill: i === 0 ? k.t.onAccent : k.t.text, anchor: 'middle' });
  }
  return out;
}

function overlay(): string {
  return rect(0, 0, W, H, { fill: '#0b0d12', opacity: 0.45 });
}

function dialog(k: Kit, w: number, h: number, heading: string): { out: string; x: number; y: number } {
  k.elements.add('modal');
  const x = (W - w) / 2;
  const y = (H - h) / 2;
  return {
    out: overlay() + card(k, x, y, w, h, 18) + text(x + 32, y + 50, fitText(heading, w - 90, 22, true), { size: 22, fill: k.t.text, weight: 'bold' }) + icon(x + w - 36, y + 42, 16, 'plus', k.t.muted),
    x,
    y,
  };
}

function checkbox(k: Kit, x: number, y: number, label: string, on: boolean): string {
  return (
    rect(x, y, 18, 18, { fill: on ? k.t.accent : k.t.surface, stroke: on ? k.t.accent : k.t.border, r: 4 }) +
    (on ? icon(x + 9, y + 9, 12, 'chevron', k.t.onAccent) : '') +
    text(x + 30, y + 14, label, { size: 14, fill: k.t.text })
  );
}

function radio(k: Kit, x: number, y: number, label: string, on: boolean): string {
  return (
    circle(x + 9, y + 9, 9, { fill: k.t.surface, stroke: on ? k.t.accent : k.t.border, strokeWidth: 2 }) +
    (on ? circle(x + 9, y + 9, 4.5, { fill: k.t.accent }) : '') +
    text(x + 30, y + 14, label, { size: 14, fill: k.t.text })
  );
}

/** The brand half of the sign-in pages. */
function brandPanel(k: Kit, headline: string): string {
  let out = rect(0, 0, 620, H, { fill: k.t.accent });
  out += logoMark(k, 64, 56, 40, true) + text(118, 84, fitText(k.name, 420, 22, true), { size: 22, fill: k.t.onAccent, weight: 'bold' });
  out += text(64, 220, fitText(headline, 500, 34, true), { size: 34, fill: k.t.onAccent, weight: 'bold' });
  out += text(64, 256, fitText(k.sentence(), 500, 15), { size: 15, fill: k.t.onAccent, opacity: 0.85 });
  out += rect(64, 320, 492, 300, { fill: k.t.surface, r: 16, opacity: 0.96 });
  for (let i = 0; i < 3; i++) {
    const x = 84 + i * 158;
    out += rect(x, 340, 146, 78, { fill: k.t.bg, r: 10 }) + text(x + 12, 364, fitText(k.vocab[i], 120, 12), { size: 12, fill: k.t.muted });
    out += text(x + 12, 398, kpiValue(k, i), { size: 20, fill: k.t.text, weight: 'bold' });
  }
  out += lineChart(k, 84, 440, 452, 160, 14);
  out += text(64, 800, tr(k, 'Trusted by 4,000+ teams', '已有 4,000+ 团队在用'), { size: 14, fill: k.t.onAccent, opacity: 0.85 });
  return out;
}

function authCard(k: Kit, heading: string, sub: string): string {
  return text(760, 200, fitText(heading, 560, 30, true), { size: 30, fill: k.t.text, weight: 'bold' }) + text(760, 232, fitText(sub, 560, 15), { size: 15, fill: k.t.muted });
}

const email = (k: Kit) => `${k.copy.lang === 'zh' ? 'chen.mia' : k.copy.people[0].split(' ')[0].toLowerCase()}@company.com`;

function centeredCard(k: Kit, w: number, h: number): { out: string; x: number; y: number } {
  const x = (W - w) / 2;
  const y = (H - h) / 2;
  return { out: logoMark(k, W / 2 - 22, y - 84, 44) + card(k, x, y, w, h, 20), x, y };
}

function kpiRow(k: Kit, y: number): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const x = X + i * 292;
    out += card(k, x, y, 268, 108, 14) + text(x + 20, y + 32, fitText(k.vocab[(i + 2) % k.vocab.length], 220, 13), { size: 13, fill: k.t.muted });
    out += text(x + 20, y + 72, kpiValue(k, i), { size: 26, fill: k.t.text, weight: 'bold' }) + delta(k, x + 248, y + 72, 'end');
  }
  return out;
}

// ---------------------------------------------------------------- layouts

const LAYOUTS: Record<BusinessScreenKey, Layout> = {
  login: {
    nav: null,
    draw(k) {
      let out = brandPanel(k, tr(k, 'Your work, in one place', '工作，尽在一处'));
      out += authCard(k, tr(k, `Sign in to ${k.name}`, `登录${k.name}`), tr(k, 'Use your work e-mail.', '请使用工作邮箱登录。'));
      out += field(k, 760, 300, 520, 50, email(k), { label: tr(k, 'Work e-mail', '工作邮箱') });
      out += field(k, 760, 390, 520, 50, '\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022', { label: tr(k, 'Password', '密码') });
      out += checkbox(k, 760, 462, tr(k, 'Keep me signed in', '保持登录'), true);
      out += text(1280, 476, tr(k, 'Forgot password?', '忘记密码？'), { size: 14, fill: k.t.accent, anchor: 'end' });
      out += button(k, 760, 510, 520, 52, tr(k, 'Sign in', '登录'));
      out += line(760, 600, 990, 600, k.t.border) + text(1020, 605, tr(k, 'or', '或'), { size: 13, fill: k.t.muted, anchor: 'middle' }) + line(1050, 600, 1280, 600, k.t.border);
      out += button(k, 760, 626, 520, 50, tr(k, 'Continue with single sign-on', '使用企业单点登录'), 'outline');
      out += text(1020, 760, tr(k, 'New to the product? Start a free trial', '还没有账号？免费试用'), { size: 14, fill: k.t.muted, anchor: 'middle' });
      return out;
    },
  },
  signup: {
    nav: null,
    draw(k) {
      let out = rect(0, 0, 620, H, { fill: k.t.accentSoft });
      out += logoMark(k, 64, 56, 40) + text(118, 84, fitText(k.name, 420, 22, true), { size: 22, fill: k.t.text, weight: 'bold' });
      out += text(64, 220, tr(k, 'Start your 14-day trial', '免费试用 14 天'), { size: 34, fill: k.t.text, weight: 'bold' });
      [tr(k, 'No card needed', '无需绑定银行卡'), tr(k, 'Invite your whole team', '邀请整个团队'), tr(k, 'Import data in minutes', '几分钟导入数据')].forEach((label, i) => {
        out += circle(82, 300 + i * 64, 16, { fill: k.t.accent }) + icon(82, 300 + i * 64, 14, 'chevron', k.t.onAccent);
        out += text(112, 306 + i * 64, label, { size: 18, fill: k.t.text });
      });
      out += card(k, 64, 540, 492, 170, 16) + paragraph(k, 88, 580, 440, 3, 24) + avatar(k, 104, 680, 16, k.copy.people[2]) + text(130, 685, k.copy.people[2], { size: 14, fill: k.t.text, weight: 'bold' });
      out += authCard(k, tr(k, 'Create your workspace', '创建你的工作区'), tr(k, 'It takes less than a minute.', '不到一分钟即可完成。'));
      out += field(k, 760, 296, 250, 50, k.copy.people[1], { label: tr(k, 'Full name', '姓名') });
      out += field(k, 1030, 296, 250, 50, tr(k, 'Northwind Ltd', '星河科技'), { label: tr(k, 'Company', '公司名称') });
      out += field(k, 760, 386, 520, 50, email(k), { label: tr(k, 'Work e-mail', '工作邮箱') });
      out += text(760, 466, tr(k, 'Team size', '团队规模'), { size: 13, fill: k.t.muted, weight: 'bold' });
      out += chipRow(k, 760, 478, 520, ['1–10', '11–50', '51–200', '200+'], k.rng.int(0, 3));
      out += button(k, 760, 548, 520, 52, tr(k, 'Create workspace', '创建工作区'));
      out += text(760, 632, tr(k, 'By continuing you accept the terms of service.', '继续即表示你同意服务条款。'), { size: 13, fill: k.t.muted });
      return out;
    },
  },
  verify: {
    nav: null,
    draw(k) {
      const c = centeredCard(k, 560, 460);
      let out = c.out + iconTile(k, W / 2 - 28, c.y + 40, 56, 'chat');
      out += text(W / 2, c.y + 140, tr(k, 'Check your e-mail', '查收验证码'), { size: 26, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      out += text(W / 2, c.y + 172, tr(k, `We sent a 6-digit code to ${email(k)}`, `我们已向 ${email(k)} 发送 6 位验证码`), { size: 14, fill: k.t.muted, anchor: 'middle' });
      const digits = String(k.rng.int(100000, 999999)).split('');
      const filled = k.rng.int(3, 6);
      digits.forEach((d, i) => {
        const x = c.x + 64 + i * 74;
        out += rect(x, c.y + 212, 60, 72, { fill: k.t.surface, stroke: i === filled ? k.t.accent : k.t.border, strokeWidth: i === filled ? 2 : 1, r: 12 });
        if (i < filled) out += text(x + 30, c.y + 259, d, { size: 30, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      });
      out += button(k, c.x + 64, c.y + 318, 432, 52, tr(k, 'Verify', '验证'));
      out += text(W / 2, c.y + 414, tr(k, `Resend code in 0:${k.rng.int(10, 59)}`, `${k.rng.int(10, 59)} 秒后可重新发送`), { size: 14, fill: k.t.muted, anchor: 'middle' });
      return out;
    },
  },
  reset: {
    nav: null,
    draw(k) {
      const c = centeredCard(k, 560, 420);
      let out = c.out + text(c.x + 48, c.y + 72, tr(k, 'Reset your password', '重置密码'), { size: 26, fill: k.t.text, weight: 'bold' });
      out += text(c.x + 48, c.y + 104, tr(k, 'Enter your work e-mail and we will send a link.', '输入工作邮箱，我们将发送重置链接。'), { size: 14, fill: k.t.muted });
      out += field(k, c.x + 48, c.y + 160, 464, 50, email(k), { label: tr(k, 'Work e-mail', '工作邮箱') });
      out += rect(c.x + 48, c.y + 234, 464, 52, { fill: k.t.accentSoft, r: 10 }) + text(c.x + 66, c.y + 265, tr(k, 'The link is valid for 30 minutes.', '链接 30 分钟内有效。'), { size: 13, fill: k.t.accent });
      out += button(k, c.x + 48, c.y + 306, 464, 52, tr(k, 'Send reset link', '发送重置链接'));
      out += text(W / 2, c.y + 394, tr(k, 'Back to sign in', '返回登录'), { size: 14, fill: k.t.accent, anchor: 'middle' });
      return out;
    },
  },
  setup: {
    nav: null,
    draw(k) {
      const second = k.variant === 1;
      let out = logoMark(k, 48, 28, 32) + text(92, 51, fitText(k.name, 300, 18, true), { size: 18, fill: k.t.text, weight: 'bold' });
      const steps = [tr(k, 'Your team', '团队信息'), tr(k, 'Connect tools', '连接工具'), tr(k, 'Invite', '邀请成员')];
      steps.forEach((label, i) => {
        const x = 470 + i * 200;
        const done = i < (second ? 1 : 0);
        const current = i === (second ? 1 : 0);
        out += circle(x, 44, 14, { fill: done || current ? k.t.accent : k.t.bar }) + text(x, 49, String(i + 1), { size: 13, fill: done || current ? k.t.onAccent : k.t.muted, weight: 'bold', anchor: 'middle' });
        out += text(x + 22, 49, label, { size: 14, fill: current ? k.t.text : k.t.muted, weight: current ? 'bold' : 'normal' });
      });
      out += line(0, 88, W, 88, k.t.border);
      out += card(k, 320, 130, 800, 640, 20);
      if (!second) {
        out += text(360, 196, tr(k, 'Tell us about your team', '介绍一下你的团队'), { size: 28, fill: k.t.text, weight: 'bold' });
        out += text(360, 228, tr(k, 'We will set up your workspace to match.', '我们会据此配置你的工作区。'), { size: 15, fill: k.t.muted });
        out += field(k, 360, 290, 720, 50, tr(k, 'Northwind Ltd', '星河科技'), { label: tr(k, 'Company name', '公司名称') });
        out += field(k, 360, 380, 350, 50, tr(k, 'Wholesale and retail', '批发零售'), { label: tr(k, 'Industry', '所属行业') });
        out += field(k, 730, 380, 350, 50, tr(k, 'Operations lead', '运营负责人'), { label: tr(k, 'Your role', '你的职位') });
        out += text(360, 466, tr(k, 'What will you use it for?', '你打算用它做什么？'), { size: 13, fill: k.t.muted, weight: 'bold' });
        k.vocab.slice(0, 6).forEach((word, i) => {
          out += checkbox(k, 360 + (i % 3) * 240, 486 + Math.floor(i / 3) * 44, fitText(word, 190, 14), i % 2 === 0);
        });
      } else {
        out += rect(320, 130, 800, 150, { fill: k.t.accent, r: 20 }) + rect(320, 250, 800, 30, { fill: k.t.accent });
        out += text(360, 196, tr(k, 'Connect your tools', '连接常用工具'), { size: 28, fill: k.t.onAccent, weight: 'bold' });
        out += text(360, 228, tr(k, 'Bring in your data now or later from Settings.', '现在导入数据，也可以稍后在设置中完成。'), { size: 15, fill: k.t.onAccent, opacity: 0.9 });
        const tools = [tr(k, 'E-mail', '企业邮箱'), tr(k, 'Calendar', '日历'), tr(k, 'Team chat', '团队聊天'), tr(k, 'Cloud drive', '云盘'), tr(k, 'Accounting', '财务软件'), tr(k, 'Spreadsheet', '表格导入')];
        const kinds: IconKind[] = ['chat', 'grid', 'send', 'bag', 'card', 'chart'];
        tools.forEach((tool, i) => {
          const x = 360 + (i % 3) * 246;
          const y = 310 + Math.floor(i / 3) * 176;
          const on = i % 3 === 0;
          out += card(k, x, y, 226, 160, 14) + iconTile(k, x + 18, y + 18, 48, kinds[i], i * 50);
          out += text(x + 18, y + 96, tool, { size: 16, fill: k.t.text, weight: 'bold' }) + text(x + 18, y + 120, on ? tr(k, 'Connected', '已连接') : tr(k, 'Not connected', '未连接'), { size: 13, fill: on ? GOOD : k.t.muted });
          out += toggle(k, x + 162, y + 28, on);
        });
      }
      out += button(k, 360, 690, 140, 48, tr(k, 'Back', '上一步'), 'outline') + button(k, 940, 690, 140, 48, tr(k, 'Continue', '继续'));
      return out;
    },
  },
  dashboard: {
    nav: 0,
    draw(k) {
      let out = title(k, tr(k, 'Overview', '概览'), tr(k, `Good morning, ${k.copy.people[0].split(' ')[0]}`, `早上好，${k.copy.people[0]}`));
      out += chip(k, X + CW - 130, Y + 34, tr(k, 'Last 30 days', '近 30 天'), false, 34).svg;
      out += kpiRow(k, Y + 104);
      out += card(k, X, Y + 232, 740, 300, 14) + text(X + 24, Y + 266, tr(k, 'Trend', '趋势'), { size: 16, fill: k.t.text, weight: 'bold' });
      out += lineChart(k, X + 24, Y + 288, 692, 220, 18);
      out += card(k, X + 764, Y + 232, 380, 300, 14) + text(X + 788, Y + 266, tr(k, 'This week', '本周'), { size: 16, fill: k.t.text, weight: 'bold' });
      out += barChart(k, X + 788, Y + 288, 332, 220, week(k));
      out += table(k, X, Y + 556, CW, 4);
      return out;
    },
  },
  table: {
    nav: 1,
    draw(k) {
      let out = title(k, k.vocab[0], k.line());
      out += toolbar(k, Y + 104);
      out += table(k, X, Y + 160, CW, 10, { check: true });
      out += pagination(k, Y + 820, k.rng.int(40, 900));
      return out;
    },
  },
  filter: {
    nav: 1,
    draw(k) {
      let out = title(k, k.vocab[0], tr(k, '3 filters applied', '已应用 3 个筛选条件'));
      out += chipRow(k, X, Y + 104, 780, [`${tr(k, 'Status', '状态')}: ${statuses(k)[1][0]}`, `${tr(k, 'Owner', '负责人')}: ${k.copy.people[2]}`, tr(k, 'This quarter', '本季度')], 0);
      out += table(k, X, Y + 160, 780, 8);
      const px = 1076;
      out += rect(px, Y, W - px, H - Y, { fill: k.t.surface }) + line(px, Y, px, H, k.t.border);
      out += text(px + 28, Y + 50, tr(k, 'Filters', '筛选'), { size: 20, fill: k.t.text, weight: 'bold' }) + text(W - 28, Y + 50, tr(k, 'Clear all', '全部清除'), { size: 13, fill: k.t.accent, anchor: 'end' });
      out += text(px + 28, Y + 96, tr(k, 'Status', '状态'), { size: 13, fill: k.t.muted, weight: 'bold' });
      statuses(k).forEach(([label], i) => {
        out += checkbox(k, px + 28, Y + 112 + i * 36, label, i === 1);
      });
      out += text(px + 28, Y + 282, tr(k, 'Owner', '负责人'), { size: 13, fill: k.t.muted, weight: 'bold' });
      k.copy.people.slice(0, 4).forEach((who, i) => {
        out += checkbox(k, px + 28, Y + 298 + i * 36, who, i === 2);
      });
      out += field(k, px + 28, Y + 480, 308, 44, tr(k, '1 Oct – 31 Dec 2026', '2026-10-01 至 2026-12-31'), { label: tr(k, 'Date range', '日期范围') });
      out += field(k, px + 28, Y + 570, 308, 44, `${k.money(500, 900)} +`, { label: tr(k, 'Amount', '金额') });
      out += button(k, px + 28, Y + 730, 146, 46, tr(k, 'Reset', '重置'), 'outline') + button(k, px + 190, Y + 730, 146, 46, tr(k, 'Apply', '应用'));
      return out;
    },
  },
  search: {
    nav: null,
    draw(k) {
      let out = shell(k, 0, false) + kpiRow(k, Y + 104) + table(k, X, Y + 240, CW, 8) + overlay();
      const x = 320;
      const query = k.vocab[k.rng.int(0, 3)];
      out += card(k, x, 110, 800, 640, 18) + icon(x + 36, 146, 20, 'search', k.t.muted) + text(x + 60, 153, query, { size: 20, fill: k.t.text });
      out += line(x, 184, x + 800, 184, k.t.border);
      out += chipRow(k, x + 24, 200, 700, [tr(k, 'All', '全部'), k.vocab[0], k.vocab[1], tr(k, 'People', '成员'), tr(k, 'Files', '文件')], 0);
      let y = 264;
      for (const group of [k.vocab[0], tr(k, 'People', '成员')]) {
        out += text(x + 24, y, group, { size: 12, fill: k.t.muted, weight: 'bold' });
        y += 14;
        for (let i = 0; i < 3; i++) {
          if (i === 0 && group === k.vocab[0]) out += rect(x + 12, y, 776, 60, { fill: k.t.accentSoft, r: 10 });
          out +=
            group === k.vocab[0]
              ? iconTile(k, x + 24, y + 10, 40, 'grid', i * 60) + text(x + 80, y + 28, fitText(`${query} · ${ref(k, 'NO')}`, 500, 15, true), { size: 15, fill: k.t.text, weight: 'bold' })
              : avatar(k, x + 44, y + 30, 20, k.copy.people[i + 3]) + text(x + 80, y + 28, k.copy.people[i + 3], { size: 15, fill: k.t.text, weight: 'bold' });
          out += text(x + 80, y + 48, fitText(k.line(), 520, 13), { size: 13, fill: k.t.muted }) + text(x + 776, y + 36, date(k), { size: 12, fill: k.t.muted, anchor: 'end' });
          y += 64;
        }
        y += 22;
      }
      out += line(x, 706, x + 800, 706, k.t.border) + text(x + 24, 734, tr(k, '↑↓ to move · Enter to open · Esc to close', '↑↓ 选择 · 回车打开 · Esc 关闭'), { size: 12, fill: k.t.muted });
      return out;
    },
  },
  record: {
    nav: 2,
    draw(k) {
      const name = `${k.vocab[1]} ${ref(k, 'NO')}`;
      let out = text(X, Y + 32, `${k.vocab[1]}  /  ${name}`, { size: 13, fill: k.t.muted });
      out += text(X, Y + 72, fitText(name, 560, 26, true), { size: 26, fill: k.t.text, weight: 'bold' }) + pill(k, X + Math.min(580, textWidth(name, 26, true) + 20), Y + 52, statuses(k)[0][0], GOOD);
      out += button(k, X + CW - 250, Y + 44, 116, 40, tr(k, 'Edit', '编辑'), 'outline') + button(k, X + CW - 122, Y + 44, 122, 40, tr(k, 'Share', '分享'));
      out += card(k, X, Y + 110, 720, 360, 14) + text(X + 24, Y + 146, tr(k, 'Details', '基本信息'), { size: 16, fill: k.t.text, weight: 'bold' });
      const labels = [tr(k, 'Owner', '负责人'), tr(k, 'Created', '创建时间'), tr(k, 'Amount', '金额'), tr(k, 'Stage', '阶段'), tr(k, 'Region', '区域'), tr(k, 'Source', '来源')];
      labels.forEach((label, i) => {
        const x = X + 24 + (i % 2) * 350;
        const y = Y + 186 + Math.floor(i / 2) * 86;
        out += text(x, y, label, { size: 12, fill: k.t.muted, weight: 'bold' });
        const value = i === 0 ? k.copy.people[1] : i === 1 ? date(k) : i === 2 ? k.money(900, 90000) : fitText(k.vocab[(i + 2) % k.vocab.length], 300, 15);
        out += text(x, y + 28, value, { size: 15, fill: k.t.text });
      });
      out += card(k, X, Y + 494, 720, 300, 14) + text(X + 24, Y + 530, tr(k, 'Notes', '备注'), { size: 16, fill: k.t.text, weight: 'bold' }) + paragraph(k, X + 24, Y + 566, 660, 6, 26);
      const tx = X + 744;
      out += card(k, tx, Y + 110, 400, 684, 14) + text(tx + 24, Y + 146, tr(k, 'Activity', '动态'), { size: 16, fill: k.t.text, weight: 'bold' });
      out += line(tx + 40, Y + 176, tx + 40, Y + 760, k.t.border);
      for (let i = 0; i < 6; i++) {
        const y = Y + 186 + i * 96;
        out += avatar(k, tx + 40, y + 14, 14, k.copy.people[i % k.copy.people.length]);
        out += text(tx + 66, y + 12, fitText(k.line(), 310, 14, true), { size: 14, fill: k.t.text, weight: 'bold' }) + text(tx + 66, y + 34, date(k), { size: 12, fill: k.t.muted });
        out += bars(k, tx + 66, y + 46, [k.rng.float(160, 300)], { height: 8 });
      }
      return out;
    },
  },
  form: {
    nav: 2,
    draw(k) {
      let out = text(X, Y + 32, `${k.vocab[1]}  /  ${tr(k, 'New', '新建')}`, { size: 13, fill: k.t.muted });
      out += text(X, Y + 72, tr(k, `New ${k.vocab[1].toLowerCase()}`, `新建${k.vocab[1]}`), { size: 26, fill: k.t.text, weight: 'bold' });
      out += card(k, X, Y + 104, 740, 620, 14);
      const fields: [string, string, number, number, number][] = [
        [tr(k, 'Name', '名称'), fitText(`${k.vocab[4]} ${ref(k, 'NO')}`, 300, 15), 0, 0, 330],
        [tr(k, 'Owner', '负责人'), k.copy.people[1], 350, 0, 330],
        [tr(k, 'Amount', '金额'), k.money(900, 90000), 0, 1, 330],
        [tr(k, 'Due date', '截止日期'), date(k), 350, 1, 330],
        [tr(k, 'Category', '分类'), fitText(k.vocab[5], 280, 15), 0, 2, 680],
      ];
      for (const [label, value, dx, row, w] of fields) out += field(k, X + 30 + dx, Y + 160 + row * 96, w, 50, value, { label });
      out += text(X + 30, Y + 470, tr(k, 'Description', '描述'), { size: 13, fill: k.t.muted, weight: 'bold' });
      out += rect(X + 30, Y + 482, 680, 140, { fill: k.t.surface, stroke: k.t.border, r: 10 }) + paragraph(k, X + 46, Y + 510, 640, 3, 24);
      out += checkbox(k, X + 30, Y + 652, tr(k, 'Notify the team', '通知团队成员'), true);
      const sx = X + 764;
      out += card(k, sx, Y + 104, 380, 300, 14) + text(sx + 24, Y + 140, tr(k, 'Attachments', '附件'), { size: 16, fill: k.t.text, weight: 'bold' });
      out += rect(sx + 24, Y + 160, 332, 120, { fill: k.t.bg, stroke: k.t.border, r: 12 }) + icon(sx + 190, Y + 206, 22, 'plus', k.t.accent);
      out += text(sx + 190, Y + 252, tr(k, 'Drop files here', '拖拽文件到此处'), { size: 13, fill: k.t.muted, anchor: 'middle' });
      out += iconTile(k, sx + 24, Y + 304, 40, 'card') + text(sx + 78, Y + 330, `${ref(k, 'DOC')}.PDF`, { size: 14, fill: k.t.text });
      out += rect(232, H - 76, W - 232, 76, { fill: k.t.surface }) + line(232, H - 76, W, H - 76, k.t.border);
      out += button(k, X + CW - 290, H - 58, 130, 42, tr(k, 'Cancel', '取消'), 'outline') + button(k, X + CW - 146, H - 58, 146, 42, tr(k, 'Save', '保存'));
      return out;
    },
  },
  kanban: {
    nav: 1,
    draw(k) {
      let out = title(k, k.vocab[0], k.line());
      out += button(k, X + CW - 144, Y + 34, 144, 40, tr(k, '+ New', '+ 新建'));
      const columns = [tr(k, 'To do', '待办'), tr(k, 'In progress', '进行中'), tr(k, 'In review', '评审中'), tr(k, 'Done', '已完成')];
      columns.forEach((label, c) => {
        const x = X + c * 290;
        const count = k.rng.int(2, 4);
        out += rect(x, Y + 110, 274, 700, { fill: k.t.bar, r: 14, opacity: 0.5 });
        out += text(x + 16, Y + 142, label, { size: 14, fill: k.t.text, weight: 'bold' }) + text(x + 258, Y + 142, String(count + k.rng.int(0, 6)), { size: 13, fill: k.t.muted, anchor: 'end' });
        for (let i = 0; i < count; i++) {
          const y = Y + 162 + i * 156;
          out += card(k, x + 10, y, 254, 142, 12) + rect(x + 26, y + 16, 60, 6, { fill: k.t.accent, r: 3, opacity: 0.3 + c * 0.2 });
          out += text(x + 26, y + 48, fitText(k.line(), 220, 14, true), { size: 14, fill: k.t.text, weight: 'bold' });
          out += bars(k, x + 26, y + 62, [k.rng.float(150, 210), k.rng.float(90, 170)], { height: 8, gap: 16 });
          out += avatar(k, x + 40, y + 118, 12, k.copy.people[(c + i) % k.copy.people.length]) + text(x + 248, y + 123, date(k), { size: 12, fill: k.t.muted, anchor: 'end' });
        }
      });
      return out;
    },
  },
  approvals: {
    nav: 3,
    draw(k) {
      let out = title(k, tr(k, 'Approvals', '审批'));
      const tabs = [tr(k, `Pending ${k.rng.int(3, 19)}`, `待我审批 ${k.rng.int(3, 19)}`), tr(k, 'Approved', '已通过'), tr(k, 'Rejected', '已驳回'), tr(k, 'Sent by me', '我发起的')];
      let tx = X;
      tabs.forEach((tab, i) => {
        out += text(tx, Y + 112, tab, { size: 15, fill: i === 0 ? k.t.text : k.t.muted, weight: i === 0 ? 'bold' : 'normal' });
        if (i === 0) out += rect(tx, Y + 122, textWidth(tab, 15, true), 3, { fill: k.t.accent });
        tx += textWidth(tab, 15, true) + 36;
      });
      out += line(X, Y + 124, X + CW, Y + 124, k.t.border);
      for (let i = 0; i < 6; i++) {
        const y = Y + 144 + i * 104;
        const who = k.copy.people[(i + 2) % k.copy.people.length];
        out += card(k, X, y, 640, 92, 12);
        if (i === 0) out += rect(X, y, 4, 92, { fill: k.t.accent, r: 2 });
        out += avatar(k, X + 38, y + 46, 20, who) + text(X + 72, y + 38, fitText(`${who} · ${k.vocab[(i + 4) % k.vocab.length]}`, 380, 15, true), { size: 15, fill: k.t.text, weight: 'bold' });
        out += text(X + 72, y + 62, fitText(k.line(), 380, 13), { size: 13, fill: k.t.muted }) + text(X + 620, y + 40, k.money(80, 24000), { size: 15, fill: k.t.text, weight: 'bold', anchor: 'end' });
        out += text(X + 620, y + 64, date(k), { size: 12, fill: k.t.muted, anchor: 'end' });
      }
      const px = X + 664;
      out += card(k, px, Y + 144, 480, 636, 14) + text(px + 24, Y + 184, fitText(`${k.vocab[4]} ${ref(k, 'AP')}`, 420, 18, true), { size: 18, fill: k.t.text, weight: 'bold' });
      out += text(px + 24, Y + 226, k.money(80, 24000), { size: 26, fill: k.t.text, weight: 'bold' });
      out += text(px + 24, Y + 262, tr(k, 'Approval chain', '审批流程'), { size: 13, fill: k.t.muted, weight: 'bold' });
      [tr(k, 'Submitted', '已提交'), tr(k, 'Team lead approved', '主管已同意'), tr(k, 'Finance review', '财务审核'), tr(k, 'Payment', '出纳付款')].forEach((step, i) => {
        const y = Y + 296 + i * 70;
        const state = i < 2 ? GOOD : i === 2 ? WARN : k.t.bar;
        out += circle(px + 40, y, 12, { fill: state }) + (i < 3 ? line(px + 40, y + 14, px + 40, y + 56, k.t.border) : '');
        out += text(px + 66, y + 5, step, { size: 15, fill: k.t.text, weight: i === 2 ? 'bold' : 'normal' }) + text(px + 456, y + 5, i < 3 ? k.copy.people[i + 1] : '', { size: 13, fill: k.t.muted, anchor: 'end' });
      });
      out += field(k, px + 24, Y + 600, 432, 48, tr(k, 'Add a comment', '填写审批意见'), { placeholder: true });
      out += button(k, px + 24, Y + 680, 206, 50, tr(k, 'Reject', '驳回'), 'outline') + button(k, px + 250, Y + 680, 206, 50, tr(k, 'Approve', '同意'));
      return out;
    },
  },
  invite: {
    nav: 6,
    draw(k) {
      let out = title(k, tr(k, 'Members', '成员管理'), tr(k, `${k.rng.int(8, 60)} people in this workspace`, `工作区共 ${k.rng.int(8, 60)} 人`));
      out += table(k, X, Y + 120, CW, 8);
      const d = dialog(k, 620, 520, tr(k, 'Invite teammates', '邀请成员'));
      out += d.out + text(d.x + 32, d.y + 82, tr(k, 'They will get an e-mail with a link to join.', '对方会收到一封包含加入链接的邮件。'), { size: 14, fill: k.t.muted });
      out += text(d.x + 32, d.y + 126, tr(k, 'E-mail addresses', '邮箱地址'), { size: 13, fill: k.t.muted, weight: 'bold' });
      out += rect(d.x + 32, d.y + 138, 556, 96, { fill: k.t.surface, stroke: k.t.accent, strokeWidth: 2, r: 10 });
      ['sam@company.com', 'lena@company.com', 'omar@company.com'].forEach((mail, i) => {
        out += chip(k, d.x + 44 + (i % 2) * 200, d.y + 150 + Math.floor(i / 2) * 40, mail, false, 30).svg;
      });
      out += field(k, d.x + 32, d.y + 284, 556, 48, tr(k, 'Member', '普通成员'), { label: tr(k, 'Role', '角色') });
      out += field(k, d.x + 32, d.y + 374, 556, 48, tr(k, 'Sales team', '销售部'), { label: tr(k, 'Team', '所属部门') });
      out += button(k, d.x + 300, d.y + 448, 130, 46, tr(k, 'Cancel', '取消'), 'outline') + button(k, d.x + 442, d.y + 448, 146, 46, tr(k, 'Send invites', '发送邀请'));
      return out;
    },
  },
  export: {
    nav: 5,
    draw(k) {
      let out = title(k, tr(k, 'Reports', '报表'), tr(k, 'Monthly summary', '月度汇总'));
      out += button(k, X + CW - 150, Y + 34, 150, 40, tr(k, 'Export', '导出'), k.variant === 1 ? 'primary' : 'outline');
      out += kpiRow(k, Y + 104);
      out += card(k, X, Y + 232, CW, 260, 14) + barChart(k, X + 24, Y + 256, CW - 48, 216, week(k).concat(week(k)));
      out += table(k, X, Y + 516, CW, 5);
      if (k.variant === 1) {
        const d = dialog(k, 560, 500, tr(k, 'Export report', '导出报表'));
        out += d.out + text(d.x + 32, d.y + 100, tr(k, 'Format', '文件格式'), { size: 13, fill: k.t.muted, weight: 'bold' });
        ['CSV', 'Excel (.xlsx)', 'PDF'].forEach((format, i) => {
          out += radio(k, d.x + 32, d.y + 118 + i * 40, format, i === 1);
        });
        out += field(k, d.x + 32, d.y + 276, 496, 48, tr(k, '1 Nov – 30 Nov 2026', '2026-11-01 至 2026-11-30'), { label: tr(k, 'Date range', '日期范围') });
        out += checkbox(k, d.x + 32, d.y + 350, tr(k, 'E-mail me when it is ready', '生成后发邮件通知我'), true);
        out += button(k, d.x + 240, d.y + 428, 130, 46, tr(k, 'Cancel', '取消'), 'outline') + button(k, d.x + 382, d.y + 428, 146, 46, tr(k, 'Export', '导出'));
      }
      return out;
    },
  },
  billing: {
    nav: 6,
    draw(k) {
      if (k.variant === 1) {
        let out = title(k, tr(k, 'Upgrade to Business', '升级到企业版'), tr(k, 'Billed yearly, cancel any time.', '按年付费，可随时取消。'));
        const fields: [string, string, number, number, number][] = [
          [tr(k, 'Company', '公司名称'), tr(k, 'Northwind Ltd', '星河科技'), 0, 0, 640],
          [tr(k, 'Card number', '卡号'), `\u2022\u2022\u2022\u2022  \u2022\u2022\u2022\u2022  \u2022\u2022\u2022\u2022  ${k.rng.int(1000, 9999)}`, 0, 1, 640],
          [tr(k, 'Expiry', '有效期'), `0${k.rng.int(1, 9)} / 2${k.rng.int(7, 9)}`, 0, 2, 310],
          [tr(k, 'Security code', '安全码'), '\u2022\u2022\u2022', 330, 2, 310],
          [tr(k, 'Tax number', '税号'), `91${k.rng.int(1000000, 9999999)}`, 0, 3, 640],
        ];
        for (const [label, value, dx, row, w] of fields) out += field(k, X + dx, Y + 150 + row * 96, w, 50, value, { label });
        const sx = X + 700;
        const seats = k.rng.int(5, 40);
        out += card(k, sx, Y + 120, 444, 420, 16) + text(sx + 28, Y + 160, tr(k, 'Order summary', '订单摘要'), { size: 18, fill: k.t.text, weight: 'bold' });
        out += text(sx + 28, Y + 204, tr(k, `Business plan × ${seats} seats`, `企业版 × ${seats} 个席位`), { size: 15, fill: k.t.text }) + text(sx + 416, Y + 204, k.money(900, 9000), { size: 15, fill: k.t.text, anchor: 'end' });
        out += text(sx + 28, Y + 240, tr(k, 'Yearly discount', '年付优惠'), { size: 15, fill: GOOD }) + text(sx + 416, Y + 240, '-20%', { size: 15, fill: GOOD, anchor: 'end' });
        out += line(sx + 28, Y + 268, sx + 416, Y + 268, k.t.border) + text(sx + 28, Y + 304, tr(k, 'Total', '合计'), { size: 18, fill: k.t.text, weight: 'bold' }) + text(sx + 416, Y + 304, k.money(800, 8000), { size: 18, fill: k.t.text, weight: 'bold', anchor: 'end' });
        out += button(k, sx + 28, Y + 340, 388, 52, tr(k, 'Pay and upgrade', '支付并升级'));
        out += text(sx + 222, Y + 428, tr(k, 'Invoices are sent to the billing e-mail.', '发票将发送到账单邮箱。'), { size: 13, fill: k.t.muted, anchor: 'middle' });
        return out;
      }
      let out = title(k, tr(k, 'Plans and billing', '套餐与账单'), tr(k, 'You are on the free trial: 6 days left.', '你正在免费试用，还剩 6 天。'));
      out += rect(X + CW / 2 - 150, Y + 108, 300, 40, { fill: k.t.bar, r: 20 }) + rect(X + CW / 2 - 146, Y + 112, 146, 32, { fill: k.t.surface, r: 16 });
      out += text(X + CW / 2 - 73, Y + 133, tr(k, 'Monthly', '按月'), { size: 14, fill: k.t.text, weight: 'bold', anchor: 'middle' }) + text(X + CW / 2 + 73, Y + 133, tr(k, 'Yearly −20%', '按年 −20%'), { size: 14, fill: k.t.muted, anchor: 'middle' });
      const plans = [tr(k, 'Starter', '基础版'), tr(k, 'Business', '企业版'), tr(k, 'Enterprise', '旗舰版')];
      plans.forEach((plan, i) => {
        const x = X + i * 388;
        const best = i === 1;
        out += rect(x, Y + 176, 364, 600, { fill: k.t.surface, stroke: best ? k.t.accent : k.t.border, strokeWidth: best ? 2 : 1, r: 18 });
        if (best) out += pill(k, x + 340, Y + 196, tr(k, 'Most popular', '最受欢迎'), k.t.accent, 'end');
        out += text(x + 28, Y + 228, plan, { size: 20, fill: k.t.text, weight: 'bold' });
        out += text(x + 28, Y + 290, i === 2 ? tr(k, 'Custom', '定制报价') : k.money(9, 49), { size: 36, fill: k.t.text, weight: 'bold' });
        out += text(x + 28, Y + 318, tr(k, 'per seat / month', '每席位 / 月'), { size: 13, fill: k.t.muted });
        for (let f = 0; f < 3 + i; f++) {
          out += icon(x + 36, Y + 364 + f * 40, 12, 'chevron', GOOD) + text(x + 56, Y + 369 + f * 40, fitText(k.line(), 280, 14), { size: 14, fill: k.t.text });
        }
        out += button(k, x + 28, Y + 700, 308, 50, i === 2 ? tr(k, 'Talk to sales', '联系销售') : tr(k, 'Choose plan', '选择套餐'), best ? 'primary' : 'outline');
      });
      return out;
    },
  },
  cancel: {
    nav: 6,
    draw(k) {
      let out = title(k, tr(k, 'Plans and billing', '套餐与账单'));
      out += card(k, X, Y + 110, CW, 140, 14) + text(X + 28, Y + 150, tr(k, 'Business plan', '企业版'), { size: 18, fill: k.t.text, weight: 'bold' });
      out += text(X + 28, Y + 180, tr(k, 'Renews on 1 Dec 2026', '2026-12-01 自动续费'), { size: 14, fill: k.t.muted }) + text(X + CW - 28, Y + 160, k.money(300, 3000), { size: 24, fill: k.t.text, weight: 'bold', anchor: 'end' });
      out += table(k, X, Y + 280, CW, 6);
      const d = dialog(k, 600, 540, tr(k, 'Cancel your subscription?', '确定取消订阅吗？'));
      out += d.out + text(d.x + 32, d.y + 84, tr(k, 'Your workspace stays active until 1 Dec 2026.', '工作区将保留到 2026-12-01。'), { size: 14, fill: k.t.muted });
      out += text(d.x + 32, d.y + 128, tr(k, 'Why are you leaving?', '取消的原因是？'), { size: 13, fill: k.t.muted, weight: 'bold' });
      [tr(k, 'Too expensive', '价格太高'), tr(k, 'Missing features', '缺少需要的功能'), tr(k, 'Switching to another tool', '改用其他产品'), tr(k, 'Only needed it for a project', '项目结束了')].forEach((reason, i) => {
        out += radio(k, d.x + 32, d.y + 148 + i * 40, reason, i === 1);
      });
      out += rect(d.x + 32, d.y + 322, 536, 70, { fill: k.t.accentSoft, r: 12 });
      out += text(d.x + 52, d.y + 352, tr(k, 'Stay and get 3 months at half price', '留下即可享 3 个月半价'), { size: 15, fill: k.t.accent, weight: 'bold' });
      out += text(d.x + 52, d.y + 376, tr(k, 'The offer applies to your next invoice.', '优惠将用于下一期账单。'), { size: 13, fill: k.t.muted });
      out += button(k, d.x + 32, d.y + 448, 260, 50, tr(k, 'Keep my plan', '保留套餐'), 'outline');
      out += rect(d.x + 308, d.y + 448, 260, 50, { fill: BAD, r: 12 }) + text(d.x + 438, d.y + 479, tr(k, 'Cancel subscription', '确认取消'), { size: 16, fill: '#ffffff', weight: 'bold', anchor: 'middle' });
      return out;
    },
  },
  settings: {
    nav: 6,
    draw(k) {
      let out = title(k, tr(k, 'Settings', '设置'));
      const tabs = [tr(k, 'General', '通用'), tr(k, 'Security', '安全'), tr(k, 'Members', '成员'), tr(k, 'Billing', '账单'), tr(k, 'Integrations', '集成')];
      let tx = X;
      tabs.forEach((tab, i) => {
        out += text(tx, Y + 112, tab, { size: 15, fill: i === 0 ? k.t.text : k.t.muted, weight: i === 0 ? 'bold' : 'normal' });
        if (i === 0) out += rect(tx, Y + 122, textWidth(tab, 15, true), 3, { fill: k.t.accent });
        tx += textWidth(tab, 15, true) + 40;
      });
      out += line(X, Y + 124, X + CW, Y + 124, k.t.border);
      out += card(k, X, Y + 150, 760, 300, 14) + text(X + 28, Y + 188, tr(k, 'Workspace', '工作区'), { size: 17, fill: k.t.text, weight: 'bold' });
      out += field(k, X + 28, Y + 230, 340, 48, tr(k, 'Northwind Ltd', '星河科技'), { label: tr(k, 'Workspace name', '工作区名称') });
      out += field(k, X + 392, Y + 230, 340, 48, 'UTC+08:00', { label: tr(k, 'Time zone', '时区') });
      out += field(k, X + 28, Y + 330, 340, 48, tr(k, 'English', '简体中文'), { label: tr(k, 'Language', '语言') });
      out += field(k, X + 392, Y + 330, 340, 48, tr(k, 'Monday', '周一'), { label: tr(k, 'Week starts on', '每周起始日') });
      out += card(k, X, Y + 474, 760, 300, 14) + text(X + 28, Y + 512, tr(k, 'Notifications', '通知'), { size: 17, fill: k.t.text, weight: 'bold' });
      [tr(k, 'Daily digest e-mail', '每日摘要邮件'), tr(k, 'Mentions and assignments', '提及与指派'), tr(k, 'Weekly report', '每周报告'), tr(k, 'Product updates', '产品更新')].forEach((label, i) => {
        const y = Y + 540 + i * 56;
        out += text(X + 28, y + 24, label, { size: 15, fill: k.t.text }) + toggle(k, X + 690, y + 4, k.rng.chance(0.6));
      });
      out += card(k, X + 784, Y + 150, 360, 220, 14) + text(X + 808, Y + 188, tr(k, 'Danger zone', '危险操作'), { size: 17, fill: BAD, weight: 'bold' });
      out += paragraph(k, X + 808, Y + 222, 310, 2, 22);
      out += rect(X + 808, Y + 290, 200, 44, { fill: k.t.surface, stroke: BAD, r: 10 }) + text(X + 908, Y + 318, tr(k, 'Delete workspace', '删除工作区'), { size: 14, fill: BAD, weight: 'bold', anchor: 'middle' });
      out += button(k, X + 620, H - 60, 140, 44, tr(k, 'Save', '保存'));
      return out;
    },
  },
  empty: {
    nav: 4,
    draw(k) {
      let out = title(k, k.vocab[3]);
      k.elements.add('emptyState');
      const cx = X + CW / 2;
      out += illustration(k, cx, Y + 300, 130);
      const heading = tr(k, `No ${k.vocab[3].toLowerCase()} yet`, `还没有${k.vocab[3]}`);
      out += text(cx, Y + 500, heading, { size: fitSize(heading, 700, 26), fill: k.t.text, weight: 'bold', anchor: 'middle' });
      out += text(cx, Y + 532, fitText(k.sentence(), 760, 15), { size: 15, fill: k.t.muted, anchor: 'middle' });
      out += button(k, cx - 230, Y + 574, 220, 50, tr(k, '+ Create the first', '+ 新建第一条')) + button(k, cx + 10, Y + 574, 220, 50, tr(k, 'Import from CSV', '从表格导入'), 'outline');
      return out;
    },
  },
  error: {
    nav: 2,
    draw(k) {
      if (k.variant === 1) {
        const cx = X + CW / 2;
        let out = text(cx, Y + 300, '403', { size: 120, fill: k.t.accentMuted, weight: 'bold', anchor: 'middle' });
        out += text(cx, Y + 380, tr(k, 'You do not have access to this page', '你没有访问此页面的权限'), { size: 26, fill: k.t.text, weight: 'bold', anchor: 'middle' });
        out += text(cx, Y + 414, tr(k, 'Ask an admin of the workspace to give you a role.', '请联系工作区管理员为你分配角色。'), { size: 15, fill: k.t.muted, anchor: 'middle' });
        out += button(k, cx - 230, Y + 456, 220, 50, tr(k, 'Request access', '申请权限')) + button(k, cx + 10, Y + 456, 220, 50, tr(k, 'Back to overview', '返回概览'), 'outline');
        out += text(cx, Y + 560, `${tr(k, 'Error code', '错误码')}: ${ref(k, 'E')}`, { size: 13, fill: k.t.muted, anchor: 'middle' });
        return out;
      }
      let out = text(X, Y + 72, tr(k, `New ${k.vocab[1].toLowerCase()}`, `新建${k.vocab[1]}`), { size: 26, fill: k.t.text, weight: 'bold' });
      out += rect(X, Y + 100, 740, 60, { fill: BAD, r: 12, opacity: 0.1 }) + circle(X + 30, Y + 130, 11, { fill: BAD }) + text(X + 30, Y + 135, '!', { size: 14, fill: '#ffffff', weight: 'bold', anchor: 'middle' });
      out += text(X + 54, Y + 136, tr(k, '2 fields need your attention before saving.', '有 2 项需要修改后才能保存。'), { size: 15, fill: BAD, weight: 'bold' });
      out += card(k, X, Y + 180, 740, 540, 14);
      const rows: [string, string, string | null][] = [
        [tr(k, 'Name', '名称'), fitText(k.vocab[4], 300, 15), null],
        [tr(k, 'Amount', '金额'), '-120', tr(k, 'Enter an amount above zero.', '金额必须大于 0。')],
        [tr(k, 'Due date', '截止日期'), '2026-02-30', tr(k, 'This date does not exist.', '日期不存在。')],
        [tr(k, 'Owner', '负责人'), k.copy.people[1], null],
      ];
      rows.forEach(([label, value, problem], i) => {
        const y = Y + 236 + i * 112;
        out += field(k, X + 30, y, 680, 50, value, { label });
        if (problem) out += rect(X + 30, y, 680, 50, { stroke: BAD, strokeWidth: 2, r: 10 }) + text(X + 30, y + 72, problem, { size: 13, fill: BAD });
      });
      out += rect(232, H - 76, W - 232, 76, { fill: k.t.surface }) + line(232, H - 76, W, H - 76, k.t.border);
      out += button(k, X + CW - 290, H - 58, 130, 42, tr(k, 'Cancel', '取消'), 'outline') + button(k, X + CW - 146, H - 58, 146, 42, tr(k, 'Save', '保存'));
      return out;
    },
  },
};
