import { isVip, STORAGE_KEYS, TOKEN_LIFETIME_MS, type MemberInfo, type SessionUser } from '@shotlib/contract';
import { create } from 'zustand';
import { isNumberArray, readJson, removeItem, writeJson } from './storage';

/** The token as kept in local storage (docs/product-spec.md §3): its value and when it stops being used. */
export type TokenRecord = { value: string; expire: number };

export type SessionState = {
  /** The signed-in user, or null when logged out. */
  user: SessionUser | null;
  /** Ids of the previews the user has collected. */
  collected: ReadonlySet<number>;
  authenticated: boolean;
  /**
   * Whether the session ended because the reader chose Log out in this tab (not an expired token, a 401 or another
   * tab); false again as soon as a session starts. A page that needs a login then goes home, where logging out
   * leads, instead of to Login (app/layout/require-auth.tsx).
   */
  loggedOutHere: boolean;
  /** Hold a new token (after a login) for TOKEN_LIFETIME_MS, before the member is fetched with it. */
  setToken: (token: string) => void;
  /** Store the member the server described; `token`, when given, is held as by setToken. */
  setUser: (info: MemberInfo, token?: string) => void;
  setCollected: (ids: Iterable<number>) => void;
  toggleCollected: (id: number, collected: boolean) => void;
  /** Clear token, user, collected set and the authenticated flag; `byReader` when the reader chose Log out here. */
  logout: (options?: { byReader?: boolean }) => void;
};

const isTokenRecord = (value: unknown): value is TokenRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TokenRecord).value === 'string' &&
  (value as TokenRecord).value !== '' &&
  typeof (value as TokenRecord).expire === 'number';

const isSessionUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionUser).id === 'number' &&
  typeof (value as SessionUser).email === 'string' &&
  typeof (value as SessionUser).nickname === 'string' &&
  typeof (value as SessionUser).avatar === 'string';

const readTokenRecord = (): TokenRecord | null =>
  readJson<TokenRecord | null>(STORAGE_KEYS.token, (v): v is TokenRecord | null => isTokenRecord(v), null);

/**
 * The held token, if any and not expired. A pure read (no clean-up), so it is safe during render;
 * route guarding uses it because "logged in" means "a token is held in local storage" (docs/product-spec.md §4).
 */
export function peekToken(now: number = Date.now()): string | null {
  const record = readTokenRecord();
  return record && record.expire > now ? record.value : null;
}

/**
 * The token for a request. Read after its expiry, the token is removed and the session reset (docs/product-spec.md §4).
 */
export function getToken(): string | null {
  const record = readTokenRecord();
  if (!record) return null;
  if (record.expire <= Date.now()) {
    useSessionStore.getState().logout();
    return null;
  }
  return record.value;
}

const loggedOut = { user: null, collected: new Set<number>(), authenticated: false, loggedOutHere: false } as const;

function clearStorage(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.user);
  removeItem(STORAGE_KEYS.collect);
  writeJson(STORAGE_KEYS.authenticated, false);
}

const readUser = (): SessionUser | null =>
  readJson<SessionUser | null>(STORAGE_KEYS.user, (v): v is SessionUser | null => isSessionUser(v), null);

/** The session as stored. Without a valid token nothing else counts, and stale data is removed. */
function hydrate(): Pick<SessionState, 'user' | 'collected' | 'authenticated' | 'loggedOutHere'> {
  const token = peekToken();
  if (!token) {
    if (readTokenRecord() || readUser()) clearStorage();
    return { ...loggedOut, collected: new Set() };
  }
  const stored = readUser();
  // vip is derived, never trusted from storage: the expiry may have passed since it was written.
  const user = stored && { ...stored, token, vip: isVip(stored.expired) };
  return {
    user,
    collected: new Set(user ? readJson(STORAGE_KEYS.collect, isNumberArray, []) : []),
    authenticated: user !== null,
    loggedOutHere: false,
  };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...hydrate(),

  setToken: (token) => {
    writeJson(STORAGE_KEYS.token, { value: token, expire: Date.now() + TOKEN_LIFETIME_MS } satisfies TokenRecord);
    const { user } = get();
    set(user ? { user: { ...user, token }, loggedOutHere: false } : { loggedOutHere: false });
  },

  setUser: (info, token) => {
    if (token) get().setToken(token);
    const user: SessionUser = {
      id: info.id,
      email: info.emailAddr,
      nickname: info.nickname,
      avatar: info.avatar,
      vip: isVip(info.expired),
      expired: info.expired,
      token: token ?? readTokenRecord()?.value ?? '',
      role: info.role,
    };
    writeJson(STORAGE_KEYS.user, user);
    writeJson(STORAGE_KEYS.authenticated, true);
    set({ user, authenticated: true, loggedOutHere: false });
  },

  setCollected: (ids) => {
    const collected = new Set(ids);
    writeJson(STORAGE_KEYS.collect, [...collected]);
    set({ collected });
  },

  toggleCollected: (id, collected) => {
    const next = new Set(get().collected);
    if (collected) next.add(id);
    else next.delete(id);
    writeJson(STORAGE_KEYS.collect, [...next]);
    set({ collected: next });
  },

  logout: ({ byReader = false } = {}) => {
    clearStorage();
    set({ ...loggedOut, collected: new Set(), loggedOutHere: byReader });
  },
}));

/** Whether the current user is a subscriber (false when logged out). */
export const useIsVip = (): boolean => useSessionStore((state) => state.user?.vip ?? false);

// Another tab logged in or out: follow it, so two tabs never disagree about who is signed in.
if (typeof window !== 'undefined') {
  const sessionKeys: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.collect];
  window.addEventListener('storage', (event) => {
    if (event.key === null || sessionKeys.includes(event.key)) useSessionStore.setState(hydrate());
  });
}
