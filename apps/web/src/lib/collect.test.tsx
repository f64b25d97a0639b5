import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CollectMessage } from '@shotlib/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/i18n';
import { useCollect } from './collect';
import { useSessionStore } from './session-store';
import { useToastStore } from './toast';

function CollectButton({ id }: { id: number }) {
  const { isCollected, toggle } = useCollect();
  return (
    <button type="button" aria-pressed={isCollected(id)} onClick={() => toggle(id)}>
      Collect
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/detail/:id', element: <CollectButton id={42} /> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const envelope = (code: number, message = 'ok', data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { 'content-type': 'application/json' } });

/** The server's answer to a toggle: the preview and whether it is now collected. */
function toggled(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const id = Number(String(input).split('/').pop());
  return Promise.resolve(envelope(0, 'ok', { id, collected: init?.method === 'PUT' }));
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(toggled);
  vi.stubGlobal('fetch', fetchMock);
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
});

function signIn() {
  useSessionStore.setState({
    user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip: false, expired: null, token: 't' },
    authenticated: true,
  });
}

describe('useCollect', () => {
  it('sends a visitor to Login with a redirect back, calling nothing', async () => {
    const router = renderAt('/detail/7?x=1');
    fireEvent.click(screen.getByRole('button', { name: 'Collect' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/detail/7?x=1')}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a member: PUT adds, DELETE removes, the collected set follows at once, with a Success toast', async () => {
    signIn();
    renderAt('/detail/7');
    const button = screen.getByRole('button', { name: 'Collect' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([init.method, url]).toEqual(['PUT', '/ui/c-api/v1/platform/preview/42']);
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Success'));

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((fetchMock.mock.calls[1] as [string, RequestInit])[1].method).toBe('DELETE');
    expect(useSessionStore.getState().collected.has(42)).toBe(false);
  });

  it('a refusal undoes the toggle and shows the server message', async () => {
    signIn();
    fetchMock.mockImplementation(() => Promise.resolve(envelope(1001, 'Collection is full.')));
    renderAt('/detail/7');
    const button = screen.getByRole('button', { name: 'Collect' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    await act(() => Promise.resolve());
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Collection is full.');
    expect(useSessionStore.getState().collected.has(42)).toBe(false);
  });

  it('says a refusal of the contract in the reader’s language, once', async () => {
    signIn();
    fetchMock.mockImplementation(() => Promise.resolve(envelope(1002, CollectMessage.limitReached)));
    await i18n.changeLanguage('zhTW');
    try {
      renderAt('/detail/7');
      fireEvent.click(screen.getByRole('button', { name: 'Collect' }));
      await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        type: 'error',
        message: '你已收藏 50 張介面，已達未訂閱會員的上限。訂閱後即可無限收藏。',
      });
      expect(useSessionStore.getState().collected.has(42)).toBe(false);
    } finally {
      await i18n.changeLanguage('enUS');
    }
  });

  it('a missing screenshot (404) is undone and explained', async () => {
    signIn();
    fetchMock.mockImplementation(() => Promise.resolve(envelope(404, CollectMessage.previewMissing, null, 404)));
    renderAt('/detail/7');
    fireEvent.click(screen.getByRole('button', { name: 'Collect' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['This screenshot no longer exists.']));
    expect(screen.getByRole('button', { name: 'Collect' }).getAttribute('aria-pressed')).toBe('false');
  });
});
