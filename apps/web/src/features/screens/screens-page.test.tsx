import { LIMITS, PaywallMessage, ReplyCode, SCREEN_COUNT_CAP, SCREEN_PAGE_SIZE } from '@shotlib/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { useSessionStore } from '../../lib/session-store';
import { parseScreenFilters, withScreenFilters } from './screen-params';
import ScreensPage from './screens-page';

/**
 * The Screens view against a stubbed server: the filters become the request's fields and the URL's query, the
 * colour swatches are a keyboard-operable radio group, a screen opens the viewer naming and linking its app with
 * similar screens, and a regular reader's list ends at the paywall notice.
 */

const TREES: Record<string, unknown[]> = {
  '11': [{ id: 31, nameEn: 'Login', nameCn: '登录', nameTw: '登入', preId: 11, sort: 1, children: [] }],
  '7': [
    { id: 71, nameEn: 'Button', nameCn: '按钮', nameTw: '按鈕', preId: 7, sort: 1, children: [] },
    { id: 72, nameEn: 'Form', nameCn: '表单', nameTw: '表單', preId: 7, sort: 2, children: [] },
  ],
  '9': [{ id: 12, nameEn: 'Finance', nameCn: '金融', nameTw: '金融', preId: 9, sort: 1, children: [] }],
  '10': [{ id: 40, nameEn: 'CRM', nameCn: '客户管理', nameTw: '客戶管理', preId: 10, sort: 1, children: [] }],
};

const card = (id: number, itemId = 7, name = 'Ledgerly') => ({
  id,
  path: `shots/${itemId}/${id}.webp`,
  width: 390,
  height: 844,
  group: 31,
  elements: [71],
  colors: ['#0090ff'],
  item: { id: itemId, name, logo: `logos/${itemId}.webp`, kind: 'app' },
});

let bodies: Record<string, unknown>[] = [];
/** The screens of the list when the server counts them all. */
const TOTAL = 500;
/** Pages a regular caller may see; later ones are refused (1002). */
let freePages = Number.POSITIVE_INFINITY;
/** The server says more match than it counts (SCREEN_COUNT_CAP). */
let capped = false;

function reply(data: unknown, code = 0, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/ui/c-api/v1', '');
  if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 's@x.y', google: false });
  if (path === '/group/child') return reply({ arr: TREES[url.searchParams.get('preId') ?? ''] ?? [], total: 0 });
  if (path === '/screen') {
    const body = JSON.parse(String(init?.body)) as { page: number; pageSize: number };
    bodies.push(body);
    if (body.page > freePages) return reply(null, ReplyCode.vipRequired, PaywallMessage.screenPages);
    const from = (body.page - 1) * body.pageSize;
    // Capped: more match than counted, every page full; else 500 screens in all.
    const length = capped ? body.pageSize : Math.max(0, Math.min(body.pageSize, TOTAL - from));
    const arr = Array.from({ length }, (_, index) => card(1000 + from + index));
    return reply({ arr, total: capped ? SCREEN_COUNT_CAP : TOTAL, totalAtLeast: capped });
  }
  if (path === '/screen/1000/similar') return reply({ arr: [card(2001, 9, 'Paywise'), card(2002, 9, 'Paywise')], total: 2 });
  if (path.endsWith('/similar')) return reply({ arr: [], total: 0 });
  return reply(null, 404, 'Not Found');
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/screens', element: <ScreensPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastBody = () => bodies.at(-1);

beforeEach(() => {
  bodies = [];
  capped = false;
  freePages = Number.POSITIVE_INFINITY;
  vi.stubGlobal('fetch', vi.fn(server));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, authenticated: false });
});

/** Reports nothing: the end of the grid is never in view, so only the viewer asks for the next pages. */
class HiddenObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

describe('the Screens view', () => {
  it('asks for what the shared URL says, and puts each change of filter into the request and the URL', async () => {
    const router = renderAt('/screens?q=%E7%99%BB%E5%BD%95&type=31&color=blue');
    await screen.findAllByRole('button', { name: 'Open the Login screen of Ledgerly' });
    expect(lastBody()).toEqual({ page: 1, pageSize: SCREEN_PAGE_SIZE, rank: 'N', type: [31], color: 'blue', q: '登录' });
    expect(screen.getByText('500 screens for “登录”')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Apps' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ kind: 'app', type: [31], color: 'blue', q: '登录' }));

    // UI elements: chosen in the picker, applied after the debounce.
    fireEvent.click(screen.getByRole('button', { name: /^UI element/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Button' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Form' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ kind: 'app', element: [71, 72] }));
    expect(new URLSearchParams(router.state.location.search).get('element')).toBe('71,72');

    fireEvent.click(screen.getByRole('radio', { name: 'Green' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ color: 'green' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Trending' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ rank: 'H' }));

    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ q: '登录', type: '31', color: 'green', kind: 'app', element: '71,72', rank: 'H' });

    // B-end has its own category tree: its picker is the business one.
    fireEvent.click(screen.getByRole('button', { name: 'Business software' }));
    fireEvent.click(screen.getByRole('button', { name: /^Business software category/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'CRM' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ kind: 'b', group: [40] }));

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(lastBody()).toEqual({ page: 1, pageSize: SCREEN_PAGE_SIZE, rank: 'H' }));
    expect(router.state.location.search).toBe('?rank=H');
  });

  it('says “1,000+” when more screens match than the server counts', async () => {
    capped = true;
    renderAt('/screens?q=button');
    expect(await screen.findByText(`${SCREEN_COUNT_CAP.toLocaleString('en-US')}+ screens for “button”`)).toBeTruthy();
  });

  it('colour swatches: one Tab stop, the arrows, Home and End choose, “Any colour” clears', async () => {
    const router = renderAt('/screens');
    const group = await screen.findByRole('radiogroup', { name: 'Colour' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(13);
    expect(radios.filter((radio) => radio.tabIndex === 0).map((radio) => radio.getAttribute('aria-label'))).toEqual(['Any colour']);
    expect(radios[0]!.getAttribute('aria-checked')).toBe('true');

    fireEvent.keyDown(radios[0]!, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?color=red'));
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Red' }));
    expect(within(group).getByRole('radio', { name: 'Red' }).tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(router.state.location.search).toBe('?color=white'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Any colour' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.search).toBe('?color=white'));
    await waitFor(() => expect(lastBody()).toMatchObject({ color: 'white' }));
  });

  it('a screen opens the viewer, which names and links its app and shows similar screens that open in it', async () => {
    renderAt('/screens');
    const tiles = await screen.findAllByRole('button', { name: 'Open the Login screen of Ledgerly' });
    fireEvent.click(tiles[0]!);
    const viewer = await screen.findByRole('dialog', { name: 'Ledgerly' });
    expect(within(viewer).getByRole('link', { name: 'Ledgerly' }).getAttribute('href')).toBe('/detail/7');
    // The count is the list's true one, not the screens loaded (issue 29).
    expect(within(viewer).getByText(`1 / ${TOTAL}`)).toBeTruthy();

    const similar = within(viewer).getByRole('region', { name: 'Similar screens' });
    const others = await within(similar).findAllByRole('button', { name: 'Open the Login screen of Paywise' });
    expect(others).toHaveLength(2);
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText(`2 / ${TOTAL}`)).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });

    fireEvent.click((await within(similar).findAllByRole('button', { name: 'Open the Login screen of Paywise' }))[1]!);
    const moved = await screen.findByRole('dialog', { name: 'Paywise' });
    expect(within(moved).getByRole('link', { name: 'Paywise' }).getAttribute('href')).toBe('/detail/9');
    expect(within(moved).getByText('2 / 2')).toBeTruthy();

    fireEvent.keyDown(moved, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a subscriber’s viewer walks the whole list: ← at the first screen wraps to the last, its pages fetched through the list’s query', async () => {
    vi.stubGlobal('IntersectionObserver', HiddenObserver);
    useSessionStore.setState({
      user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip: true, expired: '2999-01-01T00:00:00Z', token: 't' },
      authenticated: true,
    });
    renderAt('/screens');
    const tiles = await screen.findAllByRole('button', { name: 'Open the Login screen of Ledgerly' });
    fireEvent.click(tiles[0]!);
    const viewer = await screen.findByRole('dialog', { name: 'Ledgerly' });
    expect(within(viewer).getByText(`1 / ${TOTAL}`)).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(within(viewer).getByText(`${TOTAL} / ${TOTAL}`)).toBeTruthy();
    expect(await within(viewer).findByRole('img', { name: `Screenshot ${TOTAL} of ${TOTAL} of Ledgerly` }, { timeout: 10_000 })).toBeTruthy();
    const pages = Math.ceil(TOTAL / SCREEN_PAGE_SIZE);
    expect(bodies.map((body) => body.page)).toEqual(Array.from({ length: pages }, (_, index) => index + 1));
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText(`1 / ${TOTAL}`)).toBeTruthy();
  });

  it('a regular reader’s viewer walks the screens they may open, then ends at the paywall step: no wrap', async () => {
    vi.stubGlobal('IntersectionObserver', HiddenObserver);
    freePages = LIMITS.regular.screenListMaxPage;
    const open = freePages * SCREEN_PAGE_SIZE;
    renderAt('/screens');
    const tiles = await screen.findAllByRole('button', { name: 'Open the Login screen of Ledgerly' });
    fireEvent.click(tiles[0]!);
    const viewer = await screen.findByRole('dialog', { name: 'Ledgerly' });
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(within(viewer).getByText(`1 / ${TOTAL}`)).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Previous screenshot' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(viewer, { key: 'End' });
    expect(within(viewer).getByText(`${open + 1}–${TOTAL} / ${TOTAL}`)).toBeTruthy();
    expect(within(viewer).getByRole('region', { name: `Subscribe to see all ${TOTAL} screens` })).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText(`${open + 1}–${TOTAL} / ${TOTAL}`)).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(await within(viewer).findByRole('img', { name: `Screenshot ${open} of ${TOTAL} of Ledgerly` })).toBeTruthy();
    // The open pages came through the list's query; the refused one was never asked for.
    expect(bodies.map((body) => body.page)).toEqual(Array.from({ length: freePages }, (_, index) => index + 1));
  });

  it('a regular reader’s list ends with the subscribe offer where the server refuses the next page', async () => {
    freePages = 1;
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    renderAt('/screens');
    await screen.findAllByRole('button', { name: 'Open the Login screen of Ledgerly' });
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    observers.at(-1)!([{ isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByText('Subscribe to browse every screen in the library.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/sub');
    expect(bodies.map((body) => body.page)).toEqual([1, 2]);
  });
});

describe('the Screens view’s URL', () => {
  it('reads only what it knows, and leaving or entering B-end drops the app categories', () => {
    const filters = parseScreenFilters(new URLSearchParams('kind=x&type=3,a,3,-1&element=5&group=9&color=mauve&rank=H'));
    expect(filters).toEqual({ kind: null, type: [3], element: [5], group: [9], color: null, theme: null, rank: 'H' });
    const current = new URLSearchParams('q=login&group=9&kind=app');
    expect(withScreenFilters(current, { kind: 'web' }).toString()).toBe('q=login&group=9&kind=web');
    expect(withScreenFilters(current, { kind: 'b' }).toString()).toBe('q=login&kind=b');
    expect(withScreenFilters(current, { color: 'blue', rank: 'H' }).toString()).toBe('q=login&group=9&kind=app&rank=H&color=blue');
  });
});
