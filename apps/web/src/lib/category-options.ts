import { CATEGORY_ROOT, type CategoryListSchema, STORAGE_KEYS, type Category, type Locale } from '@shotlib/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/i18n';
import { api, type Reply } from './api-client';
import { readJson, writeJson } from './storage';

/**
 * The category trees: the spec's 'list' (apps and sites, preId 9) and 'screen' (detail previews, preId 11)
 * (docs/product-spec.md §7), issue 13's 'business' (business software, preId 10) and 'flow' (flow types, preId 8), and
 * issue 14's 'element' (UI elements tagged on screens, preId 7).
 */
export type CategoryKind = keyof typeof CATEGORY_ROOT;

/** An entry of a category picker (docs/product-spec.md §3: key, label), its label in the current language. */
export type CategoryOption = { key: number; label: string };

/** Local-storage keys the trees are cached under (docs/product-spec.md §7 and §9). */
const CACHE_KEY: Record<CategoryKind, string> = {
  list: STORAGE_KEYS.options,
  screen: STORAGE_KEYS.previewOptions,
  business: STORAGE_KEYS.businessOptions,
  flow: STORAGE_KEYS.flowOptions,
  element: STORAGE_KEYS.elementOptions,
};

const isInt = (value: unknown) => Number.isSafeInteger(value);
const isString = (value: unknown) => typeof value === 'string';

/**
 * A stored tree has the contract's `Category` shape (what `z.array(CategorySchema)` accepts), checked by hand: the
 * list pages read it in the first view, which does not load zod (docs/decisions/035).
 */
function isCachedTree(value: unknown): value is Category[] {
  return (
    Array.isArray(value) &&
    value.every((node: unknown) => {
      if (typeof node !== 'object' || node === null) return false;
      const { id, nameEn, nameCn, nameTw, preId, sort, children } = node as Record<string, unknown>;
      return isInt(id) && isString(nameEn) && isString(nameCn) && isString(nameTw) && isInt(preId) && isInt(sort) && isCachedTree(children);
    })
  );
}

/** The tree last fetched, if this browser has one: pickers show it at once, then refresh it. */
function cachedTree(kind: CategoryKind): Category[] | undefined {
  return readJson<Category[] | undefined>(CACHE_KEY[kind], (value): value is Category[] | undefined => isCachedTree(value), undefined);
}

/** `GET /group/child?preId=9|11|10|8|7`: a category tree; the reply is kept in local storage. */
export async function fetchCategories(kind: CategoryKind, signal?: AbortSignal): Promise<Category[]> {
  const { arr } = await api.get<Reply<typeof CategoryListSchema>>('/group/child', { query: { preId: CATEGORY_ROOT[kind] }, signal, silent: true });
  writeJson(CACHE_KEY[kind], arr);
  return arr;
}

export const categoriesQueryOptions = (kind: CategoryKind) =>
  queryOptions({
    queryKey: ['categories', kind],
    queryFn: ({ signal }) => fetchCategories(kind, signal),
    // The cached copy renders immediately and counts as stale, so it is refreshed once per visit.
    initialData: () => cachedTree(kind),
    initialDataUpdatedAt: 0,
    staleTime: 60 * 60 * 1000,
  });

/** A category's name in a language (docs/product-spec.md §2: "Category by locale"). */
export function categoryLabel(category: Pick<Category, 'nameEn' | 'nameCn' | 'nameTw'>, locale: Locale): string {
  if (locale === 'zhCN') return category.nameCn || category.nameEn;
  if (locale === 'zhTW') return category.nameTw || category.nameCn || category.nameEn;
  return category.nameEn;
}

/** Every node of a tree, parents before their children. */
export function flattenCategories(tree: readonly Category[]): Category[] {
  return tree.flatMap((node) => [node, ...flattenCategories(node.children)]);
}

/** The options of a tree in a language, in the server's order. */
export function toCategoryOptions(tree: readonly Category[], locale: Locale): CategoryOption[] {
  return flattenCategories(tree).map((node) => ({ key: node.id, label: categoryLabel(node, locale) }));
}

/** The options of a category tree in the current language, and a lookup of labels by id. */
export function useCategoryOptions(kind: CategoryKind) {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'enUS';
  const { data, isPending } = useQuery(categoriesQueryOptions(kind));
  return useMemo(() => {
    const options = toCategoryOptions(data ?? [], locale);
    const labels = new Map(options.map((option) => [option.key, option.label]));
    return { options, isPending: isPending && !data, labelOf: (id: number) => labels.get(id) };
  }, [data, isPending, locale]);
}
