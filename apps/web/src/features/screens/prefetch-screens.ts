import { queryClient } from '../../lib/query-client';
import { screenListQueryOptions } from '../../lib/screen-list';
import { useSearchStore } from '../../lib/search-store';
import { screenListParams } from './screen-params';

/**
 * Ask for the Screens view's first page as soon as the router knows the URL, alongside the page's code (as the
 * lists do, docs/decisions/035); the page's query finds it in the cache or in flight.
 */
export function prefetchScreenList(url: string): void {
  const options = screenListQueryOptions(screenListParams(new URL(url).searchParams, useSearchStore.getState().nonce));
  // Failures are the page's to show (its query asks again); here they are only dropped.
  queryClient.ensureInfiniteQueryData(options).catch(() => {});
}
