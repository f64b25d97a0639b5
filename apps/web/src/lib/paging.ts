/**
 * The list paging rule of docs/product-spec.md §4, shared by every infinite list: pages start at 1, each load
 * appends the next page, and a page shorter than the page size is the last one.
 */
export const FIRST_PAGE = 1;

/** The page to load after `pagesLoaded` pages whose last one held `lastPageLength` entries; undefined when done. */
export function nextPageAfter(lastPageLength: number, pagesLoaded: number, pageSize: number): number | undefined {
  return lastPageLength < pageSize ? undefined : pagesLoaded + 1;
}

/** Every entry of the loaded pages, in order (the list "appends"). */
export function flattenPages<T>(pages: readonly { arr: readonly T[] }[] | undefined): T[] {
  return pages ? pages.flatMap((page) => page.arr) : [];
}
