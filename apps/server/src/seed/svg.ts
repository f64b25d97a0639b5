/**
 * Tiny SVG string builders for the generated demo images. Text is Latin only and set in DejaVu
 * Sans (installed with the fonts every Debian image has), so renders look the same everywhere.
 */

export const FONT = 'DejaVu Sans, Noto Sans, sans-serif';

/** Rough advance width of DejaVu Sans, in em: enough to size buttons and right-align labels. */
const CHAR_EM = 0.6;
const BOLD_CHAR_EM = 0.66;

export function textWidth(value: string, size: number, bold = false): number {
  return value.length * size * (bold ? BOLD_CHAR_EM : CHAR_EM);
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
