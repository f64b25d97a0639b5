import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BoardMessage } from '@shotlib/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { useToastStore } from '../lib/toast';
import { SaveToBoard } from './save-to-board';

const envelope = (code: number, message = 'ok', data: unknown = null) =>
  new Response(JSON.stringify({ code, message, data }), { status: 200, headers: { 'content-type': 'application/json' } });

const board = (id: number, name: string, contains: boolean) => ({
  id,
  name,
  screens: contains ? 1 : 0,
  flows: 0,
  cover: [],
  shareToken: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  contains,
});

let boards = [board(1, 'Onboarding', true), board(2, 'Checkout', false)];
let calls: { method: string; url: string; body?: string }[] = [];

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
  if (method === 'GET' && url.includes('/boards?screen=42')) return Promise.resolve(envelope(0, 'ok', { arr: boards, total: boards.length }));
  if (method === 'POST' && url.endsWith('/boards')) {
    if (boards.length >= 3) return Promise.resolve(envelope(1002, BoardMessage.limitReached));
    const made = board(9, JSON.parse(String(init?.body)).name as string, false);
    boards = [made, ...boards];
    return Promise.resolve(envelope(0, 'ok', made));
  }
  const entry = /\/boards\/(\d+)\/screens\/(\d+)$/.exec(url);
  if (entry) {
    const [boardId, id] = [Number(entry[1]), Number(entry[2])];
    boards = boards.map((b) => (b.id === boardId ? { ...b, contains: method === 'PUT' } : b));
    return Promise.resolve(envelope(0, 'ok', { boardId, id, onBoard: method === 'PUT', collected: true }));
  }
  return Promise.resolve(envelope(404, 'Not Found'));
}

function renderMenu() {
  const router = createMemoryRouter(
    [
      { path: '/detail/:id', element: <SaveToBoard id="test-save" target={{ kind: 'screen', id: 42 }} /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/detail/7'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function signIn() {
  useSessionStore.setState({
    user: { id: 1, email: 'a@b.c', nickname: 'Ann', avatar: '', vip: false, expired: null, token: 't' },
    authenticated: true,
  });
}

beforeEach(() => {
  boards = [board(1, 'Onboarding', true), board(2, 'Checkout', false)];
  calls = [];
  vi.stubGlobal('fetch', vi.fn(server));
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
});

describe('Save to board', () => {
  it('lists the boards with a checkmark on those holding the screen, moves by arrows, and puts it on a board on Enter', async () => {
    signIn();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Save to board: this screen' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/boards?screen=42'))).toBe(true));
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const items = await screen.findAllByRole('menuitemcheckbox');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['Onboarding', 'true'],
      ['Checkout', 'false'],
    ]);
    expect(screen.getByRole('menuitem', { name: 'New board…' })).toBeTruthy();
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getAllByRole('menuitemcheckbox')[1]);
    fireEvent.click(document.activeElement!);
    // The menu closes, focus returns to the trigger, the screen goes on the board.
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/boards/2/screens/42'))).toBe(true));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('Saved to Checkout'));
    expect(useSessionStore.getState().collected.has(42)).toBe(true);
    // Choosing a checked board takes the screen off it.
    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Onboarding' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/boards/1/screens/42'))).toBe(true));
  });

  it('makes a new board from the menu and saves the screen to it; Esc on the form returns to the trigger', async () => {
    signIn();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Save to board: this screen' });
    fireEvent.click(trigger);
    const newItem = await screen.findByRole('menuitem', { name: 'New board…' });
    fireEvent.click(newItem);
    const input = screen.getByRole('textbox', { name: 'Board name' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Board name' })).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New board…' }));
    // An empty name is refused in the form, as the server would.
    fireEvent.click(screen.getByRole('button', { name: 'Create and save' }));
    expect(await screen.findByText('Name your board.')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Board name' }), { target: { value: '  Paywalls  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/boards/9/screens/42'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toBe(JSON.stringify({ name: 'Paywalls' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Board name' })).toBeNull());
  });

  it('tells the board limit in the reader’s language and keeps the form', async () => {
    signIn();
    boards = [board(1, 'A', false), board(2, 'B', false), board(3, 'C', false)];
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Save to board: this screen' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'New board…' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Board name' }), { target: { value: 'D' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and save' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('You have 3 boards, the most without a subscription. Subscribe to make more.'),
    );
    expect(screen.getByRole('textbox', { name: 'Board name' })).toBeTruthy();
  });

  it('sends a visitor to sign in and back', async () => {
    const router = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Save to board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdetail%2F7');
    expect(calls).toEqual([]);
  });
});
