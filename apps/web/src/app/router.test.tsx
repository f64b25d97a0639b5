import { STORAGE_KEYS, TOKEN_LIFETIME_MS } from '@shotlib/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
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
