import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import AppsPage from './apps-page';

/**
 * A search on the apps list (issue 14): the items that match, and above them the screens across the library that
 * match (their count and the way to all of them); with no matching item, the screens rather than only "nothing".
 */

const ITEM = {
  id: 7,
  name: 'Ledgerly',
  logo: 'logos/7.webp',
  briefing: 'Budgets that add up.',
  site: 'https://ledgerly.example',
  rating: 4,
  platform: false,
  business: false,
  group: [],
  preview: [],
  flows: 0,
  publishedAt: '2026-01-01T00:00:00.000Z',
};
const card = (id: number) => ({
  id,
  path: `shots/9/${id}.webp`,
  width: 390,
  height: 844,
  group: null,
  elements: [],
  colors: [],
  item: { id: 9, name: 'Paywise', logo: 'logos/9.webp', kind: 'app' },
});

let items: unknown[] = [];
let screenBodies: Record<string, unknown>[] = [];

function reply(data: unknown) {
  return Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data }), { headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace('/ui/c-api/v1', '');
  if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 's@x.y', google: false });
  if (path === '/group/child') return reply({ arr: [], total: 0 });
  if (path === '/platform') return reply({ arr: items, total: items.length });
  if (path === '/screen') {
    screenBodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return reply({ arr: [card(1), card(2), card(3)], total: 37 });
  }
  return reply({});
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/app', element: <AppsPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  items = [ITEM];
  screenBodies = [];
  vi.stubGlobal('fetch', vi.fn(server));
});
afterEach(() => vi.unstubAllGlobals());

describe('a search on the apps list', () => {
  it('keeps the matching apps and adds the matching screens with their count and a link to all of them', async () => {
    renderAt('/app?q=login');
    const section = await screen.findByRole('region', { name: 'Screens' });
    expect(await within(section).findByText('37 screens match “login”')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'See all 37 screens' }).getAttribute('href')).toBe('/screens?q=login');
    expect(within(section).getAllByRole('button', { name: 'Open a screen of Paywise' })).toHaveLength(3);
    expect(screenBodies[0]).toEqual({ page: 1, pageSize: 10, rank: 'N', q: 'login' });
    expect(await screen.findByRole('link', { name: /Ledgerly/ })).toBeTruthy();
  });

  it('shows the screens when no app matches', async () => {
    items = [];
    renderAt('/app?q=%E7%99%BB%E5%BD%95');
    expect(await screen.findByText('Nothing matches “登录”')).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Screens' });
    expect(await within(section).findAllByRole('button', { name: 'Open a screen of Paywise' })).toHaveLength(3);
  });

  it('asks for no screens without a search', async () => {
    renderAt('/app');
    await screen.findByRole('link', { name: /Ledgerly/ });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Screens' })).toBeNull());
    expect(screenBodies).toEqual([]);
  });
});
