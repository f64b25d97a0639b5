import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { publicConfigQueryOptions } from '../../lib/public-config';
import { createQueryClient } from '../../lib/query-client';
import LoginPage from './login-page';

/** The server as the login page meets it: its configuration (Google on or off) and the avatar strip. */
function serve(google: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/ui/c-api/v1', '');
      const data = path === '/config' ? { mediaBase: '/media', supportEmail: 'help@shotlib.test', google } : path === '/platform/nu' ? { avatars: [] } : null;
      return new Response(JSON.stringify({ code: data ? 0 : 404, message: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('the login page and Google sign-in', () => {
  it('offers Google, with the "or" divider, when the server has it configured', async () => {
    serve(true);
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByText('or')).toBeTruthy();
  });

  it('shows no Google button and no divider when it is not configured', async () => {
    const client = serve(false);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    // Once the configuration has arrived, nothing of Google appears.
    await waitFor(() => expect(client.getQueryState(publicConfigQueryOptions.queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
