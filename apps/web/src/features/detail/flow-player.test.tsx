import { flowLink } from '@shotlib/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { useSessionStore } from '../../lib/session-store';
import DetailPage from './detail-page';

/**
 * The flow player on the detail page, with a stubbed server that answers as the entitlement table says: a regular
 * caller gets the first 3 of 5 steps and `locked`, a vip all 5. Deep link, keyboard, clamping, locked steps, close.
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
  flows: 1,
  publishedAt: '2026-01-01T00:00:00.000Z',
};
const shot = (n: number) => ({ id: 100 + n, path: `shots/7/${n}.webp`, width: 390, height: 844, group: null });
const step = (n: number) => ({ position: n, preview: shot(n), caption: `Caption ${n}`, captionCn: `说明 ${n}` });
const CARD = {
  id: 31,
  item: { id: ITEM.id, name: ITEM.name, logo: ITEM.logo, kind: 'app' },
  type: null,
  name: 'Sign-up',
  stepCount: 5,
  cover: [shot(1), shot(2), shot(3)],
  publishedAt: '2026-01-01T00:00:00.000Z',
};

let vipCaller = false;
/** How many first steps a regular caller is sent (those before the flow's first locked screen). */
let freeSteps = 3;

function reply(data: unknown, code = 0, message = 'ok') {
  return new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

function server(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/ui/c-api/v1', '');
  if (path === '/config') return Promise.resolve(reply({ mediaBase: '/media', supportEmail: 's@x.y', google: false }));
  if (path === '/group/child') return Promise.resolve(reply({ arr: [], total: 0 }));
  if (path === `/platform/${ITEM.id}`) return Promise.resolve(reply(ITEM));
  if (path === '/platform/app') return Promise.resolve(reply({ arr: [shot(1)], total: 1 }));
  if (path === '/flow') return Promise.resolve(reply({ arr: [CARD], total: 1 }));
  if (path === '/flow/fav/ids') return Promise.resolve(reply({ arr: [], total: 0 }));
  if (path === `/flow/${CARD.id}`) {
    const steps = [1, 2, 3, 4, 5].filter((n) => vipCaller || n <= freeSteps).map(step);
    return Promise.resolve(reply({ ...CARD, steps, locked: !vipCaller }));
  }
  return Promise.resolve(reply(null, 404, 'Not Found'));
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/detail/:id', element: <DetailPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const player = () => screen.getByRole('dialog', { name: 'Sign-up' });
const search = (router: ReturnType<typeof renderAt>) => router.state.location.search;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(server));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vipCaller = false;
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
});

describe('flow player', () => {
  it('opens at the deep link’s step; the arrows, Home and End move it and the URL follows', async () => {
    vipCaller = true;
    useSessionStore.setState({
      user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip: true, expired: '2999-01-01T00:00:00Z', token: 't' },
      authenticated: true,
    });
    const router = renderAt(flowLink(ITEM.id, CARD.id, 2));
    await screen.findByRole('dialog', { name: 'Sign-up' });
    expect(within(player()).getByText('2 / 5')).toBeTruthy();
    expect(within(player()).getByText('Caption 2')).toBeTruthy();
    const strip = within(player()).getByRole('navigation', { name: 'Steps' });
    expect(within(strip).getAllByRole('button')).toHaveLength(5);
    expect(within(strip).getByRole('button', { name: 'Step 2: Caption 2' }).getAttribute('aria-current')).toBe('step');

    fireEvent.keyDown(player(), { key: 'ArrowRight' });
    await waitFor(() => expect(search(router)).toBe('?flow=31&step=3'));
    expect(within(player()).getByText('3 / 5')).toBeTruthy();
    fireEvent.keyDown(player(), { key: 'End' });
    await waitFor(() => expect(search(router)).toBe('?flow=31&step=5'));
    expect(within(player()).getByText('Caption 5')).toBeTruthy();
    fireEvent.keyDown(player(), { key: 'ArrowRight' });
    expect(search(router)).toBe('?flow=31&step=5');
    fireEvent.keyDown(player(), { key: 'Home' });
    await waitFor(() => expect(search(router)).toBe('?flow=31&step=1'));
    fireEvent.keyDown(player(), { key: 'ArrowLeft' });
    expect(search(router)).toBe('?flow=31&step=1');
    expect(within(player()).getByRole('button', { name: 'Previous step' })).toHaveProperty('disabled', true);

    fireEvent.keyDown(player(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(search(router)).toBe('');
    expect(router.state.location.pathname).toBe(`/detail/${ITEM.id}`);
  });

  it('clamps a step out of range, in the URL too', async () => {
    const router = renderAt(flowLink(ITEM.id, CARD.id, 99));
    await screen.findByRole('dialog', { name: 'Sign-up' });
    await waitFor(() => expect(search(router)).toBe('?flow=31&step=5'));
    expect(within(player()).getByText('5 / 5')).toBeTruthy();
  });

  it('shows a regular caller the free steps, the rest locked, and past them the subscription and sign-in', async () => {
    const router = renderAt(flowLink(ITEM.id, CARD.id, 3));
    await screen.findByRole('dialog', { name: 'Sign-up' });
    const strip = within(player()).getByRole('navigation', { name: 'Steps' });
    expect(within(strip).getAllByRole('button', { name: /for subscribers$/ })).toHaveLength(2);
    expect(within(player()).queryByRole('heading', { name: 'See the whole flow' })).toBeNull();

    fireEvent.keyDown(player(), { key: 'ArrowRight' });
    await waitFor(() => expect(search(router)).toBe('?flow=31&step=4'));
    expect(within(player()).getByText('4 / 5')).toBeTruthy();
    expect(within(player()).getByRole('heading', { name: 'See the whole flow' })).toBeTruthy();
    expect(within(player()).getByText(/This flow has 5 steps; the first 3 are free/)).toBeTruthy();
    expect(within(player()).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/sub');
    expect(within(player()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/detail/${ITEM.id}?flow=31&step=4`)}`,
    );
  });

  it('offers the subscription from the first step when the flow’s first screen is locked', async () => {
    freeSteps = 0;
    try {
      renderAt(flowLink(ITEM.id, CARD.id, 1));
      await screen.findByRole('dialog', { name: 'Sign-up' });
      expect(within(player()).getByText('1 / 5')).toBeTruthy();
      expect(await within(player()).findByRole('heading', { name: 'See the whole flow' })).toBeTruthy();
      expect(within(player()).getByText('This flow has 5 steps, all for subscribers. Subscribe to play every step of every flow.')).toBeTruthy();
      const strip = within(player()).getByRole('navigation', { name: 'Steps' });
      expect(within(strip).getAllByRole('button', { name: /for subscribers$/ })).toHaveLength(5);
    } finally {
      freeSteps = 3;
    }
  });

  it('lists the item’s flows as cards that open the player', async () => {
    renderAt(`/detail/${ITEM.id}`);
    const link = await screen.findByRole('link', { name: /^Sign-up/ });
    expect(link.getAttribute('href')).toBe(flowLink(ITEM.id, CARD.id));
    expect(screen.getByRole('heading', { level: 2, name: /^Flows/ })).toBeTruthy();
    expect(screen.getByText('5 steps')).toBeTruthy();
  });
});
