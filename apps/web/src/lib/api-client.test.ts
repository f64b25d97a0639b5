import { REQUEST_TIMEOUT_MS, STORAGE_KEYS, TOKEN_LIFETIME_MS } from '@shotlib/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { api, ApiError } from './api-client';
import { setNavigator } from './navigation';
import { takeOver } from './take-over';
import { useSessionStore } from './session-store';
import { useToastStore } from './toast';

/** A reply's type (the calls name theirs from the contract: `Reply<typeof XSchema>`). */
type Named = { name: string };

/** The network, played by the test: the API client is the unit, fetch is its edge. */
const fetchMock = vi.fn<typeof fetch>();
const reply = (body: unknown, status = 200) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const toasts = () => useToastStore.getState().toasts.map(({ type, message }) => ({ type, message }));
const navigate = vi.fn();

function logIn() {
  useSessionStore
    .getState()
    .setUser({ id: 1, emailAddr: 'a@b.co', nickname: 'Ada', avatar: '', expired: null, role: 'member', hasPassword: false, passwordResetUntil: null }, 'tok-1');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  useToastStore.setState({ toasts: [] });
  useSessionStore.getState().logout();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
  navigate.mockReset();
  window.history.replaceState(null, '', '/');
});

describe('api client', () => {
  it('returns the parsed data of a code 0 reply, sending the token and the query', async () => {
    logIn();
    reply({ code: 0, message: 'ok', data: { name: 'Linear' } });
    await expect(api.get<Named>('/platform/3', { query: { lang: 'zhCN', group: [1, 2], skip: undefined } })).resolves.toEqual({
      name: 'Linear',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/ui/c-api/v1/platform/3?lang=zhCN&group=1%2C2');
    expect(new Headers(init?.headers).get('Authorization')).toBe('tok-1');
    expect(toasts()).toEqual([]);
  });

  it('fetches a private file with the session and gives its bytes; a refusal of it comes as an envelope and is told', async () => {
    logIn();
    fetchMock.mockResolvedValueOnce(new Response('%PDF-1.4 bytes', { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await api.file('/portfolio/7/pdf');
    expect(await blob.text()).toBe('%PDF-1.4 bytes');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('tok-1');
    expect(toasts()).toEqual([]);

    reply({ code: 404, message: 'Portfolio request not found.', data: null }, 404);
    await expect(api.file('/portfolio/8/pdf')).rejects.toMatchObject({ kind: 'reply', code: 404 });
    expect(toasts()).toEqual([{ type: 'error', message: 'Portfolio request not found.' }]);
  });

  it('starts a request asked for while the app takes over the server’s page in a later task, not in that one', async () => {
    reply({ code: 0, message: 'ok', data: { name: 'Linear' } });
    reply({ code: 0, message: 'ok', data: { name: 'Notion' } });
    let asked: Promise<Named> | undefined;
    takeOver(() => {
      asked = api.get<Named>('/platform/3');
      expect(fetchMock).not.toHaveBeenCalled();
    });
    // Effects run after the render, in the same task: their requests wait too.
    const { afterRender } = await Promise.resolve().then(() => ({ afterRender: api.get<Named>('/platform/5') }));
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(asked).resolves.toEqual({ name: 'Linear' });
    await expect(afterRender).resolves.toEqual({ name: 'Notion' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Outside a take-over it starts at once.
    reply({ code: 0, message: 'ok', data: { name: 'Figma' } });
    const now = api.get<Named>('/platform/4');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(now).resolves.toEqual({ name: 'Figma' });
  });

  it('sends JSON bodies and no Authorization header without a token', async () => {
    reply({ code: 0, message: '', data: { name: 'x' } });
    await api.post<Named>('/platform', { page: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"page":1}');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('rejects a code ≠ 0 reply and shows its message as an error toast', async () => {
    reply({ code: 1002, message: 'Subscribe to see every screen.', data: null });
    const error = await api.get<Named>('/platform/3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'reply', code: 1002, message: 'Subscribe to see every screen.' });
    expect(toasts()).toEqual([{ type: 'error', message: 'Subscribe to see every screen.' }]);
  });

  it('stays silent on a code ≠ 0 reply when asked (list calls)', async () => {
    reply({ code: 1001, message: 'Page limit reached', data: null });
    await expect(api.post<Named>('/platform', {}, { silent: true })).rejects.toMatchObject({ kind: 'reply' });
    expect(toasts()).toEqual([]);
  });

  it('on 401 clears the session and goes to Login with the current path', async () => {
    logIn();
    useSessionStore.getState().setCollected([7]);
    window.history.replaceState(null, '', '/collect?page=2#top');
    reply({ code: 401, message: 'Unauthorized', data: null }, 401);

    await expect(api.get<Named>('/platform/fav')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(useSessionStore.getState()).toMatchObject({ user: null, authenticated: false });
    expect(useSessionStore.getState().collected.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledOnce();
    expect(navigate.mock.calls[0]?.[0]).toBe(`/login?redirect=${encodeURIComponent('/collect?page=2#top')}`);
    expect(toasts()).toEqual([]);
  });

  it("shows 'Internal Server Error' on a 5xx", async () => {
    fetchMock.mockResolvedValueOnce(new Response('upstream failed', { status: 502 }));
    await expect(api.get<Named>('/grade')).rejects.toMatchObject({ kind: 'server', status: 502 });
    expect(toasts()).toEqual([{ type: 'error', message: 'Internal Server Error' }]);
  });

  it("shows 'Network Error' when no reply comes", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get<Named>('/grade')).rejects.toMatchObject({ kind: 'network' });
    expect(toasts()).toEqual([{ type: 'error', message: 'Network Error' }]);
  });

  it("gives up after the 30 s time-out with 'Network Error'", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get<Named>('/grade').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'network' });
    expect(toasts().map((t) => t.message)).toEqual(['Network Error']);
  });

  it('tells nobody when the caller cancels', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get<Named>('/grade', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(toasts()).toEqual([]);
  });

  it('passes the data of a code 0 reply on as it came: replies are checked by the server, not parsed again here', async () => {
    reply({ code: 0, message: '', data: { name: 5, extra: true } });
    await expect(api.get<Named>('/platform/3')).resolves.toEqual({ name: 5, extra: true });
    expect(toasts()).toEqual([]);
  });

  it('removes an expired token instead of sending it', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'old', expire: Date.now() - TOKEN_LIFETIME_MS }));
    reply({ code: 0, message: '', data: { name: 'x' } });
    await api.get<Named>('/grade');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
