import { takeFirstItem } from '../../lib/first-view';
import { queryClient } from '../../lib/query-client';
import { peekToken } from '../../lib/session-store';
import { itemQueryOptions } from './api/get-item';

/**
 * Ask for the item of /detail/:id as soon as the router knows the id, alongside the page's code rather than after
 * it. The page's own query finds it in the cache or in flight; failures are the page's to show.
 */
export function prefetchItem(idParam: string | undefined): void {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return;
  const options = itemQueryOptions(id);
  // The item the server wrote into the HTML (the first view): no request, and the page renders at once.
  const written = takeFirstItem(id, peekToken() !== null);
  if (written && !queryClient.getQueryData(options.queryKey)) {
    queryClient.setQueryData(options.queryKey, written);
    return;
  }
  queryClient.ensureQueryData(options).catch(() => {});
}
