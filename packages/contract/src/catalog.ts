import { z } from 'zod';
import { DETAIL_PAGE_SIZE, ID_MAX, MAX_PAGE_SIZE, PAGE_SIZE, RANK, type Locale } from './constants';
import { listSchema } from './envelope';

/** A category (group) node: list categories under preId 9, screen categories under preId 11. */
export type Category = {
  id: number;
  nameEn: string;
  nameCn: string;
  nameTw: string;
  preId: number;
  sort: number;
  children: Category[];
};
export const CategorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    nameEn: z.string(),
    nameCn: z.string(),
    nameTw: z.string(),
    preId: z.number().int(),
    sort: z.number().int(),
    children: z.array(CategorySchema),
  }),
);
// Named in the global registry so OpenAPI documents the recursive tree as one component.
CategorySchema.register(z.globalRegistry, { id: 'Category' });
export const CategoryQuerySchema = z.object({ preId: z.coerce.number().int().min(1).max(ID_MAX) });
export const CategoryListSchema = listSchema(CategorySchema);

/** A screenshot; `path` is relative to the media host. */
export const PreviewSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  group: z.number().int().nullable(),
});
export type Preview = z.infer<typeof PreviewSchema>;

/**
 * An app (platform=false) or website (platform=true); `business` marks business (B-end) software,
 * listed apart (`/b`) whatever its platform (decision 045). `name` and `briefing` are the English
 * (default) texts; the Chinese ones are present only when the item has them (Simplified `Cn`,
 * Traditional `Tw`). Show them with `itemText(item, locale)`.
 */
export const ItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  briefing: z.string(),
  site: z.string(),
  rating: z.number(),
  platform: z.boolean(),
  business: z.boolean(),
  group: z.array(z.number().int()),
  preview: z.array(PreviewSchema),
  /** How many flows it has (played on its detail page). */
  flows: z.number().int(),
  publishedAt: z.string(),
  nameCn: z.string().optional(),
  nameTw: z.string().optional(),
  briefingCn: z.string().optional(),
  briefingTw: z.string().optional(),
});
export type Item = z.infer<typeof ItemSchema>;

type ItemTexts = Pick<Item, 'name' | 'briefing' | 'nameCn' | 'nameTw' | 'briefingCn' | 'briefingTw'>;

/**
 * The name and brief of an item in a locale: its Chinese texts in zhCN / zhTW when it has them,
 * otherwise the English ones (never Simplified text for zhTW or the reverse).
 */
export function itemText(item: ItemTexts, locale: Locale): { name: string; briefing: string } {
  if (locale === 'zhCN') return { name: item.nameCn || item.name, briefing: item.briefingCn || item.briefing };
  if (locale === 'zhTW') return { name: item.nameTw || item.name, briefing: item.briefingTw || item.briefing };
  return { name: item.name, briefing: item.briefing };
}

const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = (fallback: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(fallback);

/** An id as a path or query parameter or a JSON number: an integer 1..ID_MAX. */
export const IdSchema = z.coerce.number().int().min(1).max(ID_MAX);

/**
 * Categories may arrive as a JSON array, one number, or a comma-separated string (query form).
 * Every part must be an id (1..ID_MAX); anything else is refused, never sent to the database.
 */
export const CategoryIdsSchema = z
  .union([z.array(IdSchema).max(100), z.string().max(2000), IdSchema])
  .optional()
  .transform((value, ctx): number[] => {
    if (value === undefined) return [];
    if (typeof value === 'number') return [value];
    if (Array.isArray(value)) return value;
    const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (parts.length > 100 || ids.some((id, i) => !/^\d+$/.test(parts[i]!) || id < 1 || id > ID_MAX)) {
      ctx.addIssue({ code: 'custom', message: `expected category ids (1..${ID_MAX}), comma-separated` });
      return z.NEVER;
    }
    return ids;
  });

export const ItemListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(PAGE_SIZE),
  platform: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((value) => value === true || value === 'true'),
  /**
   * true: business (B-end) software of either platform (`platform` is then ignored); false (default):
   * apps or websites as `platform` says, business software excluded. Categories are then those of
   * the business tree (root 10).
   */
  business: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((value) => value === true || value === 'true'),
  rank: z.enum([RANK.news, RANK.hot]).default(RANK.news),
  name: z.string().trim().max(100).optional(),
  group: CategoryIdsSchema,
});
export type ItemListQuery = z.input<typeof ItemListQuerySchema>;
export const ItemListSchema = listSchema(ItemSchema);

export const PreviewListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(DETAIL_PAGE_SIZE),
  appSiteId: IdSchema,
  group: CategoryIdsSchema,
});
export type PreviewListQuery = z.input<typeof PreviewListQuerySchema>;
export const PreviewListSchema = listSchema(PreviewSchema);

export const IdParamSchema = z.object({ id: IdSchema });

/** Banner figures, counted from the catalogue. */
export const CatalogStatsSchema = z.object({
  apps: z.number().int(),
  sites: z.number().int(),
  /** Business (B-end) products (not counted in apps or sites). */
  business: z.number().int(),
  flows: z.number().int(),
  screenshots: z.number().int(),
});
export type CatalogStats = z.infer<typeof CatalogStatsSchema>;
