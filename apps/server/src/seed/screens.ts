import type { Copy } from './copy';
import { chatLines, copyFor, notices, uiString } from './copy';
import type { ElementKey, ScreenKey } from './data/categories';
import { LIST_CATEGORIES } from './data/categories';
import { createRng } from './prng';
import type { Theme } from './svg';
import { circle, fitText, line, path, rect, svgDocument, text, textWidth, wrapText } from './svg';
import type { IconKind, Kit } from './ui-kit';
import {
  avatar,
  bars,
  button,
  card,
  chip,
  chipRow,
  field,
  icon,
  iconTile,
  initials,
  mapView,
  modal,
  money,
  bottomSheet,
  paragraph,
  photo,
  stars,
  toast,
  toggle,
  variantOr,
} from './ui-kit';

/**
 * Mock interface screens, one layout per screen category, for a phone (apps) or a desktop browser
 * (websites). Each screenshot is drawn from its own random stream, so two screens of the same kind
 * in one app differ, and the app's accent colour and name appear in its top bar.
 */
export type Device = 'phone' | 'desktop';

/** The coordinate space layouts draw in. */
const CANVAS: Record<Device, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
};

/**
 * Pixel size of the stored screenshots. Desktop layouts are drawn at 1440×900 and rendered at
 * 1280×800 (same aspect): 21 % fewer pixels to rasterise and encode, still crisp.
 */
export const SCREEN_SIZE: Record<Device, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

export type ScreenSpec = {
  device: Device;
  screen: ScreenKey;
  theme: Theme;
  appName: string;
  vocab: readonly string[];
  /** Seeds the screenshot's content; the same seed draws the same image. */
  seed: string;
  /** A solid accent top bar (true) or a light one with the name in the accent colour. */
  solidBar: boolean;
  /** The words of the screen (default: English copy of the list category whose vocabulary this is). */
  copy?: Copy;
  /** Which variant of the layout (0 or 1); default: the random stream chooses. */
  variant?: number;
  /** Collects the UI elements drawn (the demo generator's manifest tags the screen with them). */
  elements?: Set<ElementKey>;
};

type Area = { x: number; y: number; w: number; h: number };
type Chrome = { top: boolean; tabs: boolean; title?: string };
/** A layout; `overlay` is drawn above the chrome (a dialog, a sheet or a toast over the whole screen). */
type Layout = { chrome: Chrome; draw: (k: Kit, area: Area) => string; overlay?: (k: Kit) => string };

export function makeKit(spec: Pick<ScreenSpec, 'theme' | 'appName' | 'vocab' | 'seed' | 'copy' | 'variant' | 'elements'>, device: Device): Kit {
  const size = CANVAS[device];
  const rng = createRng(spec.seed);
  const copy = spec.copy ?? copyFor(LIST_CATEGORIES.find((c) => c.vocab === spec.vocab)?.key ?? 'finance', 'en');
  const vocab = spec.copy ? copy.vocab : spec.vocab;
  const deck = rng.shuffle(vocab);
  const text = createRng(`${spec.seed}:copy`);
  const lines = text.shuffle(copy.lines);
  const sentences = text.shuffle(copy.sentences);
  let dealt = 0;
  let lineAt = 0;
  let sentenceAt = 0;
  /** Deal lines in turn; with `fits`, the first of the coming lines (then words) that fits, moved to the front. */
  const line = (fits?: (l: string) => boolean) => {
    if (lineAt % lines.length === 0 && lineAt > 0) lineAt = 0;
    if (fits) {
      const ahead = [...lines.slice(lineAt), ...lines.slice(0, lineAt)];
      const found = ahead.find(fits);
      if (found === undefined) {
        // No line fits: a word of the domain, the next that fits in the deck of words.
        for (let i = 0; i < deck.length; i++) {
          const w = deck[dealt++ % deck.length];
          if (fits(w)) return w;
        }
        return ahead[0];
      }
      const at = lines.indexOf(found);
      [lines[at], lines[lineAt]] = [lines[lineAt], lines[at]];
    }
    return lines[lineAt++];
  };
  return {
    t: spec.theme,
    rng,
    desktop: device === 'desktop',
    w: size.width,
    h: size.height,
    name: spec.appName,
    vocab,
    word: () => deck[dealt++ % deck.length],
    copy,
    s: (en) => uiString(copy.lang, en),
    line,
    sentence: () => sentences[sentenceAt++ % sentences.length],
    money: (min, max) => money(rng, min, max, copy.currency),
    variant: spec.variant,
    elements: spec.elements ?? new Set(),
  };
}

/** English or Chinese text, by the screen's language. */
export const tr = (k: Kit, en: string, zh: string) => (k.copy.lang === 'zh' ? zh : en);

/**
 * The promo code some home screens show in a toast: a word found nowhere but inside screenshots
 * (no item, brief or category has it), so a search for it proves the OCR text is searched.
 */
export const PROMO_CODE = 'KUMQUAT';

const STREETS = ['Harbour', 'Maple', 'Garden', 'River'];
const STREETS_ZH = ['滨江路', '梧桐路', '花园街', '南京西路'];
function street(k: Kit): string {
  const n = k.rng.int(2, 180);
  return k.copy.lang === 'zh' ? `${k.rng.pick(STREETS_ZH)} ${n} 号` : `${n} ${k.rng.pick(STREETS)} Street`;
}

/** The complete SVG document of one screenshot. */
export function screenSvg(spec: ScreenSpec, output: { width: number; height: number } = SCREEN_SIZE[spec.device]): string {
  const k = makeKit(spec, spec.device);
  const body = spec.device === 'phone' ? phoneScreen(k, spec) : desktopScreen(k, spec);
  return svgDocument(k.w, k.h, body, '', output);
}

/** The first viewport (1440×900) of a website page and the kit it was drawn with, for longer pages. */
export function desktopViewport(spec: Omit<ScreenSpec, 'device'>): { k: Kit; body: string } {
  const full = { ...spec, device: 'desktop' as const };
  const k = makeKit(full, 'desktop');
  return { k, body: desktopScreen(k, full) };
}

/** Only the inner markup of a phone screen, for nesting in another picture (article covers). */
export function phoneScreenBody(spec: Omit<ScreenSpec, 'device'>): string {
  return phoneScreen(makeKit(spec, 'phone'), { ...spec, device: 'phone' });
}

// ---------------------------------------------------------------- phone chrome

const PHONE_TABS: IconKind[] = ['home', 'search', 'plus', 'heart', 'user'];
/** Which tab a screen belongs to, so the tab bar highlights the right one. */
const ACTIVE_TAB: Partial<Record<ScreenKey, number>> = { search: 1, empty: 3, profile: 4, settings: 4 };

function phoneScreen(k: Kit, spec: ScreenSpec): string {
  const layout = PHONE_LAYOUTS[spec.screen];
  const { top, tabs } = layout.chrome;
  const area: Area = { x: 20, y: top ? 100 : 44, w: 350, h: (tabs ? 761 : 810) - (top ? 100 : 44) };
  let out = rect(0, 0, k.w, k.h, { fill: k.t.bg });
  out += layout.draw(k, area);
  if (top) out += phoneTopBar(k, spec.solidBar, spec.screen);
  out += statusBar(k, top && spec.solidBar);
  if (tabs) {
    k.elements.add('tabBar');
    out += rect(0, 761, k.w, 83, { fill: k.t.surface }) + line(0, 761, k.w, 761, k.t.border);
    const active = ACTIVE_TAB[spec.screen] ?? 0;
    PHONE_TABS.forEach((kind, i) => {
      out += icon(39 + i * 78, 790, 22, kind, i === active ? k.t.accent : k.t.muted);
    });
  }
  out += layout.overlay?.(k) ?? '';
  out += rect(k.w / 2 - 67, 830, 134, 5, { fill: k.t.dark ? '#ffffff' : '#111111', r: 2.5, opacity: 0.8 });
  return out;
}

function statusBar(k: Kit, onAccent: boolean): string {
  const color = onAccent ? k.t.onAccent : k.t.text;
  let out = text(28, 30, '9:41', { size: 15, fill: color, weight: 'bold' });
  for (let i = 0; i < 4; i++) out += rect(300 + i * 5, 26 - i * 3, 3, 5 + i * 3, { fill: color, r: 1 });
  out += rect(328, 18, 26, 13, { stroke: color, r: 4, opacity: 0.9 }) + rect(330, 20, 19, 9, { fill: color, r: 2 });
  return out;
}

function phoneTopBar(k: Kit, solid: boolean, screen: ScreenKey): string {
  const fill = solid ? k.t.accent : k.t.surface;
  const fg = solid ? k.t.onAccent : k.t.text;
  const leading: IconKind = ['detail', 'checkout', 'chat', 'settings'].includes(screen) ? 'back' : 'menu';
  const trailing: IconKind = screen === 'detail' ? 'heart' : screen === 'checkout' ? 'bag' : 'bell';
  k.elements.add('navigationBar');
  return (
    rect(0, 0, k.w, 100, { fill }) +
    (solid ? '' : line(0, 100, k.w, 100, k.t.border)) +
    icon(32, 72, 20, leading, fg) +
    text(k.w / 2, 79, k.name, { size: 19, fill: solid ? fg : k.t.accent, weight: 'bold', anchor: 'middle' }) +
    icon(358, 72, 20, trailing, fg)
  );
}

// ---------------------------------------------------------------- desktop chrome

const NAV_LINKS = ['Explore', 'Features', 'Pricing', 'Stories', 'Help'];

function desktopScreen(k: Kit, spec: ScreenSpec): string {
  const layout = DESKTOP_LAYOUTS[spec.screen];
  const top = layout.chrome.top;
  const area: Area = { x: 0, y: top ? 64 : 0, w: k.w, h: k.h - (top ? 64 : 0) };
  let out = rect(0, 0, k.w, k.h, { fill: k.t.bg });
  out += layout.draw(k, area);
  if (top) out += desktopNav(k, spec.solidBar);
  return out;
}

function desktopNav(k: Kit, solid: boolean): string {
  const fill = solid ? k.t.accent : k.t.surface;
  const fg = solid ? k.t.onAccent : k.t.text;
  k.elements.add('navigationBar');
  let out = rect(0, 0, k.w, 64, { fill }) + (solid ? '' : line(0, 64, k.w, 64, k.t.border));
  out += logoMark(k, 40, 16, 32, solid);
  out += text(84, 39, k.name, { size: 20, fill: solid ? fg : k.t.accent, weight: 'bold' });
  let x = 110 + textWidth(k.name, 20, true);
  for (const link of NAV_LINKS.slice(0, 4).map((l) => k.s(l))) {
    out += text(x, 38, link, { size: 15, fill: fg, opacity: 0.85 });
    x += textWidth(link, 15) + 36;
  }
  out += icon(1250, 32, 20, 'search', fg);
  out += avatar(k, 1376, 32, 18, k.copy.people[0]);
  out += icon(1310, 32, 20, 'bell', fg);
  return out;
}

export function logoMark(k: Kit, x: number, y: number, size: number, inverted = false): string {
  return (
    rect(x, y, size, size, { fill: inverted ? k.t.onAccent : k.t.accent, r: size * 0.28 }) +
    text(x + size / 2, y + size * 0.7, initials(k.name).slice(0, 1), {
      size: Math.round(size * 0.6),
      fill: inverted ? k.t.accent : k.t.onAccent,
      weight: 'bold',
      anchor: 'middle',
    })
  );
}

// ---------------------------------------------------------------- shared pieces

const person = (k: Kit) => k.rng.pick(k.copy.people);
const word = (k: Kit) => k.word();

export function fitSize(value: string, width: number, max: number): number {
  return Math.min(max, Math.floor(width / (value.length * 0.66)));
}

function sectionTitle(k: Kit, x: number, y: number, w: number, title: string, action = 'See all'): string {
  return text(x, y, title, { size: 17, fill: k.t.text, weight: 'bold' }) + text(x + w, y, k.s(action), { size: 13, fill: k.t.accent, anchor: 'end' });
}

/** A list row: thumbnail or icon tile, title, a bar of detail and a trailing value. */
function listRow(k: Kit, x: number, y: number, w: number, title: string, trailing: string, usePhoto: boolean): string {
  k.elements.add('list');
  const thumb = usePhoto ? photo(k, x, y, 48, 48, 12) : iconTile(k, x, y, 48, k.rng.pick<IconKind>(['chart', 'heart', 'bag', 'bell', 'card']), k.rng.int(0, 4) * 60);
  return (
    thumb +
    text(x + 62, y + 20, title, { size: 15, fill: k.t.text, weight: 'bold' }) +
    bars(k, x + 62, y + 31, [k.rng.float(90, 150)]) +
    text(x + w, y + 29, trailing, { size: 14, fill: k.t.text, weight: 'bold', anchor: 'end' })
  );
}

export function illustration(k: Kit, cx: number, cy: number, r: number): string {
  return (
    circle(cx, cy, r, { fill: k.t.accentSoft }) +
    circle(cx + r * 0.7, cy - r * 0.75, r * 0.14, { fill: k.t.second, opacity: 0.7 }) +
    circle(cx - r * 0.85, cy + r * 0.5, r * 0.08, { fill: k.t.accent, opacity: 0.6 }) +
    rect(cx - r * 0.55, cy - r * 0.45, r * 1.1, r * 0.9, { fill: k.t.surface, stroke: k.t.border, r: r * 0.1 }) +
    bars(k, cx - r * 0.4, cy - r * 0.25, [r * 0.8, r * 0.55, r * 0.65], { gap: r * 0.2, height: r * 0.08 }) +
    circle(cx + r * 0.5, cy + r * 0.4, r * 0.2, { fill: k.t.accent }) +
    icon(cx + r * 0.5, cy + r * 0.4, r * 0.18, 'plus', k.t.onAccent)
  );
}

export function kpiValue(k: Kit, i: number): string {
  const kinds = [
    () => k.rng.int(1200, 48000).toLocaleString('en-US'),
    () => k.money(800, 9800),
    () => `${k.rng.int(42, 98)}%`,
    () => `${k.rng.int(12, 420)}`,
  ];
  return kinds[i % kinds.length]();
}

export function delta(k: Kit, x: number, y: number, anchor: 'start' | 'end' = 'start'): string {
  const up = k.rng.chance(0.7);
  const value = `${up ? '+' : '-'}${k.rng.float(0.5, 18).toFixed(1)}%`;
  return text(x, y, value, { size: 13, fill: up ? '#1f9d55' : '#d64545', weight: 'bold', anchor });
}

/** A line chart with an area under it; points from the screenshot's random stream. */
export function lineChart(k: Kit, x: number, y: number, w: number, h: number, points = 12): string {
  k.elements.add('chart');
  let out = '';
  for (let i = 0; i <= 3; i++) out += line(x, y + (h * i) / 3, x + w, y + (h * i) / 3, k.t.border);
  let level = k.rng.float(0.3, 0.6);
  const coords = Array.from({ length: points }, (_, i) => {
    level = Math.min(0.95, Math.max(0.08, level + k.rng.float(-0.18, 0.22)));
    return [x + (w * i) / (points - 1), y + h - level * h] as const;
  });
  const d = coords.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${px.toFixed(1)} ${py.toFixed(1)}`).join(' ');
  out += path(`${d} L${x + w} ${y + h} L${x} ${y + h} Z`, { fill: k.t.accent, opacity: 0.12 });
  out += path(d, { stroke: k.t.accent, strokeWidth: 3, cap: 'round' });
  const [lx, ly] = coords[coords.length - 1];
  out += circle(lx, ly, 5, { fill: k.t.surface, stroke: k.t.accent, strokeWidth: 3 });
  return out;
}

export function barChart(k: Kit, x: number, y: number, w: number, h: number, labels: string[]): string {
  k.elements.add('chart');
  const step = w / labels.length;
  const bw = Math.min(28, step * 0.5);
  const highlight = k.rng.int(0, labels.length - 1);
  return labels
    .map((label, i) => {
      const bh = (h - 24) * k.rng.float(0.25, 1);
      const bx = x + i * step + (step - bw) / 2;
      return (
        rect(bx, y + h - 24 - bh, bw, bh, { fill: i === highlight ? k.t.accent : k.t.accentMuted, r: 6 }) +
        text(bx + bw / 2, y + h - 4, label, { size: 12, fill: k.t.muted, anchor: 'middle' })
      );
    })
    .join('');
}

const WEEK = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];
const WEEK_ZH = ['一', '二', '三', '四', '五', '六', '日'];
export const week = (k: Kit) => (k.copy.lang === 'zh' ? WEEK_ZH : WEEK);

/** The next chat message of a conversation: each line once before any repeats. */
const conversations = new WeakMap<Kit, { said: readonly string[]; at: number }>();
function chatLine(k: Kit): string {
  let talk = conversations.get(k);
  if (!talk) {
    talk = { said: k.rng.shuffle(chatLines(k.copy.lang)), at: 0 };
    conversations.set(k, talk);
  }
  return talk.said[talk.at++ % talk.said.length];
}
const NOTICE_ICONS: IconKind[] = ['chat', 'card', 'bag', 'chart', 'heart', 'gear', 'bell', 'user'];

type SettingRow = { icon: IconKind; label: string; control: 'toggle' | 'chevron' | string };
const SETTINGS: { title: string; rows: SettingRow[] }[] = [
  {
    title: 'ACCOUNT',
    rows: [
      { icon: 'user', label: 'Personal details', control: 'chevron' },
      { icon: 'card', label: 'Payment methods', control: 'chevron' },
      { icon: 'bell', label: 'Push notifications', control: 'toggle' },
    ],
  },
  {
    title: 'PREFERENCES',
    rows: [
      { icon: 'gear', label: 'Dark mode', control: 'toggle' },
      { icon: 'grid', label: 'Language', control: 'English' },
      { icon: 'chart', label: 'Weekly summary', control: 'toggle' },
    ],
  },
  {
    title: 'PRIVACY',
    rows: [
      { icon: 'user', label: 'App lock', control: 'toggle' },
      { icon: 'chat', label: 'Contact support', control: 'chevron' },
    ],
  },
];

function settingControl(k: Kit, right: number, cy: number, control: SettingRow['control']): string {
  if (control === 'toggle') return toggle(k, right - 46, cy - 14, k.rng.chance(0.6));
  if (control === 'chevron') return icon(right - 8, cy, 14, 'chevron', k.t.muted);
  return text(right - 22, cy + 5, k.s(control), { size: 14, fill: k.t.muted, anchor: 'end' }) + icon(right - 8, cy, 14, 'chevron', k.t.muted);
}

// ---------------------------------------------------------------- phone flow screens (variants)

/** Login variant 2: the one-time code sent after sign-up or sign-in. */
function phoneVerify(k: Kit): string {
  let out = icon(32, 72, 20, 'back', k.t.text);
  out += iconTile(k, 20, 120, 64, 'chat');
  out += text(20, 140 + 92, tr(k, 'Enter the code', '输入验证码'), { size: 28, fill: k.t.text, weight: 'bold' });
  out += text(20, 264, tr(k, 'We sent 6 digits to +1 415 555 0137', '验证码已发送至 138 **** 0137'), { size: 15, fill: k.t.muted });
  const digits = String(k.rng.int(100000, 999999)).split('');
  k.elements.add('form'); // the code's six boxes and the keypad
  const filled = k.rng.int(2, 5);
  digits.forEach((d, i) => {
    const x = 20 + i * 59;
    out += rect(x, 300, 50, 62, { fill: k.t.surface, stroke: i === filled ? k.t.accent : k.t.border, strokeWidth: i === filled ? 2 : 1, r: 12 });
    if (i < filled) out += text(x + 25, 342, d, { size: 26, fill: k.t.text, weight: 'bold', anchor: 'middle' });
  });
  out += text(20, 404, tr(k, `Resend in 0:${k.rng.int(10, 59)}`, `${k.rng.int(10, 59)} 秒后重新发送`), { size: 14, fill: k.t.muted });
  for (let i = 0; i < 12; i++) {
    const x = 20 + (i % 3) * 120;
    const y = 470 + Math.floor(i / 3) * 74;
    const key = i < 9 ? String(i + 1) : i === 10 ? '0' : '';
    out += rect(x, y, 110, 64, { fill: key ? k.t.surface : k.t.bg, r: 12 });
    if (key) out += text(x + 55, y + 42, key, { size: 26, fill: k.t.text, anchor: 'middle' });
  }
  return out;
}

/** Login variant 3: asking for a password reset link. */
function phoneReset(k: Kit): string {
  let out = icon(32, 72, 20, 'back', k.t.text);
  out += illustration(k, 195, 230, 90);
  out += text(195, 384, tr(k, 'Forgot your password?', '忘记密码了？'), { size: 26, fill: k.t.text, weight: 'bold', anchor: 'middle' });
  out += text(195, 414, tr(k, 'We will e-mail you a link to reset it.', '我们会发送重置链接到你的邮箱。'), { size: 15, fill: k.t.muted, anchor: 'middle' });
  out += field(k, 20, 480, 350, 52, 'name@example.com', { label: k.s('Email') });
  out += button(k, 20, 560, 350, 54, tr(k, 'Send reset link', '发送重置链接'));
  out += text(195, 800, tr(k, 'Remembered it? Sign in', '想起来了？去登录'), { size: 14, fill: k.t.accent, anchor: 'middle' });
  return out;
}

/** Onboarding variant 1: choosing interests after sign-up. */
function phoneInterests(k: Kit): string {
  let out = text(20, 84, tr(k, 'Step 2 of 3', '第 2 步，共 3 步'), { size: 13, fill: k.t.muted });
  out += rect(20, 100, 350, 6, { fill: k.t.bar, r: 3 }) + rect(20, 100, 233, 6, { fill: k.t.accent, r: 3 });
  out += text(20, 160, tr(k, 'What are you into?', '你对什么感兴趣？'), { size: 26, fill: k.t.text, weight: 'bold' });
  out += text(20, 190, tr(k, 'Pick three or more.', '至少选择三项。'), { size: 15, fill: k.t.muted });
  const words = k.rng.shuffle(k.vocab);
  words.forEach((w, i) => {
    const x = 20 + (i % 2) * 179;
    const y = 222 + Math.floor(i / 2) * 118;
    const on = i % 3 !== 1;
    out += rect(x, y, 171, 106, { fill: on ? k.t.accentSoft : k.t.surface, stroke: on ? k.t.accent : k.t.border, strokeWidth: on ? 2 : 1, r: 16 });
    out += iconTile(k, x + 14, y + 14, 40, NOTICE_ICONS[i % NOTICE_ICONS.length], i * 40) + text(x + 14, y + 86, fitText(w, 140, 15, true), { size: 15, fill: k.t.text, weight: 'bold' });
    if (on) out += circle(x + 150, y + 24, 11, { fill: k.t.accent }) + icon(x + 150, y + 24, 10, 'chevron', k.t.onAccent);
  });
  out += button(k, 20, 730, 350, 54, k.s('Continue'));
  return out;
}

/** Checkout variant 1: the order placed. */
function phoneOrderPlaced(k: Kit, a: Area): string {
  let out = circle(195, a.y + 120, 64, { fill: '#1f9d55', opacity: 0.15 }) + circle(195, a.y + 120, 42, { fill: '#1f9d55' });
  out += path(`M176 ${a.y + 121} L190 ${a.y + 135} L215 ${a.y + 108}`, { stroke: '#ffffff', strokeWidth: 6, cap: 'round' });
  out += text(195, a.y + 230, tr(k, 'Order placed', '下单成功'), { size: 26, fill: k.t.text, weight: 'bold', anchor: 'middle' });
  out += text(195, a.y + 260, tr(k, `Order #${k.rng.int(10000, 99999)} is confirmed`, `订单 ${k.rng.int(10000, 99999)} 已确认`), { size: 15, fill: k.t.muted, anchor: 'middle' });
  out += card(k, a.x, a.y + 296, a.w, 220);
  for (let i = 0; i < 3; i++) {
    const y = a.y + 312 + i * 64;
    out += photo(k, a.x + 16, y, 48, 48, 10) + text(a.x + 76, y + 22, word(k), { size: 15, fill: k.t.text, weight: 'bold' });
    out += text(a.x + 76, y + 42, tr(k, `Qty ${k.rng.int(1, 3)}`, `数量 ${k.rng.int(1, 3)}`), { size: 12, fill: k.t.muted }) + text(a.x + a.w - 16, y + 30, k.money(6, 120), { size: 14, fill: k.t.text, anchor: 'end' });
  }
  out += card(k, a.x, a.y + 532, a.w, 72) + mapView(k, a.x + 8, a.y + 540, 88, 56, 8);
  out += text(a.x + 110, a.y + 566, tr(k, 'Arrives Thursday', '预计周四送达'), { size: 15, fill: k.t.text, weight: 'bold' }) + text(a.x + 110, a.y + 588, street(k), { size: 13, fill: k.t.muted });
  out += button(k, 20, 726, 350, 52, tr(k, 'Track order', '查看物流'));
  return out;
}

/** Settings variant 1: the paywall with the subscription plans. */
function phonePaywall(k: Kit, a: Area): string {
  let out = rect(a.x, a.y + 16, a.w, 170, { fill: k.t.accent, r: 20 });
  out += text(a.x + 20, a.y + 62, tr(k, `${k.name} Plus`, `${k.name}会员`), { size: 24, fill: k.t.onAccent, weight: 'bold' });
  out += text(a.x + 20, a.y + 90, tr(k, 'Unlock every feature', '解锁全部功能'), { size: 15, fill: k.t.onAccent, opacity: 0.9 });
  [tr(k, 'No ads', '无广告'), tr(k, 'Unlimited history', '无限历史记录'), tr(k, 'Sync on all devices', '多设备同步')].forEach((f, i) => {
    out += icon(a.x + 28, a.y + 122 + i * 22, 10, 'chevron', k.t.onAccent) + text(a.x + 44, a.y + 127 + i * 22, f, { size: 13, fill: k.t.onAccent });
  });
  const plans: [string, string, string][] = [
    [tr(k, 'Yearly', '年度会员'), k.money(29, 79), tr(k, 'Save 40%', '省 40%')],
    [tr(k, 'Monthly', '月度会员'), k.money(3, 9), ''],
    [tr(k, 'Lifetime', '终身会员'), k.money(99, 199), ''],
  ];
  plans.forEach(([label, price, badge], i) => {
    const y = a.y + 206 + i * 88;
    out += rect(a.x, y, a.w, 76, { fill: k.t.surface, stroke: i === 0 ? k.t.accent : k.t.border, strokeWidth: i === 0 ? 2 : 1, r: 14 });
    out += circle(a.x + 28, y + 38, 10, { fill: k.t.surface, stroke: i === 0 ? k.t.accent : k.t.border, strokeWidth: 2 }) + (i === 0 ? circle(a.x + 28, y + 38, 5, { fill: k.t.accent }) : '');
    out += text(a.x + 50, y + 44, label, { size: 16, fill: k.t.text, weight: 'bold' }) + text(a.x + a.w - 16, y + 44, price, { size: 16, fill: k.t.text, weight: 'bold', anchor: 'end' });
    if (badge) out += chip(k, a.x + 150, y + 26, badge, true, 24).svg;
  });
  out += button(k, a.x, a.y + 480, a.w, 54, tr(k, 'Start free trial', '开始免费试用'));
  out += text(195, a.y + 560, tr(k, `7 days free, then ${plans[0][1]} a year. Cancel any time.`, `免费 7 天，之后每年 ${plans[0][1]}，可随时取消。`), { size: 12, fill: k.t.muted, anchor: 'middle' });
  out += text(195, a.y + 596, tr(k, 'Restore purchases', '恢复购买'), { size: 14, fill: k.t.accent, weight: 'bold', anchor: 'middle' });
  return out;
}

/** Settings variant 2: cancelling the subscription. */
function phoneCancel(k: Kit, a: Area): string {
  let out = text(a.x, a.y + 46, tr(k, 'Cancel subscription', '取消订阅'), { size: 24, fill: k.t.text, weight: 'bold' });
  out += card(k, a.x, a.y + 70, a.w, 86) + iconTile(k, a.x + 14, a.y + 88, 48, 'card');
  out += text(a.x + 76, a.y + 106, tr(k, `${k.name} Plus, yearly`, `${k.name}年度会员`), { size: 15, fill: k.t.text, weight: 'bold' });
  out += text(a.x + 76, a.y + 128, tr(k, 'Active until 1 Dec 2026', '有效期至 2026-12-01'), { size: 13, fill: k.t.muted });
  out += text(a.x, a.y + 196, tr(k, 'Tell us why you are leaving', '告诉我们取消的原因'), { size: 15, fill: k.t.text, weight: 'bold' });
  [tr(k, 'Too expensive', '价格太高'), tr(k, 'I do not use it enough', '用得不多'), tr(k, 'Missing a feature', '缺少需要的功能'), tr(k, 'Something else', '其他原因')].forEach((reason, i) => {
    const y = a.y + 214 + i * 56;
    out += rect(a.x, y, a.w, 46, { fill: k.t.surface, stroke: i === 1 ? k.t.accent : k.t.border, r: 12 });
    out += circle(a.x + 24, y + 23, 9, { fill: k.t.surface, stroke: i === 1 ? k.t.accent : k.t.border, strokeWidth: 2 }) + (i === 1 ? circle(a.x + 24, y + 23, 4.5, { fill: k.t.accent }) : '');
    out += text(a.x + 44, y + 28, reason, { size: 14, fill: k.t.text });
  });
  out += button(k, a.x, a.y + 460, a.w, 52, tr(k, 'Keep my plan', '继续保留会员'));
  out += rect(a.x, a.y + 526, a.w, 50, { fill: k.t.surface, stroke: '#d64545', r: 12 }) + text(195, a.y + 557, tr(k, 'Cancel subscription', '确认取消订阅'), { size: 15, fill: '#d64545', weight: 'bold', anchor: 'middle' });
  return out;
}

// ---------------------------------------------------------------- phone layouts

const PHONE_LAYOUTS: Record<ScreenKey, Layout> = {
  login: {
    chrome: { top: false, tabs: false },
    draw(k) {
      if (k.variant === 2) return phoneVerify(k);
      if (k.variant === 3) return phoneReset(k);
      const signUp = variantOr(k, 0.35);
      let out = logoMark(k, 159, 112, 72);
      out += text(195, 228, k.name, { size: 26, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      const subtitle = signUp ? k.s('Create your account') : k.rng.pick([k.s('Welcome back'), k.s('Sign in to continue'), k.s('Good to see you again')]);
      out += text(195, 256, subtitle, { size: 15, fill: k.t.muted, anchor: 'middle' });
      let y = 318;
      if (signUp) {
        out += field(k, 20, y, 350, 52, person(k), { label: k.s('Name') });
        y += 88;
      }
      out += field(k, 20, y, 350, 52, 'name@example.com', { label: k.s('Email'), placeholder: true });
      out += field(k, 20, y + 88, 350, 52, '\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022', { label: k.s('Password') });
      y += 160;
      if (!signUp) out += text(370, y, k.s('Forgot password?'), { size: 13, fill: k.t.accent, anchor: 'end' });
      out += button(k, 20, y + 22, 350, 52, signUp ? k.s('Create account') : k.s('Sign in'));
      y += 112;
      out += line(20, y, 170, y, k.t.border) + text(195, y + 5, k.s('or'), { size: 13, fill: k.t.muted, anchor: 'middle' }) + line(220, y, 370, y, k.t.border);
      out += button(k, 20, y + 24, 350, 50, k.s('Continue with phone'), 'outline');
      if (!signUp) out += button(k, 20, y + 86, 350, 50, k.s('Use a passkey'), 'outline');
      out += text(195, 800, signUp ? k.s('Already have an account? Sign in') : k.s('New here? Create an account'), { size: 14, fill: k.t.muted, anchor: 'middle' });
      return out;
    },
  },
  onboarding: {
    chrome: { top: false, tabs: false },
    draw(k) {
      if (k.variant === 1) return phoneInterests(k);
      const step = k.rng.int(0, 2);
      let out = logoMark(k, 20, 56, 28) + text(58, 76, k.name, { size: 17, fill: k.t.text, weight: 'bold' });
      out += text(370, 76, k.s('Skip'), { size: 15, fill: k.t.muted, anchor: 'end' });
      out += rect(20, 100, 350, 390, { fill: k.t.accentSoft, r: 28 });
      out += circle(195, 295, 130, { fill: k.t.accentMuted, opacity: 0.6 });
      out += circle(320, 140, 18, { fill: k.t.second, opacity: 0.7 }) + circle(60, 450, 10, { fill: k.t.accent });
      out += card(k, 60, 190, 270, 92, 18) + iconTile(k, 76, 210, 52, k.rng.pick<IconKind>(['chart', 'heart', 'bell', 'bag'])) + bars(k, 142, 220, [150, 96]);
      out += card(k, 100, 306, 230, 120, 18) + photo(k, 114, 320, 96, 92, 12) + bars(k, 222, 334, [92, 70, 84]);
      const headlines = [tr(k, `Welcome to ${k.name}`, `欢迎来到${k.name}`), tr(k, `${word(k)}, sorted`, `${word(k)}，一目了然`), k.s('Made for your routine'), k.s('Everything in one place'), k.s('Stay on top of it')];
      const headline = headlines[(step + k.rng.int(0, 4)) % headlines.length];
      out += text(195, 560, headline, { size: fitSize(headline, 340, 26), fill: k.t.text, weight: 'bold', anchor: 'middle' });
      wrapText(k.sentence(), 310, 15, false, 2).forEach((l, i) => {
        out += text(195, 592 + i * 22, l, { size: 15, fill: k.t.muted, anchor: 'middle' });
      });
      for (let i = 0; i < 3; i++) {
        out += i === step ? rect(163 + i * 22, 672, 26, 8, { fill: k.t.accent, r: 4 }) : circle(167 + i * 22 + (i > step ? 8 : 0), 676, 4, { fill: k.t.bar });
      }
      out += button(k, 20, 720, 350, 54, step === 2 ? k.s('Get started') : k.s('Continue'));
      return out;
    },
  },
  home: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      const who = person(k).split(' ')[0];
      let out = text(a.x, a.y + 40, `${k.rng.pick([k.s('Good morning'), k.s('Hello'), k.s('Welcome back')])}, ${who}`, { size: 22, fill: k.t.text, weight: 'bold' });
      out += text(a.x, a.y + 64, k.s('Here is what is new today'), { size: 14, fill: k.t.muted });
      out += field(k, a.x, a.y + 84, a.w, 44, k.s('Search'), { icon: 'search', placeholder: true });
      const words = k.rng.shuffle(k.vocab);
      out += chipRow(k, a.x, a.y + 144, a.w, words.slice(0, 5), k.rng.int(0, 2));
      out += rect(a.x, a.y + 192, a.w, 150, { fill: k.t.accent, r: 18 });
      out += text(a.x + 20, a.y + 236, words[5] ?? words[0], { size: 22, fill: k.t.onAccent, weight: 'bold' });
      out += bars(k, a.x + 20, a.y + 252, [150, 110], { fill: k.t.onAccent, opacity: 0.45 });
      out += button(k, a.x + 20, a.y + 292, 110, 34, k.s('Open'), 'soft');
      out += photo(k, a.x + 214, a.y + 210, 118, 114, 14);
      out += sectionTitle(k, a.x, a.y + 378, a.w, k.rng.pick([k.s('Recent'), k.s('For you'), k.s('Popular')]));
      const usePhoto = k.rng.chance(0.5);
      for (let i = 0; i < 4; i++) {
        const value = k.rng.chance(0.5) ? k.money(4, 240) : tr(k, `${k.rng.int(1, 59)}m`, `${k.rng.int(1, 59)} 分钟`);
        out += listRow(k, a.x, a.y + 398 + i * 64, a.w, words[(i + 6) % words.length], value, usePhoto);
      }
      return out;
    },
    overlay: (k) => (k.rng.chance(0.5) ? toast(k, 195, 690, tr(k, `Use code ${PROMO_CODE} for 20% off`, `输入优惠码 ${PROMO_CODE} 立减 20%`), 350) : ''),
  },
  search: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      const query = word(k);
      let out = field(k, a.x, a.y + 16, a.w, 46, query, { icon: 'search' });
      out += chipRow(k, a.x, a.y + 76, a.w, [k.s('All'), k.s('Popular'), k.s('Nearby'), k.s('New'), k.s('Saved')], k.rng.int(0, 2));
      const count = k.rng.int(12, 240);
      out += text(a.x, a.y + 136, tr(k, `${count} results for "${query}"`, `找到 ${count} 个“${query}”相关结果`), { size: 13, fill: k.t.muted });
      if (!variantOr(k, 0.5)) {
        for (let i = 0; i < 5; i++) {
          const y = a.y + 152 + i * 98;
          out += card(k, a.x, y, a.w, 86) + photo(k, a.x + 10, y + 10, 66, 66, 10);
          out += text(a.x + 90, y + 30, `${word(k)}${k.copy.lang === 'zh' ? '' : ' '}${k.s(k.rng.pick(['guide', 'pick', 'deal', 'plan', 'set']))}`, { size: 15, fill: k.t.text, weight: 'bold' });
          out += bars(k, a.x + 90, y + 42, [k.rng.float(120, 200)]);
          out += stars(k, a.x + 90, y + 68, k.rng.float(3.4, 5), 12);
          out += text(a.x + a.w - 14, y + 72, k.money(6, 180), { size: 14, fill: k.t.accent, weight: 'bold', anchor: 'end' });
        }
      } else {
        const cw = (a.w - 14) / 2;
        for (let i = 0; i < 4; i++) {
          const x = a.x + (i % 2) * (cw + 14);
          const y = a.y + 152 + Math.floor(i / 2) * 236;
          out += photo(k, x, y, cw, 160, 14) + icon(x + cw - 20, y + 20, 18, 'heart', '#ffffff');
          out += text(x, y + 184, word(k), { size: 15, fill: k.t.text, weight: 'bold' });
          out += text(x, y + 206, k.money(6, 180), { size: 14, fill: k.t.accent, weight: 'bold' });
        }
      }
      return out;
    },
    overlay(k) {
      if (!k.rng.chance(0.4)) return '';
      const options = [tr(k, 'Relevance', '相关度'), tr(k, 'Newest', '最新'), tr(k, 'Price: low to high', '价格从低到高'), tr(k, 'Price: high to low', '价格从高到低'), k.s('Rating')];
      return bottomSheet(k, tr(k, 'Sort by', '排序方式'), options, k.rng.int(0, options.length - 1), tr(k, 'Show results', '查看结果'));
    },
  },
  detail: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      let out = photo(k, 0, a.y, 390, 320, 0);
      for (let i = 0; i < 4; i++) out += circle(168 + i * 18, a.y + 300, 4, { fill: '#ffffff', opacity: i === 0 ? 1 : 0.55 });
      const title = word(k);
      out += text(a.x, a.y + 362, title, { size: fitSize(title, 230, 24), fill: k.t.text, weight: 'bold' });
      out += text(a.x + a.w, a.y + 362, k.money(9, 320), { size: 22, fill: k.t.accent, weight: 'bold', anchor: 'end' });
      const rating = k.rng.float(3.6, 5);
      out += stars(k, a.x, a.y + 384, rating) + text(a.x + 92, a.y + 389, tr(k, `${rating.toFixed(1)} (${k.rng.int(12, 980)} reviews)`, `${rating.toFixed(1)}（${k.rng.int(12, 980)} 条评价）`), { size: 13, fill: k.t.muted });
      out += chipRow(k, a.x, a.y + 408, a.w, k.rng.shuffle(k.vocab).slice(0, 3), -1);
      out += paragraph(k, a.x, a.y + 462, a.w, 4);
      if (k.rng.chance(0.3)) out += mapView(k, a.x, a.y + 548, a.w, 78);
      else for (let i = 0; i < 4; i++) out += photo(k, a.x + i * 91, a.y + 548, 78, 78, 12);
      out += rect(0, 744, 390, 100, { fill: k.t.surface }) + line(0, 744, 390, 744, k.t.border);
      out += rect(20, 760, 52, 52, { fill: k.t.surface, stroke: k.t.border, r: 12 }) + icon(46, 786, 20, 'heart', k.t.text);
      out += button(k, 84, 760, 286, 52, k.rng.pick([k.s('Add to cart'), k.s('Book now'), k.s('Get started'), k.s('Save to list')]));
      return out;
    },
  },
  checkout: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      if (k.variant === 1) return phoneOrderPlaced(k, a);
      let out = text(a.x, a.y + 46, k.s('Checkout'), { size: 26, fill: k.t.text, weight: 'bold' });
      out += text(a.x + a.w, a.y + 46, tr(k, 'Step 2 of 3', '第 2 步，共 3 步'), { size: 13, fill: k.t.muted, anchor: 'end' });
      out += card(k, a.x, a.y + 70, a.w, 268);
      out += text(a.x + 16, a.y + 100, k.s('Order summary'), { size: 15, fill: k.t.text, weight: 'bold' });
      let subtotal = 0;
      for (let i = 0; i < 3; i++) {
        const y = a.y + 116 + i * 56;
        const price = k.rng.float(6, 120);
        subtotal += price;
        out += photo(k, a.x + 16, y, 44, 44, 10) + text(a.x + 72, y + 19, word(k), { size: 14, fill: k.t.text, weight: 'bold' });
        out += text(a.x + 72, y + 38, tr(k, `Qty ${k.rng.int(1, 3)}`, `数量 ${k.rng.int(1, 3)}`), { size: 12, fill: k.t.muted });
        out += text(a.x + a.w - 16, y + 27, `${k.copy.currency}${price.toFixed(2)}`, { size: 14, fill: k.t.text, anchor: 'end' });
      }
      const delivery = k.rng.pick([0, 4.99, 7.5]);
      out += line(a.x + 16, a.y + 288, a.x + a.w - 16, a.y + 288, k.t.border);
      out += text(a.x + 16, a.y + 318, k.s('Total'), { size: 16, fill: k.t.text, weight: 'bold' });
      const total = `${k.copy.currency}${(subtotal + delivery).toFixed(2)}`;
      out += text(a.x + a.w - 16, a.y + 318, total, { size: 16, fill: k.t.text, weight: 'bold', anchor: 'end' });
      const blocks: [IconKind, string, string][] = [
        ['card', tr(k, `Card ending ${k.rng.int(1000, 9999)}`, `尾号 ${k.rng.int(1000, 9999)} 的银行卡`), tr(k, `Expires 0${k.rng.int(1, 9)}/2${k.rng.int(7, 9)}`, `有效期至 0${k.rng.int(1, 9)}/2${k.rng.int(7, 9)}`)],
        ['home', k.s('Delivery address'), street(k)],
      ];
      blocks.forEach(([kind, title, sub], i) => {
        const y = a.y + 356 + i * 96;
        out += card(k, a.x, y, a.w, 80) + iconTile(k, a.x + 16, y + 16, 48, kind);
        out += text(a.x + 78, y + 36, title, { size: 15, fill: k.t.text, weight: 'bold' }) + text(a.x + 78, y + 58, sub, { size: 13, fill: k.t.muted });
        out += icon(a.x + a.w - 20, y + 40, 14, 'chevron', k.t.muted);
      });
      out += text(195, 716, k.s('Payments are encrypted and secure'), { size: 12, fill: k.t.muted, anchor: 'middle' });
      out += button(k, 20, 736, 350, 56, tr(k, `Pay ${total}`, `支付 ${total}`));
      return out;
    },
  },
  profile: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      const who = person(k);
      let out = rect(0, a.y, 390, 120, { fill: k.t.accentMuted });
      out += circle(195, a.y + 120, 53, { fill: k.t.bg }) + avatar(k, 195, a.y + 120, 48, who);
      out += text(195, a.y + 200, who, { size: 22, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      out += text(195, a.y + 224, `@${who.split(' ')[0].toLowerCase()}${k.rng.int(1, 99)}`, { size: 14, fill: k.t.muted, anchor: 'middle' });
      [k.s('Posts'), k.s('Followers'), k.s('Following')].forEach((label, i) => {
        const x = 75 + i * 120;
        out += text(x, a.y + 266, String(k.rng.int(8, 4800)), { size: 18, fill: k.t.text, weight: 'bold', anchor: 'middle' });
        out += text(x, a.y + 286, label, { size: 12, fill: k.t.muted, anchor: 'middle' });
      });
      out += button(k, a.x, a.y + 306, 224, 42, k.s('Edit profile')) + button(k, a.x + 236, a.y + 306, 114, 42, k.s('Share'), 'outline');
      [k.s('Posts'), k.s('Saved'), k.s('Tagged')].forEach((label, i) => {
        out += text(75 + i * 120, a.y + 386, label, { size: 14, fill: i === 0 ? k.t.text : k.t.muted, weight: i === 0 ? 'bold' : 'normal', anchor: 'middle' });
      });
      out += line(0, a.y + 400, 390, a.y + 400, k.t.border) + rect(35, a.y + 398, 80, 3, { fill: k.t.accent });
      for (let i = 0; i < 6; i++) out += photo(k, a.x + (i % 3) * 119, a.y + 412 + Math.floor(i / 3) * 119, 112, 112, 8);
      return out;
    },
  },
  settings: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      if (k.variant === 1) return phonePaywall(k, a);
      if (k.variant === 2) return phoneCancel(k, a);
      let out = text(a.x, a.y + 46, k.s('Settings'), { size: 26, fill: k.t.text, weight: 'bold' });
      k.elements.add('list');
      let y = a.y + 84;
      for (const group of SETTINGS) {
        out += text(a.x + 4, y, k.s(group.title), { size: 12, fill: k.t.muted, weight: 'bold' });
        out += card(k, a.x, y + 10, a.w, group.rows.length * 54);
        group.rows.forEach((row, i) => {
          const ry = y + 10 + i * 54;
          if (i > 0) out += line(a.x + 60, ry, a.x + a.w, ry, k.t.border);
          out += iconTile(k, a.x + 14, ry + 11, 32, row.icon, (i + 1) * 70);
          out += text(a.x + 60, ry + 32, k.s(row.label), { size: 15, fill: k.t.text });
          out += settingControl(k, a.x + a.w - 14, ry + 27, row.control);
        });
        y += group.rows.length * 54 + 44;
      }
      return out;
    },
    overlay(k) {
      if (k.variant || !k.rng.chance(0.5)) return '';
      return modal(k, tr(k, 'Turn on notifications?', '开启通知？'), tr(k, 'Get a reminder when something needs you. You can change this in Settings.', '有需要你处理的事项时提醒你，可随时在设置中修改。'), [tr(k, 'Allow', '允许'), tr(k, 'Not now', '以后再说')]);
    },
  },
  empty: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      let out = text(a.x, a.y + 46, k.rng.pick([k.s('Saved'), k.s('Favourites'), k.s('Library'), word(k)]), { size: 26, fill: k.t.text, weight: 'bold' });
      k.elements.add('emptyState');
      out += illustration(k, 195, a.y + 250, 110);
      const title = k.rng.pick([k.s('Nothing here yet'), k.s('No saved items'), k.s('Your list is empty'), k.s('All caught up')]);
      out += text(195, a.y + 430, title, { size: 22, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      out += bars(k, 75, a.y + 452, [240]) + bars(k, 115, a.y + 470, [160]);
      out += button(k, 95, a.y + 510, 200, 48, k.rng.pick([k.s('Create new'), k.s('Browse'), k.s('Add your first')]));
      return out;
    },
  },
  chat: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const who = person(k);
      let out = rect(0, a.y, 390, 64, { fill: k.t.surface }) + line(0, a.y + 64, 390, a.y + 64, k.t.border);
      out += avatar(k, 44, a.y + 32, 20, who) + text(74, a.y + 28, who, { size: 16, fill: k.t.text, weight: 'bold' });
      out += circle(78, a.y + 44, 4, { fill: '#1f9d55' }) + text(88, a.y + 48, k.s('Active now'), { size: 12, fill: k.t.muted });
      out += chip(k, 150, a.y + 84, k.s('Today 9:41'), false, 26).svg;
      let y = a.y + 130;
      let mine = k.rng.chance(0.5);
      while (y < 700) {
        const twoLines = k.rng.chance(0.35);
        const h = twoLines ? 62 : 42;
        const message = chatLine(k);
        const w = twoLines ? k.rng.float(200, 270) : Math.max(90, textWidth(message, 14) + 32);
        const x = mine ? 370 - w : 20;
        out += rect(x, y, w, h, { fill: mine ? k.t.accent : k.t.surface, r: 18, ...(mine ? {} : { stroke: k.t.border }) });
        out += twoLines
          ? bars(k, x + 16, y + 17, [w - 32, (w - 32) * 0.6], { fill: mine ? k.t.accentMuted : k.t.bar })
          : text(x + 16, y + 26, message, { size: 14, fill: mine ? k.t.onAccent : k.t.text });
        y += h + (k.rng.chance(0.6) ? 10 : 22);
        if (k.rng.chance(0.6)) mine = !mine;
      }
      out += rect(0, 744, 390, 100, { fill: k.t.surface }) + line(0, 744, 390, 744, k.t.border);
      out += field(k, 20, 758, 290, 46, k.s('Message'), { placeholder: true });
      out += circle(345, 781, 23, { fill: k.t.accent }) + icon(345, 781, 18, 'send', k.t.onAccent);
      return out;
    },
  },
  notifications: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      let out = text(a.x, a.y + 46, k.s('Notifications'), { size: 26, fill: k.t.text, weight: 'bold' });
      k.elements.add('list');
      out += rect(a.x, a.y + 66, a.w, 38, { fill: k.t.bar, r: 10 }) + rect(a.x + 3, a.y + 69, a.w / 2 - 3, 32, { fill: k.t.surface, r: 8 });
      out += text(a.x + a.w / 4, a.y + 90, k.s('All'), { size: 14, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      out += text(a.x + (a.w * 3) / 4, a.y + 90, k.s('Mentions'), { size: 14, fill: k.t.muted, anchor: 'middle' });
      const order = k.rng.shuffle(notices(k.copy.lang).map((_, i) => i));
      let y = a.y + 138;
      order.slice(0, 7).forEach((n, i) => {
        if (i === 0 || i === 3) {
          if (i === 3) y += 14;
          out += text(a.x, y, i === 0 ? k.s('Today') : k.s('Earlier'), { size: 13, fill: k.t.muted, weight: 'bold' });
          y += 14;
        }
        out += iconTile(k, a.x, y + 8, 44, NOTICE_ICONS[n], n * 45);
        out += text(a.x + 58, y + 27, notices(k.copy.lang)[n], { size: 14, fill: k.t.text, weight: i < 2 ? 'bold' : 'normal' });
        out += bars(k, a.x + 58, y + 38, [k.rng.float(80, 170)], { height: 8 });
        out += text(a.x + a.w, y + 27, i < 3 ? tr(k, `${i * 15 + k.rng.int(1, 14)}m`, `${i * 15 + k.rng.int(1, 14)} 分钟前`) : tr(k, `${i - 2}d`, `${i - 2} 天前`), { size: 12, fill: k.t.muted, anchor: 'end' });
        if (i < 2) out += circle(a.x + a.w - 4, y + 44, 4, { fill: k.t.accent });
        y += 64;
      });
      return out;
    },
  },
  dashboard: {
    chrome: { top: true, tabs: true },
    draw(k, a) {
      let out = text(a.x, a.y + 46, k.s('Overview'), { size: 26, fill: k.t.text, weight: 'bold' });
      out += chip(k, a.x + a.w - 100, a.y + 24, k.s('This week'), false, 30).svg;
      const words = k.rng.shuffle(k.vocab);
      for (let i = 0; i < 4; i++) {
        const x = a.x + (i % 2) * 179;
        const y = a.y + 68 + Math.floor(i / 2) * 102;
        out += card(k, x, y, 171, 92) + text(x + 14, y + 26, words[i], { size: 12, fill: k.t.muted });
        out += text(x + 14, y + 56, kpiValue(k, i), { size: 21, fill: k.t.text, weight: 'bold' }) + delta(k, x + 14, y + 78);
      }
      out += card(k, a.x, a.y + 276, a.w, 200) + text(a.x + 16, a.y + 304, k.s('Activity'), { size: 15, fill: k.t.text, weight: 'bold' });
      out += lineChart(k, a.x + 16, a.y + 324, a.w - 32, 136);
      out += card(k, a.x, a.y + 490, a.w, 160) + text(a.x + 16, a.y + 516, k.s('By day'), { size: 15, fill: k.t.text, weight: 'bold' });
      out += barChart(k, a.x + 16, a.y + 526, a.w - 32, 116, week(k));
      return out;
    },
  },
};

// ---------------------------------------------------------------- desktop layouts

const C = { x: 120, w: 1200 };

function sidebar(k: Kit, a: Area, items: [IconKind, string][], active: number, width = 260): string {
  let out = rect(a.x, a.y, width, a.h, { fill: k.t.surface }) + line(a.x + width, a.y, a.x + width, a.y + a.h, k.t.border);
  items.forEach(([kind, label], i) => {
    const y = a.y + 32 + i * 48;
    if (i === active) out += rect(a.x + 16, y - 6, width - 32, 40, { fill: k.t.accentSoft, r: 10 });
    out += icon(a.x + 42, y + 14, 18, kind, i === active ? k.t.accent : k.t.muted);
    out += text(a.x + 64, y + 19, label, { size: 15, fill: i === active ? k.t.accent : k.t.text, weight: i === active ? 'bold' : 'normal' });
  });
  return out;
}

function gridCards(k: Kit, x: number, y: number, w: number, cols: number, rows: number, cardH: number, withPrice: boolean): string {
  const gap = 24;
  const cw = (w - gap * (cols - 1)) / cols;
  let out = '';
  for (let i = 0; i < cols * rows; i++) {
    const cx = x + (i % cols) * (cw + gap);
    const cy = y + Math.floor(i / cols) * (cardH + gap);
    const ph = cardH - 78;
    out += card(k, cx, cy, cw, cardH) + photo(k, cx + 10, cy + 10, cw - 20, ph - 10, 10);
    out += text(cx + 16, cy + ph + 26, word(k), { size: 16, fill: k.t.text, weight: 'bold' });
    out += withPrice
      ? text(cx + cw - 16, cy + ph + 26, k.money(8, 240), { size: 15, fill: k.t.accent, weight: 'bold', anchor: 'end' }) + stars(k, cx + 16, cy + ph + 48, k.rng.float(3.5, 5), 12)
      : bars(k, cx + 16, cy + ph + 40, [cw * 0.6]);
  }
  return out;
}

const DESKTOP_LAYOUTS: Record<ScreenKey, Layout> = {
  login: {
    chrome: { top: false, tabs: false },
    draw(k, a) {
      const signUp = variantOr(k, 0.35);
      let out = rect(0, 0, 720, a.h, { fill: k.t.accent });
      out += circle(600, 180, 150, { fill: '#ffffff', opacity: 0.08 }) + circle(140, 760, 220, { fill: '#ffffff', opacity: 0.06 });
      out += logoMark(k, 80, 72, 44, true) + text(138, 103, k.name, { size: 24, fill: k.t.onAccent, weight: 'bold' });
      const headline = signUp ? k.s('Start in seconds') : k.rng.pick([k.s('Welcome back'), k.s('Good to see you')]);
      out += text(80, 420, headline, { size: 52, fill: k.t.onAccent, weight: 'bold' });
      out += bars(k, 80, 452, [460, 380], { fill: k.t.onAccent, gap: 22, height: 11, opacity: 0.4 });
      out += card(k, 80, 560, 420, 150, 20) + avatar(k, 120, 608, 24, k.copy.people[3]) + bars(k, 160, 596, [280, 220, 250], { gap: 20 });
      const fx = 880;
      out += text(fx, 230, signUp ? tr(k, `Create your ${k.name} account`, `创建${k.name}账号`) : tr(k, `Sign in to ${k.name}`, `登录${k.name}`), { size: 28, fill: k.t.text, weight: 'bold' });
      out += text(fx, 262, signUp ? k.s('Free for 14 days, no card needed.') : k.s('Use your email and password.'), { size: 15, fill: k.t.muted });
      out += field(k, fx, 320, 420, 52, 'name@example.com', { label: k.s('Email'), placeholder: true });
      out += field(k, fx, 410, 420, 52, '\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022', { label: k.s('Password') });
      out += text(fx + 420, 492, k.s('Forgot password?'), { size: 13, fill: k.t.accent, anchor: 'end' });
      out += button(k, fx, 512, 420, 52, signUp ? k.s('Create account') : k.s('Sign in'));
      out += line(fx, 602, fx + 190, 602, k.t.border) + text(fx + 210, 607, k.s('or'), { size: 13, fill: k.t.muted, anchor: 'middle' }) + line(fx + 230, 602, fx + 420, 602, k.t.border);
      out += button(k, fx, 628, 420, 50, k.s('Continue with single sign-on'), 'outline');
      out += text(fx + 210, 740, signUp ? k.s('Already have an account? Sign in') : k.s('New here? Create an account'), { size: 14, fill: k.t.muted, anchor: 'middle' });
      return out;
    },
  },
  onboarding: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const first = k.rng.pick([k.s('Everything you need'), tr(k, `${word(k)} made simple`, `${word(k)}，从此简单`), k.s('Work less, do more'), k.s('Built for your team')]);
      let out = text(C.x, a.y + 170, first, { size: fitSize(first, 560, 50), fill: k.t.text, weight: 'bold' });
      out += text(C.x, a.y + 232, k.s(k.rng.pick(['in one place.', 'without the clutter.', 'from day one.'])), { size: 50, fill: k.t.accent, weight: 'bold' });
      out += paragraph(k, C.x, a.y + 272, 500, 3, 22);
      out += button(k, C.x, a.y + 356, 180, 54, k.s('Get started')) + button(k, C.x + 196, a.y + 356, 200, 54, k.s('See how it works'), 'outline');
      out += text(C.x, a.y + 452, tr(k, `Trusted by ${k.rng.int(2, 90)},000 teams`, `已有 ${k.rng.int(2, 90)} 万用户信赖`), { size: 14, fill: k.t.muted });
      out += rect(720, a.y + 48, 600, 440, { fill: k.t.accentSoft, r: 28 }) + circle(1020, a.y + 268, 170, { fill: k.t.accentMuted, opacity: 0.6 });
      out += card(k, 780, a.y + 110, 360, 120, 18) + iconTile(k, 800, a.y + 134, 64, 'chart') + bars(k, 884, a.y + 150, [220, 160]);
      out += card(k, 900, a.y + 270, 360, 180, 18) + photo(k, 916, a.y + 286, 150, 148, 12) + bars(k, 1082, a.y + 306, [150, 120, 140, 90]);
      const features: [IconKind, string][] = [
        ['chart', k.s('Clear insights')],
        ['bell', k.s('Smart reminders')],
        ['user', k.s('Made for teams')],
      ];
      features.forEach(([kind, title], i) => {
        const x = C.x + i * 408;
        out += card(k, x, a.y + 540, 384, 200, 18) + iconTile(k, x + 24, a.y + 566, 52, kind, i * 80);
        out += text(x + 24, a.y + 646, title, { size: 19, fill: k.t.text, weight: 'bold' }) + paragraph(k, x + 24, a.y + 666, 320, 3, 20);
      });
      return out;
    },
  },
  home: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const words = k.rng.shuffle(k.vocab);
      let out = rect(C.x, a.y + 32, C.w, 240, { fill: k.t.accent, r: 24 });
      out += text(C.x + 48, a.y + 112, tr(k, `${words[0]} this week`, `本周精选：${words[0]}`), { size: 36, fill: k.t.onAccent, weight: 'bold' });
      out += bars(k, C.x + 48, a.y + 136, [420, 340], { fill: k.t.onAccent, gap: 22, height: 10, opacity: 0.4 });
      out += button(k, C.x + 48, a.y + 196, 160, 46, k.s('Explore'), 'soft');
      out += photo(k, C.x + 760, a.y + 56, 400, 192, 18);
      out += chipRow(k, C.x, a.y + 300, 900, words.slice(1, 7), 0);
      out += sectionTitle(k, C.x, a.y + 372, C.w, k.rng.pick([k.s('Popular right now'), k.s('Recommended for you'), k.s('Fresh this week')]));
      out += gridCards(k, C.x, a.y + 392, C.w, 4, 2, 206, k.rng.chance(0.5));
      return out;
    },
  },
  search: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const query = word(k);
      let out = field(k, C.x, a.y + 28, C.w, 56, query, { icon: 'search' });
      out += text(C.x, a.y + 124, tr(k, `${k.rng.int(24, 900)} results for "${query}"`, `找到 ${k.rng.int(24, 900)} 个“${query}”相关结果`), { size: 15, fill: k.t.muted });
      out += text(C.x + C.w, a.y + 124, k.s('Sort: Relevance'), { size: 14, fill: k.t.text, anchor: 'end' });
      out += card(k, C.x, a.y + 146, 260, 600, 16) + text(C.x + 20, a.y + 180, k.s('Filters'), { size: 17, fill: k.t.text, weight: 'bold' });
      let y = a.y + 214;
      for (const group of [[k.s('Category'), ...k.vocab.slice(0, 4)], [k.s('Price'), k.s('Under $25'), k.s('$25 to $100'), k.s('Over $100')], [k.s('Rating'), k.s('4 and up'), k.s('3 and up')]]) {
        out += text(C.x + 20, y, group[0], { size: 13, fill: k.t.muted, weight: 'bold' });
        y += 14;
        for (const option of group.slice(1)) {
          const on = k.rng.chance(0.3);
          out += rect(C.x + 20, y, 18, 18, { fill: on ? k.t.accent : k.t.surface, stroke: on ? k.t.accent : k.t.border, r: 5 });
          out += text(C.x + 48, y + 14, option, { size: 14, fill: k.t.text });
          y += 30;
        }
        y += 20;
      }
      out += gridCards(k, C.x + 290, a.y + 146, C.w - 290, 3, 2, 290, true);
      return out;
    },
  },
  detail: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const title = word(k);
      let out = text(C.x, a.y + 40, `${k.s('Home')}  /  ${k.rng.pick(k.vocab)}  /  ${title}`, { size: 13, fill: k.t.muted });
      out += photo(k, C.x, a.y + 60, 660, 470, 20);
      for (let i = 0; i < 4; i++) out += photo(k, C.x + i * 168, a.y + 550, 156, 110, 12);
      const x = 840;
      out += text(x, a.y + 100, title, { size: fitSize(title, 480, 36), fill: k.t.text, weight: 'bold' });
      const rating = k.rng.float(3.6, 5);
      out += stars(k, x, a.y + 130, rating, 16) + text(x + 104, a.y + 135, tr(k, `${rating.toFixed(1)} · ${k.rng.int(20, 2400)} reviews`, `${rating.toFixed(1)} · ${k.rng.int(20, 2400)} 条评价`), { size: 14, fill: k.t.muted });
      out += text(x, a.y + 190, k.money(12, 480), { size: 32, fill: k.t.accent, weight: 'bold' });
      out += chipRow(k, x, a.y + 214, 480, [k.s('Small'), k.s('Medium'), k.s('Large')], k.rng.int(0, 2));
      out += paragraph(k, x, a.y + 284, 470, 5, 22);
      out += button(k, x, a.y + 410, 320, 54, k.rng.pick([k.s('Add to cart'), k.s('Book now'), k.s('Start free trial')])) + rect(x + 336, a.y + 410, 54, 54, { fill: k.t.surface, stroke: k.t.border, r: 12 }) + icon(x + 363, a.y + 437, 22, 'heart', k.t.text);
      const info: [IconKind, string][] = [
        ['bag', k.s('Free delivery over $50')],
        ['back', k.s('Free returns within 30 days')],
      ];
      info.forEach(([kind, label], i) => {
        out += iconTile(k, x, a.y + 500 + i * 64, 44, kind) + text(x + 60, a.y + 528 + i * 64, label, { size: 15, fill: k.t.text });
      });
      out += line(C.x, a.y + 700, C.x + C.w, a.y + 700, k.t.border);
      [k.s('Description'), k.s('Specifications'), k.s('Reviews')].forEach((tab, i) => {
        out += text(C.x + i * 170, a.y + 740, tab, { size: 16, fill: i === 0 ? k.t.text : k.t.muted, weight: i === 0 ? 'bold' : 'normal' });
      });
      out += rect(C.x, a.y + 752, 100, 3, { fill: k.t.accent }) + paragraph(k, C.x, a.y + 784, 900, 2, 22);
      return out;
    },
  },
  checkout: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      let out = text(C.x, a.y + 64, k.s('Checkout'), { size: 32, fill: k.t.text, weight: 'bold' });
      [k.s('Details'), k.s('Payment'), k.s('Review')].forEach((step, i) => {
        const x = C.x + 300 + i * 170;
        out += circle(x, a.y + 54, 14, { fill: i < 2 ? k.t.accent : k.t.bar }) + text(x, a.y + 59, String(i + 1), { size: 13, fill: i < 2 ? k.t.onAccent : k.t.muted, weight: 'bold', anchor: 'middle' });
        out += text(x + 24, a.y + 59, step, { size: 14, fill: i === 1 ? k.t.text : k.t.muted, weight: i === 1 ? 'bold' : 'normal' });
      });
      const who = person(k);
      const fields: [string, string, number, number, number][] = [
        [k.s('Full name'), who, 0, 0, 310],
        [k.s('Email'), `${who.split(' ')[0].toLowerCase()}@example.com`, 330, 0, 310],
        [k.s('Address'), street(k), 0, 1, 640],
        [k.s('City'), k.rng.pick(k.copy.lang === 'zh' ? ['上海', '杭州', '成都', '深圳'] : ['Lisbon', 'Taipei', 'Kyoto', 'Toronto']), 0, 2, 310],
        [k.s('Postcode'), String(k.rng.int(10000, 99999)), 330, 2, 310],
        [k.s('Card number'), `\u2022\u2022\u2022\u2022  \u2022\u2022\u2022\u2022  \u2022\u2022\u2022\u2022  ${k.rng.int(1000, 9999)}`, 0, 3, 640],
        [k.s('Expiry'), `0${k.rng.int(1, 9)} / 2${k.rng.int(7, 9)}`, 0, 4, 310],
        [k.s('Security code'), '\u2022\u2022\u2022', 330, 4, 310],
      ];
      for (const [label, value, dx, row, w] of fields) out += field(k, C.x + dx, a.y + 140 + row * 96, w, 52, value, { label });
      const sx = 800;
      out += card(k, sx, a.y + 110, 520, 520, 18) + text(sx + 28, a.y + 152, k.s('Order summary'), { size: 19, fill: k.t.text, weight: 'bold' });
      let subtotal = 0;
      for (let i = 0; i < 3; i++) {
        const y = a.y + 178 + i * 76;
        const price = k.rng.float(9, 160);
        subtotal += price;
        out += photo(k, sx + 28, y, 60, 60, 10) + text(sx + 104, y + 26, word(k), { size: 15, fill: k.t.text, weight: 'bold' }) + text(sx + 104, y + 48, tr(k, `Qty ${k.rng.int(1, 3)}`, `数量 ${k.rng.int(1, 3)}`), { size: 13, fill: k.t.muted });
        out += text(sx + 492, y + 36, `${k.copy.currency}${price.toFixed(2)}`, { size: 15, fill: k.t.text, anchor: 'end' });
      }
      const shipping = k.rng.pick([0, 5, 9.5]);
      out += line(sx + 28, a.y + 418, sx + 492, a.y + 418, k.t.border);
      out += text(sx + 28, a.y + 450, k.s('Subtotal'), { size: 15, fill: k.t.muted }) + text(sx + 492, a.y + 450, `${k.copy.currency}${subtotal.toFixed(2)}`, { size: 15, fill: k.t.text, anchor: 'end' });
      out += text(sx + 28, a.y + 480, k.s('Shipping'), { size: 15, fill: k.t.muted }) + text(sx + 492, a.y + 480, shipping ? `${k.copy.currency}${shipping.toFixed(2)}` : k.s('Free'), { size: 15, fill: k.t.text, anchor: 'end' });
      const total = `${k.copy.currency}${(subtotal + shipping).toFixed(2)}`;
      out += text(sx + 28, a.y + 520, k.s('Total'), { size: 18, fill: k.t.text, weight: 'bold' }) + text(sx + 492, a.y + 520, total, { size: 18, fill: k.t.text, weight: 'bold', anchor: 'end' });
      out += button(k, sx + 28, a.y + 550, 464, 54, tr(k, `Pay ${total}`, `支付 ${total}`));
      return out;
    },
  },
  profile: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const who = person(k);
      let out = photo(k, C.x, a.y + 24, C.w, 200, 20);
      out += circle(C.x + 110, a.y + 224, 70, { fill: k.t.bg }) + avatar(k, C.x + 110, a.y + 224, 64, who);
      out += text(C.x + 200, a.y + 262, who, { size: 28, fill: k.t.text, weight: 'bold' });
      out += text(C.x + 200, a.y + 288, `@${who.split(' ')[0].toLowerCase()} · ${k.rng.pick([k.s('Designer'), k.s('Photographer'), k.s('Traveller'), k.s('Maker')])}`, { size: 15, fill: k.t.muted });
      [k.s('Posts'), k.s('Followers'), k.s('Following')].forEach((label, i) => {
        const x = C.x + 640 + i * 130;
        out += text(x, a.y + 262, String(k.rng.int(12, 9800)), { size: 22, fill: k.t.text, weight: 'bold' }) + text(x, a.y + 286, label, { size: 13, fill: k.t.muted });
      });
      out += button(k, C.x + 1040, a.y + 244, 160, 44, k.s('Follow'));
      [k.s('Posts'), k.s('Collections'), k.s('Likes')].forEach((tab, i) => {
        out += text(C.x + i * 150, a.y + 350, tab, { size: 16, fill: i === 0 ? k.t.text : k.t.muted, weight: i === 0 ? 'bold' : 'normal' });
      });
      out += line(C.x, a.y + 366, C.x + C.w, a.y + 366, k.t.border) + rect(C.x, a.y + 364, 60, 3, { fill: k.t.accent });
      for (let i = 0; i < 10; i++) out += photo(k, C.x + (i % 5) * 244, a.y + 390 + Math.floor(i / 5) * 196, 224, 180, 12);
      return out;
    },
  },
  settings: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const items: [IconKind, string][] = [
        ['user', k.s('Account')],
        ['bell', k.s('Notifications')],
        ['gear', k.s('Appearance')],
        ['card', k.s('Billing')],
        ['grid', k.s('Integrations')],
        ['chat', k.s('Support')],
      ];
      const active = k.rng.int(0, 3);
      let out = sidebar(k, a, items, active, 280);
      const x = 340;
      out += text(x, a.y + 64, items[active][1], { size: 28, fill: k.t.text, weight: 'bold' });
      out += text(x, a.y + 94, k.s('Manage how the app works for you.'), { size: 15, fill: k.t.muted });
      k.elements.add('list');
      let y = a.y + 128;
      for (const group of SETTINGS) {
        out += text(x, y, k.s(group.title), { size: 12, fill: k.t.muted, weight: 'bold' });
        out += card(k, x, y + 12, 980, group.rows.length * 68, 16);
        group.rows.forEach((row, i) => {
          const ry = y + 12 + i * 68;
          if (i > 0) out += line(x + 20, ry, x + 960, ry, k.t.border);
          out += text(x + 24, ry + 30, k.s(row.label), { size: 16, fill: k.t.text, weight: 'bold' }) + bars(k, x + 24, ry + 42, [k.rng.float(220, 360)], { height: 8 });
          out += settingControl(k, x + 956, ry + 34, row.control);
        });
        y += group.rows.length * 68 + 52;
      }
      return out;
    },
  },
  empty: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const items: [IconKind, string][] = [
        ['home', k.s('Overview')],
        ['grid', k.vocab[0]],
        ['heart', k.s('Saved')],
        ['chart', k.s('Reports')],
        ['gear', k.s('Settings')],
      ];
      let out = sidebar(k, a, items, k.rng.int(1, 3));
      k.elements.add('emptyState');
      const cx = 260 + (k.w - 260) / 2;
      out += illustration(k, cx, a.y + 300, 140);
      const title = k.rng.pick([k.s('Nothing here yet'), k.s('No saved items'), k.s('Start your first project'), k.s('All caught up')]);
      out += text(cx, a.y + 520, title, { size: 28, fill: k.t.text, weight: 'bold', anchor: 'middle' });
      out += bars(k, cx - 190, a.y + 546, [380]) + bars(k, cx - 130, a.y + 566, [260]);
      out += button(k, cx - 110, a.y + 610, 220, 52, k.rng.pick([k.s('Create new'), k.s('Browse ideas'), k.s('Import data')]));
      return out;
    },
  },
  chat: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      let out = rect(0, a.y, 400, a.h, { fill: k.t.surface }) + line(400, a.y, 400, a.y + a.h, k.t.border);
      out += field(k, 20, a.y + 20, 360, 44, k.s('Search messages'), { icon: 'search', placeholder: true });
      const people = k.rng.shuffle(k.copy.people);
      k.elements.add('list');
      const active = k.rng.int(0, 3);
      people.slice(0, 8).forEach((who, i) => {
        const y = a.y + 84 + i * 80;
        if (i === active) out += rect(12, y, 376, 72, { fill: k.t.accentSoft, r: 12 });
        out += avatar(k, 52, y + 36, 24, who) + text(88, y + 30, who, { size: 15, fill: k.t.text, weight: 'bold' });
        out += bars(k, 88, y + 42, [k.rng.float(140, 230)], { height: 8 }) + text(372, y + 30, `${k.rng.int(1, 12)}:${k.rng.int(10, 59)}`, { size: 12, fill: k.t.muted, anchor: 'end' });
      });
      const who = people[active];
      out += rect(400, a.y, 1040, 72, { fill: k.t.surface }) + line(400, a.y + 72, 1440, a.y + 72, k.t.border);
      out += avatar(k, 448, a.y + 36, 22, who) + text(482, a.y + 32, who, { size: 17, fill: k.t.text, weight: 'bold' }) + text(482, a.y + 52, k.s('Active now'), { size: 13, fill: k.t.muted });
      let y = a.y + 104;
      let mine = false;
      while (y < a.y + 640) {
        const message = chatLine(k);
        const twoLines = k.rng.chance(0.3);
        const h = twoLines ? 66 : 46;
        const w = twoLines ? k.rng.float(320, 460) : textWidth(message, 15) + 36;
        const x = mine ? 1400 - w : 440;
        out += rect(x, y, w, h, { fill: mine ? k.t.accent : k.t.surface, r: 20, ...(mine ? {} : { stroke: k.t.border }) });
        out += twoLines
          ? bars(k, x + 18, y + 19, [w - 36, (w - 36) * 0.55], { fill: mine ? k.t.accentMuted : k.t.bar })
          : text(x + 18, y + 29, message, { size: 15, fill: mine ? k.t.onAccent : k.t.text });
        y += h + 14;
        if (k.rng.chance(0.6)) mine = !mine;
      }
      out += field(k, 440, a.y + a.h - 84, 880, 52, k.s('Write a message'), { placeholder: true });
      out += circle(1370, a.y + a.h - 58, 26, { fill: k.t.accent }) + icon(1370, a.y + a.h - 58, 20, 'send', k.t.onAccent);
      return out;
    },
  },
  notifications: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      let out = text(C.x, a.y + 64, k.s('Notifications'), { size: 30, fill: k.t.text, weight: 'bold' });
      k.elements.add('list');
      out += text(C.x + 760, a.y + 64, k.s('Mark all as read'), { size: 14, fill: k.t.accent, anchor: 'end' });
      out += chipRow(k, C.x, a.y + 88, 700, [k.s('All'), k.s('Unread'), k.s('Mentions'), k.s('Payments')], 0);
      out += card(k, C.x, a.y + 140, 760, 8 * 76 + 8, 16);
      const order = k.rng.shuffle(notices(k.copy.lang).map((_, i) => i));
      order.forEach((n, i) => {
        const y = a.y + 148 + i * 76;
        if (i > 0) out += line(C.x + 84, y, C.x + 740, y, k.t.border);
        out += iconTile(k, C.x + 20, y + 14, 48, NOTICE_ICONS[n], n * 45);
        out += text(C.x + 84, y + 34, notices(k.copy.lang)[n], { size: 15, fill: k.t.text, weight: i < 3 ? 'bold' : 'normal' });
        out += bars(k, C.x + 84, y + 46, [k.rng.float(220, 420)], { height: 8 });
        out += text(C.x + 730, y + 34, i < 3 ? tr(k, `${i * 15 + k.rng.int(1, 14)} min ago`, `${i * 15 + k.rng.int(1, 14)} 分钟前`) : i === 3 ? k.s('Yesterday') : tr(k, `${i - 2} days ago`, `${i - 2} 天前`), { size: 13, fill: k.t.muted, anchor: 'end' });
        if (i < 3) out += circle(C.x + 726, y + 52, 5, { fill: k.t.accent });
      });
      const sx = C.x + 800;
      out += card(k, sx, a.y + 140, 400, 300, 16) + text(sx + 24, a.y + 178, k.s('Delivery'), { size: 17, fill: k.t.text, weight: 'bold' });
      [k.s('Email'), k.s('Push'), k.s('Weekly digest'), k.s('Product news')].forEach((label, i) => {
        const y = a.y + 206 + i * 56;
        out += text(sx + 24, y + 20, label, { size: 15, fill: k.t.text }) + toggle(k, sx + 330, y, k.rng.chance(0.6));
      });
      return out;
    },
  },
  dashboard: {
    chrome: { top: true, tabs: false },
    draw(k, a) {
      const items: [IconKind, string][] = [
        ['grid', k.s('Overview')],
        ['chart', k.s('Reports')],
        ['user', k.s('Customers')],
        ['card', k.s('Payments')],
        ['gear', k.s('Settings')],
      ];
      let out = sidebar(k, a, items, 0, 240);
      const x = 272;
      const w = 1136;
      out += text(x, a.y + 56, k.s('Overview'), { size: 28, fill: k.t.text, weight: 'bold' });
      out += chip(k, x + w - 120, a.y + 32, k.s('Last 30 days'), false, 34).svg;
      const words = k.rng.shuffle(k.vocab);
      for (let i = 0; i < 4; i++) {
        const cx = x + i * 290;
        out += card(k, cx, a.y + 84, 266, 112, 16) + text(cx + 20, a.y + 116, words[i], { size: 14, fill: k.t.muted });
        out += text(cx + 20, a.y + 156, kpiValue(k, i), { size: 28, fill: k.t.text, weight: 'bold' }) + delta(k, cx + 246, a.y + 156, 'end');
      }
      out += card(k, x, a.y + 220, 736, 320, 16) + text(x + 24, a.y + 256, k.s('Trend'), { size: 17, fill: k.t.text, weight: 'bold' });
      out += lineChart(k, x + 24, a.y + 280, 688, 236, 20);
      out += card(k, x + 760, a.y + 220, 376, 320, 16) + text(x + 784, a.y + 256, k.s('This week'), { size: 17, fill: k.t.text, weight: 'bold' });
      out += barChart(k, x + 784, a.y + 280, 328, 236, week(k));
      out += card(k, x, a.y + 564, w, 250, 16) + text(x + 24, a.y + 600, k.s('Recent activity'), { size: 17, fill: k.t.text, weight: 'bold' });
      for (let i = 0; i < 4; i++) {
        const y = a.y + 620 + i * 46;
        const who = k.copy.people[(i * 3) % k.copy.people.length];
        out += avatar(k, x + 44, y + 20, 16, who) + text(x + 72, y + 25, who, { size: 14, fill: k.t.text });
        out += text(x + 360, y + 25, words[(i + 4) % words.length], { size: 14, fill: k.t.muted });
        out += text(x + 700, y + 25, tr(k, `${k.rng.int(1, 28)} Oct 2026`, `2026年10月${k.rng.int(1, 28)}日`), { size: 14, fill: k.t.muted });
        out += text(x + w - 24, y + 25, k.money(10, 900), { size: 14, fill: k.t.text, weight: 'bold', anchor: 'end' });
      }
      return out;
    },
  },
};
