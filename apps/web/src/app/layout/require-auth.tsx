import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from '../../lib/routes';
import { getToken, peekToken, useSessionStore } from '../../lib/session-store';

/**
 * The navigation guard (docs/product-spec.md §2): the routes under it need a token in local storage. Without one
 * the visitor goes to Login, carrying the full intended path (pathname, query and hash) in
 * `redirect`. A layout component rather than a loader because loaders never see the hash.
 */
export function RequireAuth() {
  const location = useLocation();
  // Subscribe to the session so logging out (here or in another tab) re-runs the check.
  useSessionStore((state) => state.authenticated);
  const token = peekToken();

  // A token that has expired is removed and the user reset (docs/product-spec.md §4), after render, not during it.
  useEffect(() => {
    if (!token) getToken();
  }, [token]);

  if (!token) return <Navigate replace to={loginPath(`${location.pathname}${location.search}${location.hash}`)} />;
  return <Outlet />;
}
