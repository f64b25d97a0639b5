/**
 * Tiny SVG string builders for the generated demo images. Latin text is set in DejaVu Sans (installed
 * with the fonts every Debian image has), so renders look the same everywhere; Chinese text falls back
 * to Noto Sans CJK (fonts-noto-cjk), which the demo generator only uses when it is installed
 * (docs/decisions/042-realistic-demo.md).
 */

export const FONT = 'DejaVu Sans, Noto Sans CJK SC, Noto Sans, sans-serif';

/** Advance widths of DejaVu Sans (regular, bold) for U+0020..U+007E, in em, read from the font files. */
const WIDTHS = [
  0.318, 0.401, 0.46, 0.838, 0.636, 0.95, 0.78, 0.275, 0.39, 0.39, 0.5, 0.838, 0.318, 0.361, 0.318, 0.337, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636,
  0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531, 1, 0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656,
  0.557, 0.863, 0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.39, 0.337, 0.39, 0.838, 0.5, 0.5, 0.613,
  0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592,
  0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
];
const BOLD_WIDTHS = [
  0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457, 0.523, 0.838, 0.38, 0.415, 0.38, 0.365, 0.696, 0.696, 0.696, 0.696, 0.696,
  0.696, 0.696, 0.696, 0.696, 0.696, 0.4, 0.4, 0.838, 0.838, 0.838, 0.58, 1, 0.774, 0.762, 0.734, 0.83, 0.683, 0.683, 0.821, 0.837, 0.372, 0.372, 0.775,
  0.637, 0.995, 0.837, 0.85, 0.733, 0.85, 0.77, 0.72, 0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457, 0.365, 0.457, 0.838, 0.5, 0.5, 0.675,
  0.716, 0.593, 0.716, 0.678, 0.435, 0.716, 0.712, 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687, 0.716, 0.716, 0.493, 0.595, 0.478, 0.712, 0.652,
  0.924, 0.645, 0.652, 0.582, 0.712, 0.365, 0.712, 0.838,
];

/** Advance width of one character in em: DejaVu Sans for ASCII, a full em for CJK and wide punctuation. */
function charEm(code: number, bold: boolean): number {
  if (code >= 0x20 && code <= 0x7e) return (bold ? BOLD_WIDTHS : WIDTHS)[code - 0x20];
  if (code >= 0x2e80) return 1;
  return bold ? 0.75 : 0.7;
}

/** Width of a line of text in px, measured with the fonts' advance widths (no kerning: a slight overestimate). */
export function textWidth(value: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of value) em += charEm(ch.codePointAt(0) ?? 0x20, bold);
  return em * size;
}

/** True for text written without spaces between words (Chinese): it wraps between any two characters. */
export function isCjk(value: string): boolean {
  return /[\u2e80-\u9fff\uff00-\uffef]/.test(value);
}

/** The text cut to fit `width` px, ending with an ellipsis when it was cut (at a word boundary in Latin text). */
export function fitText(value: string, width: number, size: number, bold = false): string {
  if (textWidth(value, size, bold) <= width) return value;
  const ellipsis = '\u2026';
  const room = width - textWidth(ellipsis, size, bold);
  let cut = '';
  for (const ch of value) {
    if (textWidth(cut + ch, size, bold) > room) break;
    cut += ch;
  }
  if (!isCjk(value) && cut.includes(' ')) cut = cut.slice(0, cut.lastIndexOf(' '));
  cut = cut.replace(/[\s,.;:\u3001\uff0c\u3002]+$/u, '');
  return cut ? cut + ellipsis : '';
}

const CLOSING = '\uff0c\u3002\u3001\uff1a\uff1b\uff01\uff1f\uff09\u300d\u201d';

/**
 * Lines of at most `width` px: between words in Latin text, between characters in Chinese. With
 * `maxLines` the last line kept ends in an ellipsis when text was left over.
 */
export function wrapText(value: string, width: number, size: number, bold = false, maxLines = Infinity): string[] {
  const units = isCjk(value) ? [...value] : value.split(' ');
  const joiner = isCjk(value) ? '' : ' ';
  const lines: string[] = [];
  let current = '';
  for (const unit of units) {
    const next = current ? current + joiner + unit : unit;
    if (current && textWidth(next, size, bold) > width) {
      // Chinese punctuation never starts a line: the character before it moves down with it.
      if (CLOSING.includes(unit) && [...current].length > 1) {
        const chars = [...current];
        lines.push(chars.slice(0, -1).join(''));
        current = chars[chars.length - 1] + unit;
      } else {
        lines.push(current);
        current = unit;
      }
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((l) => fitText(l, width, size, bold));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitText(kept[maxLines - 1] + joiner + lines[maxLines], width, size, bold);
  return kept;
}

const n = (value: number) => Math.round(value * 10) / 10;

export function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Paint = { fill?: string; stroke?: string; strokeWidth?: number; opacity?: number };

function paint({ fill, stroke, strokeWidth, opacity }: Paint): string {
  let out = ` fill="${fill ?? 'none'}"`;
  if (stroke) out += ` stroke="${stroke}" stroke-width="${strokeWidth ?? 1}"`;
  if (opacity !== undefined) out += ` opacity="${opacity}"`;
  return out;
}

export function rect(x: number, y: number, w: number, h: number, options: Paint & { r?: number } = {}): string {
  const r = options.r ? ` rx="${n(options.r)}"` : '';
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}"${r}${paint(options)}/>`;
}

export function circle(cx: number, cy: number, r: number, options: Paint = {}): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${paint(options)}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width = 1): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${width}"/>`;
}

export function path(d: string, options: Paint & { cap?: 'round' } = {}): string {
  const cap = options.cap ? ` stroke-linecap="round" stroke-linejoin="round"` : '';
  return `<path d="${d}"${paint(options)}${cap}/>`;
}

export type TextOptions = {
  size?: number;
  fill?: string;
  weight?: 'normal' | 'bold';
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
};

export function text(x: number, y: number, value: string, options: TextOptions = {}): string {
  const { size = 14, fill = '#111', weight = 'normal', anchor = 'start', opacity } = options;
  const extra = `${weight === 'bold' ? ' font-weight="bold"' : ''}${anchor === 'start' ? '' : ` text-anchor="${anchor}"`}${
    opacity === undefined ? '' : ` opacity="${opacity}"`
  }`;
  return `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${size}" fill="${fill}"${extra}>${esc(value)}</text>`;
}

/**
 * A document drawn in a `width`×`height` coordinate space. `output` renders it at another pixel size
 * directly (librsvg scales while rasterising), which is cheaper than rendering large and resizing.
 */
export function svgDocument(
  width: number,
  height: number,
  body: string,
  defs = '',
  output: { width: number; height: number } = { width, height },
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${output.width}" height="${output.height}" viewBox="0 0 ${width} ${height}">${
    defs ? `<defs>${defs}</defs>` : ''
  }${body}</svg>`;
}

/** The colours of one app's interface: its accent plus neutral surfaces, light or dark. */
export type Theme = {
  hue: number;
  dark: boolean;
  accent: string;
  accentSoft: string;
  accentMuted: string;
  onAccent: string;
  bg: string;
  surface: string;
  border: string;
  text: string;
  muted: string;
  /** Placeholder bars standing in for body copy. */
  bar: string;
  /** A second hue for illustrations and charts. */
  second: string;
};

export function makeTheme(hue: number, dark: boolean): Theme {
  const h = Math.round(hue) % 360;
  const secondHue = (h + 150) % 360;
  return dark
    ? {
        hue: h,
        dark,
        accent: `hsl(${h}, 70%, 60%)`,
        accentSoft: `hsl(${h}, 30%, 20%)`,
        accentMuted: `hsl(${h}, 35%, 32%)`,
        onAccent: '#0d0e11',
        bg: '#0f1013',
        surface: '#1a1c21',
        border: '#2a2d34',
        text: '#f1f2f4',
        muted: '#9a9ea8',
        bar: '#32363f',
        second: `hsl(${secondHue}, 55%, 58%)`,
      }
    : {
        hue: h,
        dark,
        accent: `hsl(${h}, 64%, 47%)`,
        accentSoft: `hsl(${h}, 70%, 95%)`,
        accentMuted: `hsl(${h}, 55%, 84%)`,
        onAccent: '#ffffff',
        bg: '#f6f6f8',
        surface: '#ffffff',
        border: '#e4e5ea',
        text: '#15161a',
        muted: '#6b6f7a',
        bar: '#e3e5ea',
        second: `hsl(${secondHue}, 55%, 55%)`,
      };
}
