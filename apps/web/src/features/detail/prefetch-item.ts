import { takeFirstItem } from '../../lib/first-view';
import { FIRST_PAGE } from '../../lib/paging';
import { queryClient } from '../../lib/query-client';
import { peekToken } from '../../lib/session-store';
import { itemQueryOptions } from './api/get-item';
import { previewListQueryOptions, previewParams } from './api/list-previews';

/**
 * Ask for the item of /detail/:id as soon as the router knows the id, alongside the page's code rather than after
 * it. The page's own query finds it in the cache or in flight; failures are the page's to show.
 */
export function prefetchItem(idParam: string | undefined): void {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return;
  const options = itemQueryOptions(id);
  // The item and its first screens the server wrote into the HTML (the first view, a visitor's): no request, and the
  // page renders them at once.
  const written = takeFirstItem(id, peekToken() !== null);
  if (written && !queryClient.getQueryData(options.queryKey)) {
    queryClient.setQueryData(options.queryKey, written.item);
    const previews = previewListQueryOptions(previewParams(id, false));
    if (written.previews && !queryClient.getQueryData(previews.queryKey)) {
      queryClient.setQueryData(previews.queryKey, { pages: [written.previews], pageParams: [FIRST_PAGE] });
    }
    return;
  }
  queryClient.ensureQueryData(options).catch(() => {});
}
