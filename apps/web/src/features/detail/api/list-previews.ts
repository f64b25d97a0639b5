import { DETAIL_PAGE_SIZE, LIMITS, tierOf, type PreviewListSchema, type Tier } from '@shotlib/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

export type PreviewListParams = {
  appSiteId: number;
  /** Screen category ids ([] for all): vip only. */
  group: readonly number[];
  /** What the caller may see (the entitlement table): regular callers get the first page only. */
  tier: Tier;
};

/**
 * What a reader asks for of an item's screens: a regular caller never sends a screen filter (the dialog opens
 * instead), even if one was set while subscribed. The page's query and the first view's seed (prefetch-item.ts) both
 * take their key from here, so the screens the server wrote into the HTML are the page's own.
 */
export const previewParams = (appSiteId: number, vip: boolean, group: readonly number[] = []): PreviewListParams => ({
  appSiteId,
  group: vip ? group : [],
  tier: tierOf(vip),
});

/**
 * `POST /platform/app`: one page of an item's screens (DETAIL_PAGE_SIZE). Silent: a refusal
 * (the paywall, code 1002) is shown where the grid ends, once, instead of as a toast.
 */
export function listPreviews({ appSiteId, group }: PreviewListParams, page: number, signal?: AbortSignal) {
  const body = { page, pageSize: DETAIL_PAGE_SIZE, appSiteId, ...(group.length ? { group } : {}) };
  return api.post<Reply<typeof PreviewListSchema>>('/platform/app', body, { silent: true, signal });
}

/**
 * The screens as pages of 10. The UI mirrors the server's paywall: past LIMITS[tier].previewMaxPage
 * there is no next page, so a regular caller's scrolling asks for nothing more.
 */
export const previewListQueryOptions = (params: PreviewListParams) =>
  infiniteQueryOptions({
    queryKey: ['detail', 'previews', params],
    queryFn: ({ pageParam, signal }) => listPreviews(params, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) =>
      allPages.length >= LIMITS[params.tier].previewMaxPage ? undefined : nextPageAfter(lastPage.arr.length, allPages.length, DETAIL_PAGE_SIZE),
  });

export const usePreviewList = (params: PreviewListParams, enabled: boolean) =>
  useInfiniteQuery({ ...previewListQueryOptions(params), enabled });
