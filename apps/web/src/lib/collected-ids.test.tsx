import { STORAGE_KEYS } from '@shotlib/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { COLLECT_MUTATION_KEY, completePendingCollect, setCollected } from './collect';
import { useCollectedIdsSync } from './collected-ids';
import { useSessionStore } from './session-store';

function Sync() {
  const ready = useCollectedIdsSync();
  return <p>{ready ? 'ready' : 'waiting'}</p>;
}

const reply = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

let client: QueryClient;
let idsOnServer: Record<number, number[]>;
let fetchMock: ReturnType<typeof vi.fn>;
/** Resolves the next ids reply when called (set by a test that holds the reply back). */
let release: (() => void) | null = null;

function signIn(id: number) {
  useSessionStore.setState({
    user: { id, email: `m${id}@b.c`, nickname: 'Ann', avatar: '', vip: false, expired: null, token: `t${id}` },
    authenticated: true,
  });
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  idsOnServer = { 1: [30, 20, 10], 2: [99] };
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/platform/fav/ids')) {
      if (release === null) {
        const token = new Headers(init?.headers).get('Authorization') ?? '';
        const member = Number(token.replace('t', ''));
        const arr = idsOnServer[member] ?? [];
        return reply({ arr, total: arr.length });
      }
      await new Promise<void>((resolve) => {
        const go = release!;
        release = () => {
          go();
          resolve();
        };
      });
      return reply({ arr: [30, 20, 10], total: 3 });
    }
    const id = Number(url.split('/').pop());
    return reply({ id, collected: init?.method === 'PUT' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  release = null;
  localStorage.clear();
  useSessionStore.setState({ user: null, authenticated: false, collected: new Set() });
});

const holdToken = (id: number) =>
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: `t${id}`, expire: Date.now() + 60_000 }));

function mount() {
  return render(
    <QueryClientProvider client={client}>
      <Sync />
    </QueryClientProvider>,
  );
}

describe('useCollectedIdsSync', () => {
  it('fills the collected set (and local storage) from the server for the signed-in member', async () => {
    holdToken(1);
    signIn(1);
    const view = mount();
    await waitFor(() => expect(view.getByText('ready')).toBeTruthy());
    expect([...useSessionStore.getState().collected]).toEqual([30, 20, 10]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.collect) ?? '[]')).toEqual([30, 20, 10]);
  });

  it('asks nothing for a visitor', async () => {
    const view = mount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(view.getByText('waiting')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the set again when another member signs in', async () => {
    holdToken(1);
    signIn(1);
    const view = mount();
    await waitFor(() => expect(view.getByText('ready')).toBeTruthy());
    holdToken(2);
    act(() => signIn(2));
    await waitFor(() => expect([...useSessionStore.getState().collected]).toEqual([99]));
  });

  it('keeps a toggle made while the set was loading', async () => {
    holdToken(1);
    signIn(1);
    release = () => {};
    const view = mount();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // While the ids are on their way, the member removes 20 and adds 40 (both still pending).
    let finish: () => void = () => {};
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const pending = (id: number, collect: boolean) =>
      client
        .getMutationCache()
        .build(client, { mutationKey: COLLECT_MUTATION_KEY, mutationFn: async () => (await slow, setCollected(id, collect)) })
        .execute({ id, collect });
    const toggles = [pending(20, false), pending(40, true)];
    act(() => release!());
    await waitFor(() => expect(view.getByText('ready')).toBeTruthy());
    expect([...useSessionStore.getState().collected].sort()).toEqual([10, 30, 40]);
    finish();
    await Promise.all(toggles);
  });

  it('keeps the collect that sent a visitor to sign in, though the ids load began before it', async () => {
    // Pressed Collect on screen 40 as a visitor, then signed in: the sign-in starts the ids load…
    sessionStorage.setItem('pendingCollect', JSON.stringify({ id: 40, at: Date.now() }));
    holdToken(1);
    signIn(1);
    release = () => {};
    const view = mount();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const stale = release!;
    // …the pending collect is sent and stored on the server before that load answers…
    idsOnServer[1] = [40, 30, 20, 10];
    release = null;
    const done = completePendingCollect(client);
    await waitFor(() => expect(useSessionStore.getState().collected.has(40)).toBe(true));
    // …and the load that began earlier, answering with the old set, does not take it away.
    act(() => stale());
    await done;
    await waitFor(() => expect(view.getByText('ready')).toBeTruthy());
    expect([...useSessionStore.getState().collected].sort()).toEqual([10, 20, 30, 40]);
  });
});
