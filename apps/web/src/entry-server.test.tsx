import type { FirstView, Item } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { queryClient } from './lib/query-client';

const card = (id: number, name: string): Item =>
  ({
    id,
    name,
    logo: `logos/${id}.webp`,
    briefing: `About ${name}`,
    site: `https://${id}.example`,
    rating: 4,
    platform: false,
    business: false,
    group: [],
    preview: [{ id: id * 10, path: `shots/${id}/0.webp?e=1&s=x`, width: 390, height: 844, group: null }],
    flows: 0,
    publishedAt: '2026-11-20T10:00:00.000Z',
  }) as Item;

const view: FirstView = {
  config: { mediaBase: '/media', supportEmail: 'help@example.com', google: false },
  list: { kind: 'app', page: { arr: [card(7, 'Birchly <Studio>'), card(8, 'Calmly')], total: 2 } },
  stats: { apps: 1234, sites: 56, business: 3, flows: 12, screenshots: 40210 },
};

describe('the list page rendered on the server', () => {
  it('draws the page a visitor’s first render draws: the frame, the title, the count and the cards from the first view', async () => {
    const html = await renderPage('/app', view);
    expect(html).toContain('Skip to content');
    expect(html).toMatch(/<h1[^>]*>Apps<\/h1>/);
    expect(html).toContain('2 apps');
    // The names escaped, each card a link to its app, its first picture from the media host at the card's sizes.
    expect(html).toContain('Birchly &lt;Studio>');
    expect(html).toContain('href="/detail/7"');
    expect(html).toContain('href="/detail/8"');
    expect(html).toContain('src="/media/_w640/shots/7/0.webp?e=1&amp;s=x"');
    // The banner's figures from the first view, not placeholders waiting for a request.
    expect(html).toMatch(/<dd[^>]*>1,234<\/dd>/);
    expect(html).toMatch(/<dd[^>]*>40,210<\/dd>/);
  });

  it('draws the whole first page of cards, with no placeholders for cards drawn later (they come with the HTML)', async () => {
    const cards = Array.from({ length: 8 }, (_, index) => card(20 + index, `App ${20 + index}`));
    const html = await renderPage('/app', { ...view, list: { kind: 'app', page: { arr: cards, total: 8 } } });
    for (const { id } of cards) expect(html).toContain(`href="/detail/${id}"`);
    expect(html).not.toContain('aria-hidden="true"><div class="');
  });

  it('renders from the view it is given each time, and leaves nothing behind', async () => {
    const first = await renderPage('/app', view);
    const other = await renderPage('/app', { ...view, list: { kind: 'app', page: { arr: [card(9, 'Dawnly')], total: 1 } } });
    expect(other).toContain('Dawnly');
    expect(other).not.toContain('Birchly');
    expect(await renderPage('/app', view)).toBe(first);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('an item’s page rendered on the server', () => {
  it('draws the item and every screen of its first page, with no placeholders for screens drawn later', async () => {
    const item = { ...card(7, 'Birchly Studio'), preview: [] } as Item;
    const shots = Array.from({ length: 10 }, (_, index) => ({ id: 700 + index, path: `shots/7/${index}.webp`, width: 390, height: 844, group: null }));
    const html = await renderPage('/detail/7', { config: view.config, item, previews: { arr: shots, total: 14 } });
    expect(html).toMatch(/<h1[^>]*>Birchly Studio<\/h1>/);
    // Each screen a button that opens the viewer, its picture from the media host; the total from the same page.
    for (let index = 0; index < shots.length; index += 1) {
      expect(html).toContain(`aria-label="Open screen ${index + 1} of Birchly Studio"`);
      expect(html).toContain(`/media/_w640/shots/7/${index}.webp`);
    }
    expect(html).toContain('4 more screens with a subscription');
    expect(html).toContain('Showing 10 of 14 screens.');
    expect(html).not.toContain('aria-hidden="true"><div class="');
  });

  it('names the item’s categories from the tree in the first view', async () => {
    const tree = [12, 23].map((id, sort) => ({ id, nameEn: `Kind ${id}`, nameCn: `类 ${id}`, nameTw: `類 ${id}`, preId: 9, sort, children: [] }));
    const item = { ...card(7, 'Birchly Studio'), group: [23] } as Item;
    const named = await renderPage('/detail/7', { config: view.config, item, categories: { list: tree } });
    expect(named).toContain('>Kind 23</span>');
    expect(named).not.toContain('Kind 12');
    // Without the tree the header could only say "—" until it arrived.
    const unnamed = await renderPage('/detail/7', { config: view.config, item });
    expect(unnamed).not.toContain('Kind 23');
  });
});
