import sharp from 'sharp';
import type { ScreenKey } from './data/categories';
import { phoneScreenBody } from './screens';
import type { Theme } from './svg';
import { circle, rect, svgDocument, text } from './svg';
import { initials } from './ui-kit';

export const LOGO_SIZE = 256;
export const COVER_SIZE = { width: 1200, height: 675 } as const;

/**
 * WebP at quality 80. Effort 2 instead of the default 4: on these flat mock screens it costs
 * about 10 % in file size and halves the encoding time, which dominates the first start.
 */
export async function encodeWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80, effort: 2 }).toBuffer();
}

/** Run `task` over `items` with at most `limit` in flight (sharp works on libuv's thread pool). */
export async function runPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** An app icon: a rounded square in the accent colour with the initials and a soft motif. */
export function logoSvg(name: string, theme: Theme, motif: number): string {
  const s = LOGO_SIZE;
  const bg = theme.dark ? `hsl(${theme.hue}, 62%, 42%)` : theme.accent;
  const motifs = [
    circle(s * 0.82, s * 0.18, s * 0.32, { fill: '#ffffff', opacity: 0.16 }),
    `<path d="M0 ${s * 0.72} L${s} ${s * 0.38} L${s} ${s} L0 ${s} Z" fill="#000000" opacity="0.12"/>`,
    circle(s * 0.5, s * 0.5, s * 0.38, { stroke: '#ffffff', strokeWidth: 10, opacity: 0.18 }),
    rect(s * 0.12, s * 0.12, s * 0.76, s * 0.76, { fill: '#ffffff', opacity: 0.1, r: s * 0.16 }),
  ];
  const letters = initials(name);
  const size = letters.length > 1 ? 104 : 136;
  return svgDocument(
    s,
    s,
    `<clipPath id="logo"><rect width="${s}" height="${s}" rx="56"/></clipPath><g clip-path="url(#logo)">` +
      rect(0, 0, s, s, { fill: bg }) +
      motifs[motif % motifs.length] +
      '</g>' +
      text(s / 2, s / 2 + size * 0.36, letters, { size, fill: '#ffffff', weight: 'bold', anchor: 'middle' }),
  );
}

/** Split a title into lines of at most `max` characters. */
function wrap(title: string, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of title.split(' ')) {
    if (current && (current + ' ' + word).length > max) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export type CoverSpec = {
  title: string;
  label: string;
  theme: Theme;
  appName: string;
  vocab: readonly string[];
  screens: readonly [ScreenKey, ScreenKey];
  seed: string;
};

/** An insight article's cover: its title on a gradient beside two phones showing the screens it discusses. */
export function coverSvg(spec: CoverSpec): string {
  const { width, height } = COVER_SIZE;
  const t = spec.theme;
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${t.hue}, 60%, 30%)"/>` +
    `<stop offset="1" stop-color="hsl(${(t.hue + 40) % 360}, 65%, 48%)"/></linearGradient>`;
  let body = rect(0, 0, width, height, { fill: 'url(#bg)' });
  body += circle(1040, 120, 220, { fill: '#ffffff', opacity: 0.06 }) + circle(760, 640, 160, { fill: '#ffffff', opacity: 0.05 });
  body += text(72, 118, spec.label.toUpperCase(), { size: 18, fill: '#ffffff', weight: 'bold', opacity: 0.75 });
  wrap(spec.title, 18).forEach((lineText, i) => {
    body += text(72, 200 + i * 62, lineText, { size: 50, fill: '#ffffff', weight: 'bold' });
  });
  const phones: [number, number, number][] = [
    [690, 92, -6],
    [900, 60, 5],
  ];
  phones.forEach(([x, y, angle], i) => {
    const w = 240;
    const h = (w * 844) / 390;
    const screen = phoneScreenBody({
      screen: spec.screens[i],
      theme: t,
      appName: spec.appName,
      vocab: spec.vocab,
      seed: `${spec.seed}:${i}`,
      solidBar: i === 0,
    });
    body +=
      `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})">` +
      rect(x - 10, y - 10, w + 20, h + 20, { fill: '#0c0d10', r: 44 }) +
      `<clipPath id="phone${i}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="34"/></clipPath>` +
      `<g clip-path="url(#phone${i})"><svg x="${x}" y="${y}" width="${w}" height="${h.toFixed(1)}" viewBox="0 0 390 844">${screen}</svg></g></g>`;
  });
  return svgDocument(width, height, body, defs);
}
