import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

/** Reports nothing: the end of the grid is never in view, so only the viewer can ask for the next page. */
class HiddenObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function renderDetail(path = `/detail/${ITEM.id}`) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/detail/:id', element: <DetailPage /> },
      { path: '/app', element: <p>Apps</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
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

describe('the viewer on the detail page (issue 29)', () => {
  const openViewer = async () => {
    await waitFor(() => expect(tiles()).toHaveLength(10));
    fireEvent.click(tiles()[0]!);
    return screen.findByRole('dialog', { name: 'Ledgerly' });
  };
  const press = (dialog: HTMLElement, key: string) => fireEvent.keyDown(dialog, { key });

  it('a vip walks every screen from the first without scrolling the grid: the true count, the next page asked for on the way, wrapping at the true end', async () => {
    vi.stubGlobal('IntersectionObserver', HiddenObserver);
    signIn(true);
    renderDetail();
    const dialog = await openViewer();
    expect(screen.getByText(`1 / ${TOTAL}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous screenshot' }).getAttribute('aria-disabled')).toBeNull();
    expect(previewCalls().map((body) => body?.page)).toEqual([1]);

    for (let n = 2; n <= TOTAL; n++) {
      press(dialog, 'ArrowRight');
      expect(await screen.findByRole('img', { name: `Screenshot ${n} of ${TOTAL} of Ledgerly` })).toBeTruthy();
      expect(screen.getByText(`${n} / ${TOTAL}`)).toBeTruthy();
    }
    // Page 2 was asked for once, by the viewer, and the grid has its screens too.
    expect(previewCalls().map((body) => body?.page)).toEqual([1, 2]);
    expect(tiles()).toHaveLength(TOTAL);

    // Next at the last screen of all wraps to the first; previous there back to the last (docs/product-spec.md §2).
    const next = screen.getByRole('button', { name: 'Next screenshot' });
    expect(next.getAttribute('aria-disabled')).toBeNull();
    press(dialog, 'ArrowRight');
    expect(screen.getByText(`1 / ${TOTAL}`)).toBeTruthy();
    press(dialog, 'ArrowLeft');
    expect(screen.getByText(`${TOTAL} / ${TOTAL}`)).toBeTruthy();
    fireEvent.click(next);
    expect(screen.getByText(`1 / ${TOTAL}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous screenshot' }));
    expect(screen.getByText(`${TOTAL} / ${TOTAL}`)).toBeTruthy();

    press(dialog, 'Home');
    expect(screen.getByText(`1 / ${TOTAL}`)).toBeTruthy();
    press(dialog, 'End');
    expect(screen.getByText(`${TOTAL} / ${TOTAL}`)).toBeTruthy();
    expect(screen.getByText(`Screen ${TOTAL} of ${TOTAL}`).getAttribute('aria-live')).toBe('polite');
  });

  it('End goes to the last screen at once: the place shows it is loading until its page is in', async () => {
    vi.stubGlobal('IntersectionObserver', HiddenObserver);
    signIn(true);
    renderDetail();
    const dialog = await openViewer();
    press(dialog, 'End');
    expect(screen.getByText(`${TOTAL} / ${TOTAL}`)).toBeTruthy();
    expect(await screen.findByRole('img', { name: `Screenshot ${TOTAL} of ${TOTAL} of Ledgerly` })).toBeTruthy();
    expect(previewCalls().map((body) => body?.page)).toEqual([1, 2]);
  });

  it('← from the first screen wraps to the last, not loaded yet: it shows it is loading, and its page comes through the grid’s query', async () => {
    vi.stubGlobal('IntersectionObserver', HiddenObserver);
    signIn(true);
    renderDetail();
    const dialog = await openViewer();
    press(dialog, 'ArrowLeft');
    expect(screen.getByText(`${TOTAL} / ${TOTAL}`)).toBeTruthy();
    expect(await screen.findByRole('img', { name: `Screenshot ${TOTAL} of ${TOTAL} of Ledgerly` })).toBeTruthy();
    expect(previewCalls().map((body) => body?.page)).toEqual([1, 2]);
    expect(tiles()).toHaveLength(TOTAL);
  });

  it('a regular member ends at the paywall step after the free screens, and is not asked to sign in', async () => {
    signIn(false);
    renderDetail();
    const dialog = await openViewer();
    expect(screen.getByText(`1 / ${TOTAL}`)).toBeTruthy();
    for (let n = 2; n <= 10; n++) press(dialog, 'ArrowRight');
    expect(screen.getByText(`10 / ${TOTAL}`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next screenshot' }));
    const offer = screen.getByRole('region', { name: `Subscribe to see all ${TOTAL} screens` });
    expect(offer.textContent).toContain(`${TOTAL - 10} more screens with a subscription`);
    expect(within(offer).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/sub');
    expect(within(offer).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getByText(`11–${TOTAL} / ${TOTAL}`)).toBeTruthy();
    expect(screen.getByText(`Screens 11 to ${TOTAL} are for subscribers`)).toBeTruthy();

    // The paywall is the end: → and the button stay there, nothing wraps to the first screen, nothing more is asked for.
    press(dialog, 'ArrowRight');
    expect(screen.getByRole('region', { name: `Subscribe to see all ${TOTAL} screens` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next screenshot' }).getAttribute('aria-disabled')).toBe('true');
    press(dialog, 'End');
    expect(screen.getByText(`11–${TOTAL} / ${TOTAL}`)).toBeTruthy();
    press(dialog, 'ArrowLeft');
    expect(screen.getByText(`10 / ${TOTAL}`)).toBeTruthy();
    // Nor does ← at the first screen wrap to the paywall step: the first is an end too.
    press(dialog, 'Home');
    press(dialog, 'ArrowLeft');
    expect(screen.getByText(`1 / ${TOTAL}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous screenshot' }).getAttribute('aria-disabled')).toBe('true');
    expect(previewCalls().map((body) => body?.page)).toEqual([1]);
  });

  it('a visitor’s paywall step also offers to log in, and comes back here', async () => {
    renderDetail();
    const dialog = await openViewer();
    press(dialog, 'End');
    const offer = screen.getByRole('region', { name: `Subscribe to see all ${TOTAL} screens` });
    expect(within(offer).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/detail/${ITEM.id}`)}`);
    expect(within(offer).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/sub');
  });
});

describe('the screen-category filter in the URL (issue 29)', () => {
  it('a link with ?type= filters at once, and the picker writes the URL', async () => {
    signIn(true);
    const router = renderDetail(`/detail/${ITEM.id}?type=27`);
    await waitFor(() => expect(previewCalls().length).toBeGreaterThan(0));
    expect(previewCalls()[0]).toMatchObject({ page: 1, group: [27] });
    expect(screen.getByRole('button', { name: 'Clear Screen category' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Screen category' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(previewCalls().some((body) => body?.group === undefined)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: /^Screen category/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=27'));
  });

  it('back and forward bring the filter with their entry', async () => {
    signIn(true);
    const router = renderDetail(`/detail/${ITEM.id}?type=27`);
    await waitFor(() => expect(previewCalls()[0]).toMatchObject({ group: [27] }));
    await act(() => router.navigate(`/detail/${ITEM.id}`));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear Screen category' })).toBeNull());
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Clear Screen category' })).toBeTruthy();
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear Screen category' })).toBeNull());
  });

  it('a regular reader’s link with ?type= shows every screen (the filter is for subscribers) and keeps the link as it is', async () => {
    signIn(false);
    const router = renderDetail(`/detail/${ITEM.id}?type=27`);
    await waitFor(() => expect(tiles()).toHaveLength(10));
    expect(previewCalls().every((body) => body?.group === undefined)).toBe(true);
    expect(router.state.location.search).toBe('?type=27');
  });
});
