import type { Item } from '@shotlib/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { ItemCard, pagesOf } from './item-card';

/**
 * The catalogue card (decision 056): an app shows three of its screens side by side and pages by three; a website
 * one wide tile of its page's top and pages by one; business software by its platform. One link to the detail page.
 */

const shot = (id: number, width = 1170, height = 2532) => ({ id, path: `shots/7/${id}.png`, width, height, group: null });
const item = (overrides: Partial<Item> = {}): Item =>
  ({
    id: 7,
    name: 'Ledgerly',
    logo: 'logos/7.webp',
    briefing: 'Budgets that add up.',
    site: 'https://ledgerly.example',
    rating: 4,
    platform: false,
    business: false,
    group: [],
    preview: [1, 2, 3, 4, 5, 6].map((id) => shot(id)),
    flows: 0,
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) as Item;

function reply(data: unknown) {
  return Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data }), { headers: { 'content-type': 'application/json' } }));
}

function renderCard(of: Item) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/app', element: <ItemCard item={of} eager={false} /> }], { initialEntries: ['/app'] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return view.container.querySelector('article')!;
}

/** The screenshots drawn in the page on show (the others are aria-hidden). */
const shownAlts = (card: HTMLElement) =>
  Array.from(card.querySelectorAll<HTMLImageElement>('img[alt^="Screenshot"]'))
    .filter((img) => !img.closest('[aria-hidden="true"]'))
    .map((img) => img.alt);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => reply({ mediaBase: '/media', supportEmail: 's@x.y', google: false })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('pagesOf', () => {
  it('cuts the screens into pages of a size, the last one shorter', () => {
    const shots = [1, 2, 3, 4, 5].map((id) => shot(id));
    expect(pagesOf(shots, 3).map((page) => page.map((s) => s.id))).toEqual([[1, 2, 3], [4, 5]]);
    expect(pagesOf(shots, 1)).toHaveLength(5);
    expect(pagesOf([], 3)).toEqual([]);
  });
});

describe('an app card', () => {
  it('shows three screens side by side, one link to the detail page, and pages by three with the arrows', async () => {
    const card = renderCard(item());
    expect(card.dataset.layout).toBe('phones');
    await waitFor(() => expect(shownAlts(card)).toEqual(['Screenshot 1 of 6 of Ledgerly', 'Screenshot 2 of 6 of Ledgerly', 'Screenshot 3 of 6 of Ledgerly']));
    // Only the page on show is drawn until the reader comes near.
    expect(card.querySelectorAll('img[alt^="Screenshot"]')).toHaveLength(3);
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/detail/7');
    expect(links[0]!.textContent).toBe('Ledgerly');
    expect(within(card).queryByRole('button', { name: 'Previous screens of Ledgerly' })).toBeNull();

    fireEvent.pointerEnter(card);
    await waitFor(() => expect(card.querySelectorAll('img[alt^="Screenshot"]')).toHaveLength(6));
    const next = within(card).getByRole('button', { name: 'Next screens of Ledgerly' });
    next.focus();
    fireEvent.click(next);
    await waitFor(() => expect(shownAlts(card)).toEqual(['Screenshot 4 of 6 of Ledgerly', 'Screenshot 5 of 6 of Ledgerly', 'Screenshot 6 of 6 of Ledgerly']));
    expect(within(card).getByText('Screens 4–6 of 6')).toBeTruthy();
    // At the end the next arrow goes; focus moves to the previous one.
    expect(within(card).queryByRole('button', { name: 'Next screens of Ledgerly' })).toBeNull();
    const previous = within(card).getByRole('button', { name: 'Previous screens of Ledgerly' });
    await waitFor(() => expect(document.activeElement).toBe(previous));
    fireEvent.click(previous);
    await waitFor(() => expect(within(card).getByText('Screens 1–3 of 6')).toBeTruthy());
  });

  it('has no arrows with three screens or fewer, and says so when it has none', async () => {
    const three = renderCard(item({ preview: [1, 2, 3].map((id) => shot(id)) }));
    await waitFor(() => expect(shownAlts(three)).toHaveLength(3));
    expect(within(three).queryAllByRole('button')).toHaveLength(0);
    const none = renderCard(item({ id: 8, preview: [] }));
    expect(within(none).getByText('No screenshots yet')).toBeTruthy();
  });
});

describe('a website card', () => {
  it('shows one wide tile of the page on show, pages by one, and collects that page', async () => {
    const card = renderCard(item({ platform: true, preview: [shot(1, 1440, 4200), shot(2, 1440, 900)] }));
    expect(card.dataset.layout).toBe('page');
    await waitFor(() => expect(shownAlts(card)).toEqual(['Screenshot 1 of 2 of Ledgerly']));
    expect(within(card).getByRole('link', { name: /View/ }).getAttribute('href')).toBe('https://ledgerly.example');
    fireEvent.click(within(card).getByRole('button', { name: 'Next screenshot of Ledgerly' }));
    await waitFor(() => expect(shownAlts(card)).toEqual(['Screenshot 2 of 2 of Ledgerly']));
    expect(within(card).getByText('Screenshot 2 of 2')).toBeTruthy();
  });
});

describe('a business card', () => {
  it('is laid out by its platform, in the landscape frame of the mixed list', async () => {
    const phone = renderCard(item({ business: true }));
    expect(phone.dataset.layout).toBe('phones');
    expect(phone.dataset.cover).toBe('wide');
    const web = renderCard(item({ id: 9, business: true, platform: true }));
    expect(web.dataset.layout).toBe('page');
    expect(web.dataset.cover).toBe('wide');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
