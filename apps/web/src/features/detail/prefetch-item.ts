import { queryClient } from '../../lib/query-client';
import { itemQueryOptions } from './api/get-item';

/**
 * Ask for the item of /detail/:id as soon as the router knows the id, alongside the page's code rather than after
 * it. The page's own query finds it in the cache or in flight; failures are the page's to show.
 */
export function prefetchItem(idParam: string | undefined): void {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return;
  queryClient.ensureQueryData(itemQueryOptions(id)).catch(() => {});
}
