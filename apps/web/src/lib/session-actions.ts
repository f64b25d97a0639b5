import { type EmptySchema } from '@shotlib/contract';
import { api, type Reply } from './api-client';
import { completePendingCollect } from './collect';
import { memberInfoQueryOptions, refreshSessionUser } from './member-info';
import { queryClient } from './query-client';
import { peekToken, useSessionStore } from './session-store';

/** What every cached answer may depend on: who is asking (vip paging, collected ids, the profile). */
function forgetPerUserData(): void {
  queryClient.removeQueries({ queryKey: ['member'] });
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
}

/**
 * After any login (code, password, Google): hold the token, load the member with it, store it.
 * If the member cannot be loaded the token is dropped again, so no half-signed-in state remains.
 */
export async function completeSignIn(token: string): Promise<void> {
  const session = useSessionStore.getState();
  session.setToken(token);
  try {
    queryClient.removeQueries({ queryKey: memberInfoQueryOptions.queryKey });
    await refreshSessionUser();
  } catch (error) {
    useSessionStore.getState().logout();
    throw error;
  }
  forgetPerUserData();
  await completePendingCollect(queryClient);
}

/**
 * Log out (docs/product-spec.md §2, §4): revoke the session on the server (`POST /logout`), then clear the local
 * session whatever the answer, so a lost connection never keeps someone signed in on this device. The session is
 * marked as ended by the reader, so a page that needs a login sends them home with the caller, not to Login.
 */
export async function logOut(): Promise<void> {
  try {
    await api.post<Reply<typeof EmptySchema>>('/logout', undefined, { silent: true });
  } catch {
    // The local session ends anyway; the server's expires on its own.
  }
  useSessionStore.getState().logout({ byReader: true });
  forgetPerUserData();
}

/**
 * When the app starts with a token held: load the member it belongs to (`GET /member/info`) and
 * store it. The stored user may be missing (only the token survived) or stale (a renewal, a new
 * nickname in another browser); the token alone is what "signed in" means, so header, guard and
 * pages agree. A 401 ends the session (the API client); any other failure keeps what is stored.
 */
export async function restoreSession(): Promise<void> {
  if (!peekToken()) return;
  try {
    await refreshSessionUser();
  } catch {
    // Handled above: the API client has said what went wrong, where it says anything.
  }
}
