import type { ItemKind } from '@shotlib/contract';
import { queryClient } from '../../lib/query-client';
import { SEARCH_PARAM } from '../../lib/routes';
import { useSearchStore } from '../../lib/search-store';
import { takeFirstListPage } from '../../lib/first-view';
import { peekToken } from '../../lib/session-store';
import { itemListQueryOptions } from './api/list-items';
import { FIRST_PAGE } from '../../lib/paging';
import { GROUP_PARAM, parseGroups, parseRank, RANK_PARAM } from '../../lib/list-params';

/**
 * Ask for the first page of a list as soon as the router knows the URL, alongside the page's code rather than
 * after it: the first cards (and the largest image) arrive sooner. The page's own query then finds it in the
 * cache or in flight; a list already in the cache is not asked for again.
 */
export function prefetchItemList(url: string, kind: ItemKind): void {
  const search = new URL(url).searchParams;
  const params = {
    kind,
    rank: parseRank(search.get(RANK_PARAM)),
    name: (search.get(SEARCH_PARAM) ?? '').trim(),
    group: parseGroups(search.get(GROUP_PARAM)),
    nonce: useSearchStore.getState().nonce,
  };
  const options = itemListQueryOptions(params);
  // The first page the server wrote into the HTML (the first view): no request, and the cards render at once.
  const written = takeFirstListPage({ ...params, signedIn: peekToken() !== null });
  if (written && !queryClient.getQueryData(options.queryKey)) {
    queryClient.setQueryData(options.queryKey, { pages: [written], pageParams: [FIRST_PAGE] });
    return;
  }
  // Failures are the page's to show (its query asks again); here they are only dropped.
  queryClient.ensureInfiniteQueryData(options).catch(() => {});
}
