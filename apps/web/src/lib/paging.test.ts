import { DETAIL_PAGE_SIZE, PAGE_SIZE } from '@shotlib/contract';
import { describe, expect, it } from 'vitest';
import { flattenPages, nextPageAfter } from './paging';

describe('list paging (docs/product-spec.md §4)', () => {
  it('asks for the next page after a full page', () => {
    expect(nextPageAfter(PAGE_SIZE, 1, PAGE_SIZE)).toBe(2);
    expect(nextPageAfter(DETAIL_PAGE_SIZE, 3, DETAIL_PAGE_SIZE)).toBe(4);
  });

  it('stops after a page shorter than the page size, an empty one included', () => {
    expect(nextPageAfter(PAGE_SIZE - 1, 1, PAGE_SIZE)).toBeUndefined();
    expect(nextPageAfter(0, 2, PAGE_SIZE)).toBeUndefined();
  });

  it('appends pages in order', () => {
    expect(flattenPages([{ arr: [1, 2] }, { arr: [3] }])).toEqual([1, 2, 3]);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
