import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { queryClient } from '../../lib/query-client';
import MineHomePage from './mine-home-page';

/** The profile's password part against a stubbed server whose answers the test sets. */
const MEMBER = { id: 7, emailAddr: 'ada@example.com', nickname: 'Ada', avatar: '', expired: null, role: 'member', hasPassword: true };
let resetUntil: string | null = null;
let putBodies: Record<string, unknown>[] = [];

function reply(data: unknown, code = 0, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace('/ui/c-api/v1', '');
  if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 'help@shotlib.test', google: false });
  if (path === '/member/info') return reply({ ...MEMBER, passwordResetUntil: resetUntil });
  if (path === '/member' && init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    putBodies.push(body);
    // The window closed on the server before the person pressed save.
    resetUntil = null;
    return reply(null, 1001, 'Enter your current password to set a new one.');
  }
  return reply(null, 404, 'Not Found');
}

beforeEach(() => {
  putBodies = [];
  vi.stubGlobal('fetch', vi.fn(server));
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

function renderProfile() {
  render(
    <QueryClientProvider client={queryClient}>
      <MineHomePage />
    </QueryClientProvider>,
  );
}

describe('the profile after a sign-in with an e-mailed code', () => {
  it('asks no current password while the reset window is open, and asks again once the server says it closed', async () => {
    resetUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    renderProfile();
    await screen.findByText(/you can choose a new password without the current one/);
    expect(screen.queryByLabelText('Current password')).toBeNull();

    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update profile' }));
    await waitFor(() => expect(putBodies).toEqual([{ password: 'new-pass-1' }]));
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
    expect(screen.getByText(/Setting a new password signs you out on your other devices/)).toBeTruthy();
  });

  it('asks for the current password when the session has no reset window', async () => {
    resetUntil = null;
    renderProfile();
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
  });
});
