import type { Copy } from './copy';
import type { ElementKey } from './data/categories';
import type { Rng } from './prng';
import type { Theme } from './svg';
import { circle, fitText, line, path, rect, text, textWidth, wrapText } from './svg';

/**
 * Interface building blocks for the mock screens (buttons, fields, photos, icons...). Each takes a
 * Kit: the theme, the random stream of the screenshot and the canvas.
 */
export type Kit = {
  t: Theme;
  rng: Rng;
  desktop: boolean;
  w: number;
  h: number;
  /** The app's name, drawn in its top bar. */
  name: string;
  /** Words of the app's category, for titles. */
  vocab: readonly string[];
  /** The next word of the vocabulary, dealt from a shuffled deck so neighbours rarely repeat. */
  word(): string;
  /** The words of the screen: its language, domain lines and sentences, people and currency. */
  copy: Copy;
  /** An interface string (button, title, label) in the screen's language. */
  s(en: string): string;
  /** The next short line of domain copy (captions, secondary lines of rows), the next that `fits` if given. */
  line(fits?: (line: string) => boolean): string;
  /** The next sentence of domain copy. */
  sentence(): string;
  /** A price such as `$48.20` or `¥48.20`. */
  money(min: number, max: number): string;
  /** Which variant of a layout to draw (0 or 1); undefined lets the random stream choose. */
  variant?: number;
  /** The UI elements drawn so far (the demo manifest tags each screen with them, issue 14). */
  elements: Set<ElementKey>;
};

/** Variant 1 of a layout when the screen asks for it, else a coin with this probability. */
export function variantOr(k: Kit, probability: number): boolean {
  return k.variant === undefined ? k.rng.chance(probability) : k.variant === 1;
}

export const PEOPLE = ['Alex Morgan', 'Mia Chen', 'Sam Rivera', 'Lena Park', 'Noah Patel', 'Ivy Laurent', 'Omar Haddad', 'Yuki Sato'];

export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [name[0]];
  return letters.join('').toUpperCase();
}

/**
 * Lines of copy where a layout reserves a bar `height` tall for each (captions, detail lines): each
 * a short line of the domain cut to the bar's width, set at a size that fills the bar's height.
 */
export function bars(
  k: Kit,
  x: number,
  y: number,
  widths: number[],
  options: { gap?: number; height?: number; fill?: string; opacity?: number } = {},
) {
  const { gap = 18, height = 9, fill, opacity } = options;
  const size = Math.max(11, Math.round(height * 1.4));
  const color = fill === undefined || fill === k.t.bar ? k.t.muted : fill === k.t.accentMuted ? k.t.onAccent : fill;
  const shown = opacity === undefined ? undefined : Math.min(1, opacity + 0.4);
  return widths
    .map((w, i) => text(x, y + i * gap + height, fitText(fittingLine(k, Math.max(w, size * 4), size), Math.max(w, size * 4), size), { size, fill: color, opacity: shown }))
    .join('');
}

/** The next line of copy that fits `width` whole (or, for short bars, a word of the domain), else one to be cut. */
function fittingLine(k: Kit, width: number, size: number): string {
  return k.line((l) => textWidth(l, size) <= width);
}

/** Body copy: sentences of the domain wrapped into `lines` lines of `width` px, `gap` apart. */
export function paragraph(k: Kit, x: number, y: number, width: number, lines: number, gap = 18, fill?: string) {
  const size = Math.max(12, Math.min(16, Math.round(gap * 0.72)));
  let body = k.sentence();
  while (wrapText(body, width, size).length < lines) body += (k.copy.lang === 'zh' ? '' : ' ') + k.sentence();
  return wrapText(body, width, size, false, lines)
    .map((l, i) => text(x, y + i * gap + size * 0.8, l, { size, fill: fill ?? k.t.muted }))
    .join('');
}

export function card(k: Kit, x: number, y: number, w: number, h: number, r = 14) {
  k.elements.add('card');
  return rect(x, y, w, h, { fill: k.t.surface, stroke: k.t.border, r });
}

type ButtonStyle = 'primary' | 'outline' | 'soft';

export function button(k: Kit, x: number, y: number, w: number, h: number, label: string, style: ButtonStyle = 'primary') {
  k.elements.add('button');
  const fill = style === 'primary' ? k.t.accent : style === 'soft' ? k.t.accentSoft : k.t.surface;
  const color = style === 'primary' ? k.t.onAccent : style === 'soft' ? k.t.accent : k.t.text;
  const size = h >= 48 ? 16 : 14;
  return (
    rect(x, y, w, h, { fill, r: Math.min(h / 2, 12), ...(style === 'outline' ? { stroke: k.t.border } : {}) }) +
    text(x + w / 2, y + h / 2 + size * 0.36, fitText(label, w - 16, size, true), { size, fill: color, weight: 'bold', anchor: 'middle' })
  );
}

export function field(
  k: Kit,
  x: number,
  y: number,
  w: number,
  h: number,
  value: string,
  options: { label?: string; placeholder?: boolean; icon?: IconKind } = {},
) {
  // A field with a magnifier is a search bar; any other is part of a form.
  k.elements.add(options.icon === 'search' ? 'searchBar' : 'form');
  let out = '';
  if (options.label) out += text(x, y - 10, options.label, { size: 13, fill: k.t.muted, weight: 'bold' });
  out += rect(x, y, w, h, { fill: k.t.surface, stroke: k.t.border, r: 10 });
  let tx = x + 16;
  if (options.icon) {
    out += icon(x + 24, y + h / 2, 18, options.icon, k.t.muted);
    tx = x + 44;
  }
  out += text(tx, y + h / 2 + 5, fitText(value, x + w - tx - 12, 15), { size: 15, fill: options.placeholder ? k.t.muted : k.t.text });
  return out;
}

/**
 * A photo placeholder: sky, sun and two hills in a hue near the accent. The hills follow the
 * rounded bottom corners instead of being clipped (clip paths cost a third of the render time).
 */
export function photo(k: Kit, x: number, y: number, w: number, h: number, r = 12) {
  const hue = (k.t.hue + k.rng.int(-50, 50) + 360) % 360;
  const l = k.t.dark ? [26, 38, 48] : [87, 70, 57];
  const sunX = x + w * k.rng.float(0.25, 0.75);
  const sunY = y + h * k.rng.float(0.22, 0.4);
  const peak = k.rng.float(0.25, 0.5);
  const b = y + h;
  const corner = (toX: number, toY: number) => (r > 0 ? `A${r} ${r} 0 0 1 ${toX.toFixed(1)} ${toY.toFixed(1)}` : `L${toX.toFixed(1)} ${toY.toFixed(1)}`);
  const leftHill = `M${x} ${y + h * 0.7} L${x + w * peak} ${y + h * 0.48} L${x + w * (peak + 0.3)} ${b} H${x + r} ${corner(x, b - r)} Z`;
  const rightHill = `M${x + w * 0.3} ${b} L${x + w * 0.72} ${y + h * 0.36} L${x + w} ${y + h * 0.72} V${b - r} ${corner(x + w - r, b)} Z`;
  return (
    rect(x, y, w, h, { fill: `hsl(${hue}, 55%, ${l[0]}%)`, r }) +
    circle(sunX, sunY, Math.min(w, h) * 0.11, { fill: `hsl(${(hue + 40) % 360}, 85%, ${k.t.dark ? 60 : 75}%)` }) +
    path(leftHill, { fill: `hsl(${hue}, 40%, ${l[1]}%)` }) +
    path(rightHill, { fill: `hsl(${hue}, 45%, ${l[2]}%)` })
  );
}

export function avatar(k: Kit, cx: number, cy: number, r: number, who: string) {
  k.elements.add('avatar');
  const hue = (k.t.hue + (who.charCodeAt(0) * 47) % 360) % 360;
  return (
    circle(cx, cy, r, { fill: `hsl(${hue}, 45%, ${k.t.dark ? 40 : 72}%)` }) +
    text(cx, cy + r * 0.3, initials(who), { size: Math.round(r * 0.8), fill: '#ffffff', weight: 'bold', anchor: 'middle' })
  );
}

export function toggle(k: Kit, x: number, y: number, on: boolean) {
  k.elements.add('toggle');
  return (
    rect(x, y, 46, 28, { fill: on ? k.t.accent : k.t.bar, r: 14 }) + circle(on ? x + 32 : x + 14, y + 14, 11, { fill: '#ffffff' })
  );
}

/** A pill label; returns its markup and width so rows of chips can be laid out. */
export function chip(k: Kit, x: number, y: number, label: string, active: boolean, h = 32) {
  k.elements.add('chip');
  const w = textWidth(label, 13) + 28;
  const svg =
    rect(x, y, w, h, { fill: active ? k.t.accent : k.t.surface, r: h / 2, ...(active ? {} : { stroke: k.t.border }) }) +
    text(x + w / 2, y + h / 2 + 4.5, label, { size: 13, fill: active ? k.t.onAccent : k.t.text, anchor: 'middle' });
  return { svg, w };
}

export function chipRow(k: Kit, x: number, y: number, maxWidth: number, labels: readonly string[], active = 0) {
  let out = '';
  let cx = x;
  labels.forEach((label, i) => {
    const c = chip(k, cx, y, label, i === active);
    if (cx + c.w > x + maxWidth) return;
    out += c.svg;
    cx += c.w + 8;
  });
  return out;
}

export function stars(k: Kit, x: number, y: number, rating: number, size = 14) {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const filled = rating >= i + 0.75;
    out += star(x + i * (size + 3) + size / 2, y, size / 2, filled ? '#f5a524' : k.t.bar);
  }
  return out;
}

function star(cx: number, cy: number, r: number, fill: string) {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return path(`M${points.join(' L')} Z`, { fill });
}

export type IconKind =
  | 'home'
  | 'search'
  | 'heart'
  | 'user'
  | 'bell'
  | 'gear'
  | 'plus'
  | 'chat'
  | 'chart'
  | 'back'
  | 'chevron'
  | 'bag'
  | 'grid'
  | 'menu'
  | 'send'
  | 'card';

/** Line icons on a size×size box centred on (cx, cy). */
export function icon(cx: number, cy: number, size: number, kind: IconKind, color: string): string {
  const s = size / 2;
  const stroke = { stroke: color, strokeWidth: Math.max(1.6, size / 11), cap: 'round' as const };
  switch (kind) {
    case 'home':
      return path(`M${cx - s} ${cy - s * 0.1} L${cx} ${cy - s} L${cx + s} ${cy - s * 0.1} M${cx - s * 0.7} ${cy - s * 0.35} V${cy + s} H${cx + s * 0.7} V${cy - s * 0.35}`, stroke);
    case 'search':
      return circle(cx - s * 0.2, cy - s * 0.2, s * 0.62, { stroke: color, strokeWidth: stroke.strokeWidth }) + path(`M${cx + s * 0.25} ${cy + s * 0.25} L${cx + s} ${cy + s}`, stroke);
    case 'heart':
      return path(`M${cx} ${cy + s * 0.85} C${cx - s * 1.4} ${cy - s * 0.1} ${cx - s * 0.7} ${cy - s * 1.2} ${cx} ${cy - s * 0.4} C${cx + s * 0.7} ${cy - s * 1.2} ${cx + s * 1.4} ${cy - s * 0.1} ${cx} ${cy + s * 0.85} Z`, stroke);
    case 'user':
      return circle(cx, cy - s * 0.35, s * 0.45, { stroke: color, strokeWidth: stroke.strokeWidth }) + path(`M${cx - s * 0.9} ${cy + s} C${cx - s * 0.8} ${cy + s * 0.1} ${cx + s * 0.8} ${cy + s * 0.1} ${cx + s * 0.9} ${cy + s}`, stroke);
    case 'bell':
      return path(`M${cx - s * 0.75} ${cy + s * 0.5} V${cy - s * 0.1} C${cx - s * 0.75} ${cy - s * 0.95} ${cx + s * 0.75} ${cy - s * 0.95} ${cx + s * 0.75} ${cy - s * 0.1} V${cy + s * 0.5} H${cx - s * 0.75} M${cx - s * 0.25} ${cy + s * 0.85} H${cx + s * 0.25}`, stroke);
    case 'gear':
      return circle(cx, cy, s * 0.8, { stroke: color, strokeWidth: stroke.strokeWidth }) + circle(cx, cy, s * 0.3, { fill: color });
    case 'plus':
      return path(`M${cx - s} ${cy} H${cx + s} M${cx} ${cy - s} V${cy + s}`, stroke);
    case 'chat':
      return path(`M${cx - s} ${cy - s * 0.8} H${cx + s} V${cy + s * 0.5} H${cx - s * 0.2} L${cx - s * 0.7} ${cy + s} V${cy + s * 0.5} H${cx - s} Z`, stroke);
    case 'chart':
      return path(`M${cx - s * 0.7} ${cy + s} V${cy} M${cx} ${cy + s} V${cy - s} M${cx + s * 0.7} ${cy + s} V${cy - s * 0.4}`, stroke);
    case 'back':
      return path(`M${cx + s * 0.35} ${cy - s * 0.8} L${cx - s * 0.45} ${cy} L${cx + s * 0.35} ${cy + s * 0.8}`, stroke);
    case 'chevron':
      return path(`M${cx - s * 0.3} ${cy - s * 0.7} L${cx + s * 0.4} ${cy} L${cx - s * 0.3} ${cy + s * 0.7}`, stroke);
    case 'bag':
      return path(`M${cx - s * 0.85} ${cy - s * 0.3} H${cx + s * 0.85} L${cx + s * 0.7} ${cy + s} H${cx - s * 0.7} Z M${cx - s * 0.4} ${cy - s * 0.3} C${cx - s * 0.4} ${cy - s * 1.1} ${cx + s * 0.4} ${cy - s * 1.1} ${cx + s * 0.4} ${cy - s * 0.3}`, stroke);
    case 'grid':
      return [
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
      ]
        .map(([dx = 0, dy = 0]) => rect(cx + dx * s * 0.55 - s * 0.4, cy + dy * s * 0.55 - s * 0.4, s * 0.8, s * 0.8, { stroke: color, strokeWidth: stroke.strokeWidth, r: 2 }))
        .join('');
    case 'menu':
      return path(`M${cx - s} ${cy - s * 0.6} H${cx + s} M${cx - s} ${cy} H${cx + s} M${cx - s} ${cy + s * 0.6} H${cx + s}`, stroke);
    case 'send':
      return path(`M${cx - s} ${cy - s * 0.1} L${cx + s} ${cy - s * 0.9} L${cx + s * 0.2} ${cy + s} L${cx - s * 0.1} ${cy + s * 0.1} Z`, stroke);
    case 'card':
      return rect(cx - s, cy - s * 0.7, s * 2, s * 1.4, { stroke: color, strokeWidth: stroke.strokeWidth, r: 3 }) + line(cx - s, cy - s * 0.2, cx + s, cy - s * 0.2, color, stroke.strokeWidth);
  }
}

/** A rounded square holding an icon: the leading element of list rows. */
export function iconTile(k: Kit, x: number, y: number, size: number, kind: IconKind, hueShift = 0) {
  const hue = (k.t.hue + hueShift) % 360;
  return (
    rect(x, y, size, size, { fill: hueShift ? `hsl(${hue}, 60%, ${k.t.dark ? 24 : 93}%)` : k.t.accentSoft, r: size * 0.28 }) +
    icon(x + size / 2, y + size / 2, size * 0.46, kind, hueShift ? `hsl(${hue}, 55%, ${k.t.dark ? 65 : 45}%)` : k.t.accent)
  );
}

/** A price or figure in the app's locale-free style, e.g. `$48.20`. */
export function money(rng: Rng, min: number, max: number, currency = '$'): string {
  return `${currency}${rng.float(min, max).toFixed(2)}`;
}

// ---------------------------------------------------------------- overlays and maps (issue 14)

/** A dark pill near the bottom of the screen with a short message: a toast. */
export function toast(k: Kit, cx: number, y: number, message: string, maxWidth: number) {
  k.elements.add('toast');
  const size = 14;
  const label = fitText(message, maxWidth - 64, size, true);
  const w = Math.min(maxWidth, textWidth(label, size, true) + 64);
  return (
    rect(cx - w / 2, y, w, 48, { fill: '#1d2130', r: 14, opacity: 0.94 }) +
    circle(cx - w / 2 + 24, y + 24, 9, { fill: '#1f9d55' }) +
    text(cx - w / 2 + 42, y + 29, label, { size, fill: '#ffffff', weight: 'bold' })
  );
}

/** The screen dimmed under an overlay (a modal or a bottom sheet above it). */
const scrim = (k: Kit) => rect(0, 0, k.w, k.h, { fill: '#0b0d12', opacity: 0.45 });

/** A centred dialog over the dimmed screen: a title, a line of text and two buttons. */
export function modal(k: Kit, title: string, body: string, [confirm, dismiss]: readonly [string, string]) {
  k.elements.add('modal');
  const w = Math.min(330, k.w - 60);
  const x = (k.w - w) / 2;
  const lines = wrapText(body, w - 48, 14, false, 3);
  const h = 150 + lines.length * 20;
  const y = (k.h - h) / 2;
  let out = scrim(k) + rect(x, y, w, h, { fill: k.t.surface, r: 20 });
  out += text(k.w / 2, y + 44, fitText(title, w - 40, 19, true), { size: 19, fill: k.t.text, weight: 'bold', anchor: 'middle' });
  lines.forEach((l, i) => (out += text(k.w / 2, y + 74 + i * 20, l, { size: 14, fill: k.t.muted, anchor: 'middle' })));
  const by = y + h - 64;
  return out + button(k, x + 20, by, (w - 52) / 2, 44, dismiss, 'outline') + button(k, x + 32 + (w - 52) / 2, by, (w - 52) / 2, 44, confirm);
}

/** A sheet risen from the bottom edge over the dimmed screen: a handle, a title and radio options. */
export function bottomSheet(k: Kit, title: string, options: readonly string[], chosen: number, action: string) {
  k.elements.add('bottomSheet');
  const h = 150 + options.length * 52;
  const y = k.h - h;
  let out = scrim(k) + rect(0, y, k.w, h + 24, { fill: k.t.surface, r: 24 });
  out += rect(k.w / 2 - 20, y + 10, 40, 5, { fill: k.t.bar, r: 2.5 });
  out += text(24, y + 54, title, { size: 19, fill: k.t.text, weight: 'bold' });
  options.forEach((option, i) => {
    const oy = y + 76 + i * 52;
    if (i > 0) out += line(24, oy, k.w - 24, oy, k.t.border);
    out += text(24, oy + 32, option, { size: 15, fill: k.t.text, weight: i === chosen ? 'bold' : 'normal' });
    out += circle(k.w - 40, oy + 27, 10, { fill: k.t.surface, stroke: i === chosen ? k.t.accent : k.t.border, strokeWidth: 2 });
    if (i === chosen) out += circle(k.w - 40, oy + 27, 5, { fill: k.t.accent });
  });
  return out + button(k, 24, k.h - 74, k.w - 48, 50, action);
}

/** A street map: blocks, a park, a river, roads and a pin (a location or a delivery's way). */
export function mapView(k: Kit, x: number, y: number, w: number, h: number, r = 12) {
  k.elements.add('map');
  const land = k.t.dark ? '#2a2f3a' : '#eef0e6';
  const road = k.t.dark ? '#4a5160' : '#ffffff';
  let out = rect(x, y, w, h, { fill: land, r });
  out += rect(x + w * k.rng.float(0.05, 0.3), y + h * 0.1, w * 0.22, h * 0.38, { fill: k.t.dark ? '#2f4a36' : '#cfe8c4', r: 6 });
  out += path(`M${x} ${y + h * 0.78} C${x + w * 0.3} ${y + h * 0.62} ${x + w * 0.6} ${y + h * 0.98} ${x + w} ${y + h * 0.8}`, { stroke: k.t.dark ? '#2d5b7a' : '#b9dcf2', strokeWidth: 10 });
  for (let i = 1; i < 4; i++) out += line(x + (w * i) / 4, y, x + (w * i) / 4 + k.rng.float(-12, 12), y + h, road, 5);
  for (let i = 1; i < 3; i++) out += line(x, y + (h * i) / 3, x + w, y + (h * i) / 3 + k.rng.float(-8, 8), road, 5);
  const px = x + w * k.rng.float(0.35, 0.7);
  const py = y + h * k.rng.float(0.35, 0.6);
  out += path(`M${x + w * 0.12} ${y + h * 0.86} L${x + w * 0.12} ${py} L${px} ${py}`, { stroke: k.t.accent, strokeWidth: 4, cap: 'round' });
  return out + circle(px, py - 10, 11, { fill: k.t.accent }) + circle(px, py - 10, 4, { fill: '#ffffff' });
}
