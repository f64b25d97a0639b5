/**
 * Navigation for code outside React (the API client's 401 handling). The app registers the
 * router's navigate at start; until then, and in unit tests that register nothing, a full page
 * load does the job.
 */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

let current: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

/** The path the browser shows now, with its query and hash: what a login should return to. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
