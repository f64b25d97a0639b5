import type { Order } from '@shotlib/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/i18n';
import { useSessionStore } from '../../lib/session-store';
import MineSubPage from './mine-sub-page';

/** Issue 29.4: each order reads what became of it, as the server names it (decision 051). */

const order = (tno: string, status: number, state: Order['state']): Order => ({
  grade: 3,
  createTime: '2026-03-01T10:00:00.000Z',
  status,
  state,
  tno,
  way: 'paypal',
  amount: 499,
  currency: 'USD',
  paidTime: state === 'paid' || state === 'refunded' ? '2026-03-01T10:01:00.000Z' : null,
  renewal: false,
});

const ORDERS = [order('T1', 0, 'unpaid'), order('T2', 1, 'paid'), order('T3', 2, 'failed'), order('T4', 2, 'expired'), order('T5', 3, 'refunded')];

function server(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace('/ui/c-api/v1', '');
  const data =
    path === '/order'
      ? { arr: ORDERS, total: ORDERS.length }
      : path === '/subscription'
        ? { expired: null, vip: false, subscription: null }
        : path === '/config'
          ? { mediaBase: '/media', supportEmail: 'help@shotlib.test', google: false }
          : null;
  return Promise.resolve(new Response(JSON.stringify({ code: data ? 0 : 404, message: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(server));
  useSessionStore.setState({ user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip: false, expired: null, token: 't' }, authenticated: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
  await i18n.changeLanguage('enUS');
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/mine/sub', element: <MineSubPage /> }], { initialEntries: ['/mine/sub'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the order history', () => {
  it('reads Unpaid, Paid, Failed, Expired and Refunded, never Subscribed for an order', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const statusOf = (row: number) => within(table).getAllByRole('row')[row + 1]!.lastElementChild!.textContent;
    expect(statusOf(0)).toBe('UnpaidAwaiting payment');
    expect(statusOf(1)).toBe('Paid');
    expect(statusOf(2)).toBe('FailedThe payment did not go through');
    expect(statusOf(3)).toBe('ExpiredNot paid within 48 hours');
    expect(statusOf(4)).toBe('Refunded');
    expect(table.textContent).not.toContain('Subscribed');
  });

  it('says the same in Chinese', async () => {
    await i18n.changeLanguage('zhCN');
    renderPage();
    const table = await screen.findByRole('table');
    for (const word of ['待支付', '已支付', '支付失败', '已过期', '已退款']) expect(table.textContent).toContain(word);
  });
});
