import { STORAGE_KEYS, TOKEN_LIFETIME_MS } from '@shotlib/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { queryClient } from '../lib/query-client';
import { paths, type RouteName } from '../lib/routes';
import { useSessionStore } from '../lib/session-store';
import { AppProviders } from './providers';
import { appRoutes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function holdToken(expire: number) {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'tok-1', expire }));
}

describe('route table', () => {
  it('registers every route of the spec under its name', () => {
    const concrete = (path: string) => path.replace(':id', '7').replace(':grade', '2');
    for (const [name, path] of Object.entries(paths) as [RouteName, string][]) {
      const matches = matchRoutes(appRoutes, concrete(path));
      expect(matches?.at(-1)?.route.id, path).toBe(name);
    }
  });

  it('sends any other path to /app', async () => {
    const router = renderAt('/no/such/page?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });
});

describe('navigation guard', () => {
  it.each([
    ['/collect', '/collect'],
    ['/mine/sub', '/mine/sub'],
    ['/cfm/2?way=wechat#pay', '/cfm/2?way=wechat#pay'],
  ])('without a token, %s goes to Login with the full path in redirect', async (path, expected) => {
    const router = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(expected)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
  });

  it('with a valid token, renders the protected page', async () => {
    holdToken(Date.now() + TOKEN_LIFETIME_MS);
    const router = renderAt('/mine/sub');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Subscription' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscription' }).getAttribute('aria-current')).toBe('page');
    expect(router.state.location.pathname).toBe('/mine/sub');
  });

  it('treats an expired token as none, removing it and resetting the user', async () => {
    holdToken(Date.now() - 1);
    useSessionStore.setState({ authenticated: true });
    const router = renderAt('/collect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(useSessionStore.getState().authenticated).toBe(false);
  });

  it('leaves public routes open', async () => {
    const router = renderAt('/sub');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlock the whole library' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sub');
  });
});

describe('logging out', () => {
  const MEMBER = { id: 7, emailAddr: 'ada@example.com', nickname: 'Ada', avatar: '', expired: null, role: 'member', hasPassword: true, passwordResetUntil: null } as const;
  const calls: string[] = [];

  /** The server, played by the test: the session's calls answer; the pages' own lists never do (not needed here). */
  function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const path = new URL(String(input), 'http://localhost').pathname.replace('/ui/c-api/v1', '');
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const reply = (data: unknown) =>
      Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data }), { headers: { 'content-type': 'application/json' } }));
    if (path === '/logout') return reply(null);
    if (path === '/member/info') return reply(MEMBER);
    if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 'help@shotlib.test', google: false });
    return new Promise(() => {});
  }

  function signedInAt(path: string) {
    vi.stubGlobal('fetch', vi.fn(server));
    holdToken(Date.now() + TOKEN_LIFETIME_MS);
    useSessionStore.getState().setUser(MEMBER);
    return renderAt(path);
  }

  async function logOutFromMenu() {
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(calls).toContain('POST /logout'));
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    calls.length = 0;
  });

  // On a page that needs a login, the guard sees the session end while the menu's way home is still loading (the
  // page's code): it must not send the reader to Login instead (docs/decisions/035).
  it.each(['/mine', '/mine/sub', '/collect', '/app'])('from %s goes home, not to Login', async (path) => {
    const router = signedInAt(path);
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await logOutFromMenu();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('link', { name: 'Log in / Sign up' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // No redirect to Login arrives late either.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/');
    expect(visited.filter((where) => where.startsWith('/login'))).toEqual([]);
  });

  it('then opening a page that needs a login still goes to Login with it in redirect', async () => {
    const router = signedInAt('/mine');
    await logOutFromMenu();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate('/collect?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/collect?page=2')}`);
  });

  it('a session that ends otherwise on such a page (expired, refused, another tab) still goes to Login', async () => {
    const router = signedInAt('/mine/sub');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    useSessionStore.getState().logout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/mine/sub')}`);
  });
});
