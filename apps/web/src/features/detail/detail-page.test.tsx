import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { useSessionStore } from '../../lib/session-store';
import DetailPage from './detail-page';

/**
 * The detail page's side of the paywall with a stubbed server: a vip pages past 10 and filters by
 * screen category; a regular caller does neither (the subscribe dialog opens instead).
 */

const ITEM = {
  id: 7,
  name: 'Ledgerly',
  logo: 'logos/7.webp',
  briefing: 'Budgets that add up.',
  site: 'https://ledgerly.example',
  rating: 4.25,
  platform: false,
  group: [12],
  preview: [],
  publishedAt: '2026-01-01T00:00:00.000Z',
};
/** The site the stubbed server answers for ITEM (a test may set a stored one that breaks the rule). */
let itemSite = ITEM.site;
const TOTAL = 14;
const shot = (n: number) => ({ id: 100 + n, path: `shots/7/${n}.webp`, width: 390, height: 844, group: 27 });

type Call = { method: string; path: string; body: Record<string, unknown> | null };
let calls: Call[] = [];

function reply(data: unknown, code = 0, message = 'ok') {
  return new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/ui/c-api/v1', '');
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
  calls.push({ method: init?.method ?? 'GET', path, body });
  if (path === '/config') return Promise.resolve(reply({ mediaBase: '/media', supportEmail: 's@x.y', google: false }));
  if (path === '/group/child') {
    const screens = url.searchParams.get('preId') === '11';
    const node = screens
      ? { id: 27, nameEn: 'Login', nameCn: '登录', nameTw: '登入', preId: 11, sort: 1, children: [] }
      : { id: 12, nameEn: 'Finance', nameCn: '财务', nameTw: '財經', preId: 9, sort: 1, children: [] };
    return Promise.resolve(reply({ arr: [node], total: 1 }));
  }
  if (path === `/platform/${ITEM.id}`) return Promise.resolve(reply({ ...ITEM, site: itemSite }));
  if (path === '/platform/app') {
    const page = Number(body?.page ?? 1);
    const from = (page - 1) * 10;
    const arr = Array.from({ length: Math.max(0, Math.min(10, TOTAL - from)) }, (_, i) => shot(from + i + 1));
    return Promise.resolve(reply({ arr, total: TOTAL }));
  }
  return Promise.resolve(reply(null, 404, 'Not Found'));
}

/** Reports every observed end marker as fully visible, as a tall window would. */
class VisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ isIntersecting: true, intersectionRatio: 1, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
    );
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/detail/:id', element: <DetailPage /> }], { initialEntries: [`/detail/${ITEM.id}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const previewCalls = () => calls.filter((call) => call.path === '/platform/app').map((call) => call.body);
const tiles = () => screen.queryAllByRole('button', { name: /^Open screen \d+ of Ledgerly$/ });

function signIn(vip: boolean) {
  useSessionStore.setState({
    user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip, expired: vip ? '2999-01-01T00:00:00Z' : null, token: 't' },
    authenticated: true,
  });
}

beforeEach(() => {
  calls = [];
  itemSite = ITEM.site;
  vi.stubGlobal('fetch', vi.fn(server));
  vi.stubGlobal('IntersectionObserver', VisibleObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
});

describe('detail page', () => {
  it('shows the tag block: platform type, rating with half stars to two decimals, category by language', async () => {
    signIn(false);
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledgerly' })).toBeTruthy();
    expect(screen.getByText('Platform type')).toBeTruthy();
    expect(screen.getByText('APP')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.25 out of 5' })).toBeTruthy();
    expect(screen.getByText('4.25')).toBeTruthy();
    expect(await screen.findByText('Finance')).toBeTruthy();
  });

  it('links to the live product only when its site passes the site URL rule (a stored javascript: or data: address is not a link)', async () => {
    signIn(false);
    renderDetail();
    const link = await screen.findByRole('link', { name: /^Visit app site/ });
    expect(link.getAttribute('href')).toBe('https://ledgerly.example');
    cleanup();
    for (const site of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example', 'https://user:pass@evil.example']) {
      itemSite = site;
      renderDetail();
      expect(await screen.findByRole('heading', { level: 1, name: 'Ledgerly' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: /^Visit app site/ }), site).toBeNull();
      expect(Array.from(document.querySelectorAll('a')).filter((a) => a.getAttribute('href') === site), site).toEqual([]);
      cleanup();
    }
  });

  it('a vip pages past the first 10 and filters by screen category, with no upgrade prompts', async () => {
    signIn(true);
    renderDetail();
    await waitFor(() => expect(tiles()).toHaveLength(TOTAL));
    expect(previewCalls().map((body) => body?.page)).toEqual([1, 2]);
    expect(screen.queryByRole('complementary', { name: 'Subscription' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Screen category/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Login' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(previewCalls().at(-1)).toMatchObject({ page: 1, group: [27] }));
  });

  it('a regular member sees 10 screens, no page 2 even with the end in view, and a dialog instead of the filter', async () => {
    signIn(false);
    renderDetail();
    await waitFor(() => expect(tiles()).toHaveLength(10));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(previewCalls().map((body) => body?.page)).toEqual([1]);
    expect(screen.getByRole('complementary', { name: 'Subscription' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Subscription' }).textContent).toContain(`Showing 10 of ${TOTAL} screens`);

    fireEvent.click(screen.getByRole('button', { name: /^Screen category/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Login' }));
    expect(screen.getByRole('dialog', { name: 'Filter screens with a subscription' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(previewCalls().every((body) => body?.group === undefined)).toBe(true);
  });
});
