import type { ScreenKey } from './data/categories';
import type { ScreenSpec } from './screens';
import { desktopViewport } from './screens';
import { circle, fitText, line, rect, svgDocument, text, wrapText } from './svg';
import type { IconKind, Kit } from './ui-kit';
import { avatar, button, card, field, iconTile, paragraph, photo, stars } from './ui-kit';

/**
 * A website page at full length: the screen's first viewport (1440×900, the layout of its screen
 * category) and below it the sections a real page scrolls through (features, testimonials, figures,
 * a gallery, questions, a newsletter band) and a footer. Marketing pages (home, detail, search) are
 * longer than app-like ones (sign-in, checkout, dashboard, settings).
 */
export const PAGE_WIDTH = 1440;
export const VIEWPORT_HEIGHT = 900;
const X = 120;
const W = 1200;
const FOOTER_HEIGHT = 320;

/** How many viewports of content a page of this kind has, before its footer. */
const VIEWPORTS: Record<ScreenKey, readonly [number, number]> = {
  home: [4, 5],
  detail: [3, 4],
  search: [3, 3],
  onboarding: [3, 4],
  profile: [2, 3],
  notifications: [2, 2],
  empty: [2, 2],
  chat: [2, 2],
  dashboard: [2, 2],
  settings: [2, 2],
  checkout: [2, 2],
  login: [2, 2],
};

type Section = { height: number; draw: (k: Kit, y: number) => string };

const head = (k: Kit, y: number, title: string, sub = true): string =>
  text(X, y + 72, fitText(title, W, 34, true), { size: 34, fill: k.t.text, weight: 'bold' }) +
  (sub ? text(X, y + 108, fitText(k.sentence(), W, 17), { size: 17, fill: k.t.muted }) : '');

const SECTIONS: readonly Section[] = [
  {
    height: 460,
    draw(k, y) {
      let out = head(k, y, `${k.s('Why people choose')} ${k.name}`);
      const icons: IconKind[] = ['chart', 'bell', 'heart'];
      for (let i = 0; i < 3; i++) {
        const x = X + i * 408;
        out += card(k, x, y + 148, 384, 250, 18) + iconTile(k, x + 28, y + 176, 56, icons[i], i * 70);
        out += text(x + 28, y + 270, fitText(k.word(), 330, 21, true), { size: 21, fill: k.t.text, weight: 'bold' });
        out += paragraph(k, x + 28, y + 290, 328, 4, 22);
      }
      return out;
    },
  },
  {
    height: 440,
    draw(k, y) {
      let out = head(k, y, k.s('What people say'), false);
      for (let i = 0; i < 3; i++) {
        const x = X + i * 408;
        const who = k.copy.people[(i * 3 + k.rng.int(0, 7)) % k.copy.people.length];
        out += card(k, x, y + 120, 384, 270, 18) + stars(k, x + 28, y + 156, 5, 16);
        wrapText(k.sentence(), 328, 18, false, 4).forEach((l, n) => {
          out += text(x + 28, y + 200 + n * 28, l, { size: 18, fill: k.t.text });
        });
        out += avatar(k, x + 50, y + 348, 22, who) + text(x + 84, y + 354, who, { size: 15, fill: k.t.text, weight: 'bold' });
      }
      return out;
    },
  },
  {
    height: 300,
    draw(k, y) {
      let out = rect(0, y + 40, PAGE_WIDTH, 220, { fill: k.t.accent });
      out += text(X, y + 96, k.s('In numbers'), { size: 16, fill: k.t.onAccent, weight: 'bold', opacity: 0.8 });
      const figures = [`${k.rng.int(2, 9)}M+`, `${k.rng.int(40, 190)}`, `${(k.rng.float(4.5, 4.9)).toFixed(1)}`, `${k.rng.int(90, 99)}%`];
      figures.forEach((value, i) => {
        const x = X + i * 300;
        out += text(x, y + 170, value, { size: 48, fill: k.t.onAccent, weight: 'bold' });
        out += text(x, y + 206, fitText(k.line(), 270, 15), { size: 15, fill: k.t.onAccent, opacity: 0.85 });
      });
      return out;
    },
  },
  {
    height: 660,
    draw(k, y) {
      let out = head(k, y, k.s('More to explore'));
      for (let i = 0; i < 8; i++) {
        const x = X + (i % 4) * 306;
        const cy = y + 150 + Math.floor(i / 4) * 250;
        out += photo(k, x, cy, 282, 160, 14);
        out += text(x, cy + 190, fitText(k.word(), 200, 17, true), { size: 17, fill: k.t.text, weight: 'bold' });
        out += text(x + 282, cy + 190, k.money(8, 240), { size: 16, fill: k.t.accent, weight: 'bold', anchor: 'end' });
        out += text(x, cy + 214, fitText(k.line(), 282, 14), { size: 14, fill: k.t.muted });
      }
      return out;
    },
  },
  {
    height: 560,
    draw(k, y) {
      let out = head(k, y, k.s('Frequently asked questions'), false);
      for (let i = 0; i < 5; i++) {
        const ry = y + 130 + i * 84;
        out += line(X, ry, X + 860, ry, k.t.border);
        out += text(X, ry + 36, fitText(k.line(), 780, 19, true), { size: 19, fill: k.t.text, weight: 'bold' });
        out += text(X + 860, ry + 36, i === 0 ? '\u2212' : '+', { size: 24, fill: k.t.accent, anchor: 'end' });
        out += text(X, ry + 64, fitText(k.sentence(), 820, 15), { size: 15, fill: k.t.muted });
      }
      out += card(k, X + 920, y + 130, 280, 240, 18) + iconTile(k, X + 948, y + 158, 52, 'chat');
      out += text(X + 948, y + 252, k.s('Talk to us'), { size: 20, fill: k.t.text, weight: 'bold' });
      out += paragraph(k, X + 948, y + 268, 224, 2, 20) + button(k, X + 948, y + 316, 160, 40, k.s('Contact support'), 'soft');
      return out;
    },
  },
  {
    height: 320,
    draw(k, y) {
      let out = rect(X, y + 40, W, 240, { fill: k.t.accentSoft, r: 24 });
      out += circle(X + W - 120, y + 100, 90, { fill: k.t.accentMuted, opacity: 0.5 });
      out += text(X + 56, y + 128, k.s('Subscribe to our newsletter'), { size: 30, fill: k.t.text, weight: 'bold' });
      out += text(X + 56, y + 164, fitText(k.sentence(), 620, 16), { size: 16, fill: k.t.muted });
      out += field(k, X + 56, y + 196, 420, 52, k.s('Your email'), { placeholder: true }) + button(k, X + 492, y + 196, 160, 52, k.s('Subscribe'));
      return out;
    },
  },
];

function footer(k: Kit, y: number): string {
  let out = rect(0, y, PAGE_WIDTH, FOOTER_HEIGHT, { fill: k.t.dark ? '#0a0b0d' : '#15161a' });
  out += rect(X, y + 64, 36, 36, { fill: k.t.accent, r: 10 });
  out += text(X + 50, y + 90, k.name, { size: 22, fill: '#ffffff', weight: 'bold' });
  wrapText(k.sentence(), 300, 14, false, 3).forEach((l, i) => {
    out += text(X, y + 132 + i * 22, l, { size: 14, fill: '#9a9ea8' });
  });
  const columns: [string, string[]][] = [
    ['Product', ['Features', 'Pricing', 'Stories', 'Help']],
    ['Company', ['About us', 'Careers', 'Blog', 'Press']],
    ['Resources', ['Guides', 'Community', 'Status', 'Help']],
    ['Legal', ['Terms', 'Privacy', 'Cookies']],
  ];
  columns.forEach(([title, links], i) => {
    const x = X + 460 + i * 190;
    out += text(x, y + 84, k.s(title), { size: 14, fill: '#ffffff', weight: 'bold' });
    links.forEach((l, n) => {
      out += text(x, y + 118 + n * 30, k.s(l), { size: 14, fill: '#9a9ea8' });
    });
  });
  out += line(X, y + 262, X + W, y + 262, '#2a2d34');
  out += text(X, y + 294, `\u00a9 2026 ${k.name}. ${k.s('All rights reserved.')}`, { size: 13, fill: '#6b6f7a' });
  return out;
}

/** The SVG of a full website page, and its height in px. */
export function sitePageSvg(spec: Omit<ScreenSpec, 'device'>): { svg: string; height: number } {
  const { k, body } = desktopViewport(spec);
  const [min, max] = VIEWPORTS[spec.screen];
  const target = k.rng.int(min, max) * VIEWPORT_HEIGHT;
  let out = body;
  let y = VIEWPORT_HEIGHT;
  const order = k.rng.shuffle(SECTIONS);
  const used = new Set<Section>();
  const add = (section: Section) => {
    out += rect(0, y, PAGE_WIDTH, section.height, { fill: k.t.bg }) + section.draw(k, y);
    y += section.height;
    used.add(section);
  };
  for (const section of order) if (y + section.height + FOOTER_HEIGHT <= target + 200) add(section);
  // At least two viewports: one more section when the ones that fitted fell short.
  const shortest = order.filter((s) => !used.has(s)).sort((a, b) => a.height - b.height)[0];
  if (y + FOOTER_HEIGHT < 2 * VIEWPORT_HEIGHT && shortest) add(shortest);
  out += footer(k, y);
  const height = y + FOOTER_HEIGHT;
  return { svg: svgDocument(PAGE_WIDTH, height, out), height };
}
