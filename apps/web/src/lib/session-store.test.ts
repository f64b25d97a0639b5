import { STORAGE_KEYS, TOKEN_LIFETIME_MS, type MemberInfo } from '@shotlib/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, peekToken, useSessionStore } from './session-store';

const NOW = new Date('2026-03-01T12:00:00Z');

const member = (expired: string | null): MemberInfo => ({
  id: 42,
  emailAddr: 'ada@example.com',
  nickname: 'Ada',
  avatar: 'avatars/ada.webp',
  expired,
  role: 'member',
  hasPassword: false,
  passwordResetUntil: null,
});

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useSessionStore.getState().logout();
});
afterEach(() => vi.useRealTimers());

describe('session store', () => {
  it('derives vip from the expiry date and maps emailAddr to email', () => {
    useSessionStore.getState().setUser(member('2026-03-02T00:00:00Z'), 'tok-1');
    const { user, authenticated } = useSessionStore.getState();
    expect(user).toMatchObject({ id: 42, email: 'ada@example.com', nickname: 'Ada', vip: true, token: 'tok-1' });
    expect(authenticated).toBe(true);

    useSessionStore.getState().setUser(member('2026-02-28T00:00:00Z'));
    expect(useSessionStore.getState().user?.vip).toBe(false);
    useSessionStore.getState().setUser(member(null));
    expect(useSessionStore.getState().user?.vip).toBe(false);
    // The token given at login is kept when the user is refreshed later.
    expect(useSessionStore.getState().user?.token).toBe('tok-1');
  });

  it('stores the token with its expiry and the user under the spec keys', () => {
    useSessionStore.getState().setUser(member(null), 'tok-1');
    expect(stored(STORAGE_KEYS.token)).toEqual({ value: 'tok-1', expire: NOW.getTime() + TOKEN_LIFETIME_MS });
    expect(stored(STORAGE_KEYS.user)).toMatchObject({ id: 42, email: 'ada@example.com' });
    expect(stored(STORAGE_KEYS.authenticated)).toBe(true);
  });

  it('removes a token read after its expiry and resets the user', () => {
    useSessionStore.getState().setUser(member(null), 'tok-1');
    useSessionStore.getState().setCollected([1, 2]);
    vi.setSystemTime(NOW.getTime() + TOKEN_LIFETIME_MS - 1);
    expect(getToken()).toBe('tok-1');

    vi.setSystemTime(NOW.getTime() + TOKEN_LIFETIME_MS);
    expect(peekToken()).toBeNull();
    // peekToken only looks; getToken cleans up.
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ user: null, authenticated: false });
    expect(useSessionStore.getState().collected.size).toBe(0);
  });

  it('logs out: token, user, collected set cleared and authenticated false', () => {
    useSessionStore.getState().setUser(member(null), 'tok-1');
    useSessionStore.getState().toggleCollected(5, true);
    expect(stored(STORAGE_KEYS.collect)).toEqual([5]);

    useSessionStore.getState().logout();
    expect(useSessionStore.getState()).toMatchObject({ user: null, authenticated: false });
    expect(useSessionStore.getState().collected.size).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.collect)).toBeNull();
    expect(stored(STORAGE_KEYS.authenticated)).toBe(false);
  });

  it('remembers that the reader logged out here until a session starts again (the guard then goes home)', () => {
    useSessionStore.getState().setUser(member(null), 'tok-1');
    expect(useSessionStore.getState().loggedOutHere).toBe(false);
    useSessionStore.getState().logout({ byReader: true });
    expect(useSessionStore.getState()).toMatchObject({ user: null, authenticated: false, loggedOutHere: true });
    useSessionStore.getState().setToken('tok-2');
    expect(useSessionStore.getState().loggedOutHere).toBe(false);

    useSessionStore.getState().setUser(member(null), 'tok-3');
    useSessionStore.getState().logout({ byReader: true });
    useSessionStore.getState().setUser(member(null), 'tok-4');
    expect(useSessionStore.getState().loggedOutHere).toBe(false);
    // An expired token or a 401 is not the reader's choice.
    useSessionStore.getState().logout();
    expect(useSessionStore.getState().loggedOutHere).toBe(false);
  });

  it('on load, re-derives vip rather than trusting the stored flag, and drops a stale session', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'tok-9', expire: NOW.getTime() + 1000 }));
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ id: 1, email: 'a@b.co', nickname: 'A', avatar: '', vip: true, expired: '2026-01-01T00:00:00Z', token: 'old' }),
    );
    localStorage.setItem(STORAGE_KEYS.collect, JSON.stringify([3]));
    vi.resetModules();
    const fresh = await import('./session-store');
    expect(fresh.useSessionStore.getState().user).toMatchObject({ vip: false, token: 'tok-9' });
    expect([...fresh.useSessionStore.getState().collected]).toEqual([3]);

    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'tok-9', expire: NOW.getTime() - 1 }));
    vi.resetModules();
    const expired = await import('./session-store');
    expect(expired.useSessionStore.getState()).toMatchObject({ user: null, authenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});
