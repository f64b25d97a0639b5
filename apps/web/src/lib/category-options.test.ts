import { STORAGE_KEYS, type Category } from '@shotlib/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoriesQueryOptions, categoryLabel, fetchCategories, toCategoryOptions } from './category-options';

const node = (id: number, nameEn: string, children: Category[] = []): Category => ({
  id,
  nameEn,
  nameCn: `${nameEn}-cn`,
  nameTw: `${nameEn}-tw`,
  preId: 9,
  sort: id,
  children,
});
const tree = [node(12, 'Finance', [node(40, 'Banking')]), node(13, 'Social')];

afterEach(() => vi.unstubAllGlobals());

describe('category options', () => {
  it('label by language (docs/product-spec.md §2: category by locale)', () => {
    expect(categoryLabel(tree[0]!, 'enUS')).toBe('Finance');
    expect(categoryLabel(tree[0]!, 'zhCN')).toBe('Finance-cn');
    expect(categoryLabel(tree[0]!, 'zhTW')).toBe('Finance-tw');
  });

  it('flatten the tree into key/label options, parents first', () => {
    expect(toCategoryOptions(tree, 'enUS')).toEqual([
      { key: 12, label: 'Finance' },
      { key: 40, label: 'Banking' },
      { key: 13, label: 'Social' },
    ]);
  });

  it('fetch GET /group/child?preId=9|11 and keep the reply under `options` / `previewOptions`', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 0, message: 'ok', data: { arr: url.includes('preId=11') ? [node(27, 'Login')] : tree, total: 2 } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await fetchCategories('list');
    await fetchCategories('screen');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/ui/c-api/v1/group/child?preId=9', '/ui/c-api/v1/group/child?preId=11']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.options)!)).toEqual(tree);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.previewOptions)!)[0].nameEn).toBe('Login');
  });

  it('fetch the business (preId=10) and flow-type (preId=8) trees and keep them under their own keys', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 0, message: 'ok', data: { arr: [node(url.includes('preId=10') ? 50 : 60, url.includes('preId=10') ? 'CRM' : 'Sign-up')], total: 1 } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await fetchCategories('business');
    await fetchCategories('flow');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/ui/c-api/v1/group/child?preId=10', '/ui/c-api/v1/group/child?preId=8']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.businessOptions)!)[0].nameEn).toBe('CRM');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.flowOptions)!)[0].nameEn).toBe('Sign-up');
    expect((categoriesQueryOptions('flow').initialData as () => Category[] | undefined)()?.[0]?.id).toBe(60);
  });

  it('start from the cached copy (refreshed, since it counts as stale), and ignore a malformed one', () => {
    localStorage.setItem(STORAGE_KEYS.options, JSON.stringify(tree));
    const options = categoriesQueryOptions('list');
    expect((options.initialData as () => Category[] | undefined)()).toEqual(tree);
    expect(options.initialDataUpdatedAt).toBe(0);
    localStorage.setItem(STORAGE_KEYS.previewOptions, '{"not":"a tree"}');
    expect((categoriesQueryOptions('screen').initialData as () => Category[] | undefined)()).toBeUndefined();
  });
});
