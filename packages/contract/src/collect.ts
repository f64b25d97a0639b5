import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import { listSchema } from './envelope';
import { LIMITS } from './entitlements';
import { PreviewSchema } from './catalog';

/**
 * Collections (docs/product-spec.md §2 "Collections", §7 `PUT` / `DELETE /platform/preview/{id}`,
 * `POST /platform/fav`). A member collects preview screenshots; regular members up to
 * LIMITS.regular.collectMax, subscribers without limit.
 */

/**
 * Messages of the collect calls. The server answers with the English text; the web app shows them
 * in the reader's language by key (`collecting.messages.<key>`).
 */
export const CollectMessage = {
  previewMissing: 'This screenshot no longer exists.',
  limitReached: `You have collected ${LIMITS.regular.collectMax} screens, the most without a subscription. Subscribe to collect more.`,
} as const;
export type CollectMessageKey = keyof typeof CollectMessage;

/** Reply of `PUT` / `DELETE /platform/preview/{id}`: the preview and whether it is now collected. */
export const CollectReplySchema = z.object({
  id: z.number().int(),
  collected: z.boolean(),
});
export type CollectReply = z.infer<typeof CollectReplySchema>;

/** `POST /platform/fav` (query parameters or JSON body): one page of the caller's collection. */
export const CollectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type CollectListQuery = z.input<typeof CollectListQuerySchema>;

/**
 * A collected preview: the preview's own fields (`id` is the preview id), the app or website it
 * belongs to (`itemId`, its names and logo, `platform` true for websites) and when it was collected.
 * Chinese names are present only when the item has them (show them with `itemText`).
 */
export const CollectedPreviewSchema = PreviewSchema.extend({
  itemId: z.number().int(),
  name: z.string(),
  nameCn: z.string().optional(),
  nameTw: z.string().optional(),
  logo: z.string(),
  platform: z.boolean(),
  collectedAt: z.string(),
});
export type CollectedPreview = z.infer<typeof CollectedPreviewSchema>;
/** Newest collected first; ties (same instant) by preview id, highest first. */
export const CollectListSchema = listSchema(CollectedPreviewSchema);

/**
 * `GET /platform/fav/ids`: the ids of every preview the caller has collected, newest first. The
 * web app fills its collected set (local-storage key `collect`) from it after sign-in.
 */
export const CollectedIdsSchema = listSchema(z.number().int());
export type CollectedIds = z.infer<typeof CollectedIdsSchema>;
