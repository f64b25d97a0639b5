import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath, pathTo } from '../../lib/routes';
import { getToken, peekToken, useSessionStore } from '../../lib/session-store';

/**
 * The navigation guard (docs/product-spec.md §2): the routes under it need a token in local storage. Without one
 * the visitor goes to Login, carrying the full intended path (pathname, query and hash) in
 * `redirect`. A layout component rather than a loader because loaders never see the hash.
 *
 * Logging out from one of these pages is not that case: it goes home (§2, the avatar menu). The menu starts that
 * navigation itself once the session is cleared, and this guard sees the session end at the same moment; had it
 * redirected to Login, whichever navigation started last would win, and which one that is depends on when the
 * renderer runs effects (React ran this one first, so the menu's won; Preact runs it later, and Login won:
 * docs/decisions/035). So when the session shown here ends by the reader's Log out, the guard sends them home too,
 * and both navigations agree. Only a page shown with a session takes that way: one opened after logging out
 * never had one, and still goes to Login.
 */
export function RequireAuth() {
  const location = useLocation();
  // Subscribe to the session so logging out (here or in another tab) re-runs the check.
  useSessionStore((state) => state.authenticated);
  const loggedOutHere = useSessionStore((state) => state.loggedOutHere);
  const token = peekToken();
  // Whether this guard was entered with a session (without one it redirects at once and is gone).
  const [enteredWithSession] = useState(() => token !== null);

  // A token that has expired is removed and the user reset (docs/product-spec.md §4), after render, not during it.
  useEffect(() => {
    if (!token) getToken();
  }, [token]);

  if (!token) {
    const to = enteredWithSession && loggedOutHere ? pathTo('Home') : loginPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate replace to={to} />;
  }
  return <Outlet />;
}
