import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, RANK, type Locale } from './constants';
import { listSchema } from './envelope';
import { CategoryIdsSchema, IdSchema, PreviewSchema } from './catalog';
import { LIMITS } from './entitlements';

/**
 * Flows (issue 13, docs/decisions/045-flows-and-business.md): an ordered list of one app's, site's
 * or business product's screens for one journey (sign-up, checkout, cancel…), typed by a category of
 * the flow tree (root CATEGORY_ROOT.flow), each step with an optional caption in three languages.
 *
 * Calls (base /c-api/v1):
 * - `POST /flow` (query or JSON body, FlowListQuerySchema): cards across the library or of one item.
 * - `GET /flow/{id}`: one flow with the steps the caller may play (FlowSchema).
 * - `PUT` / `DELETE /flow/{id}/fav`: collect or uncollect a whole flow (FlowCollectReplySchema).
 * - `POST /flow/fav` (page, pageSize): the caller's collected flows, newest first.
 * - `GET /flow/fav/ids`: the ids of every collected flow.
 */

/** Where an item belongs: a mobile app, a website, or business (B-end) software. */
export const ITEM_KINDS = ['app', 'web', 'b'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const ItemKindSchema = z.enum(ITEM_KINDS);
/** The kind of an item from its two flags (`business` wins: B-end software may be web or mobile). */
export const itemKindOf = (item: { platform: boolean; business: boolean }): ItemKind =>
  item.business ? 'b' : item.platform ? 'web' : 'app';

/** How many first steps a flow card shows. */
export const FLOW_CARD_STEPS = 3;
/** The deep link of a flow at a step (1-based) on its item's detail page. */
export const flowLink = (itemId: number, flowId: number, step = 1): string => `/detail/${itemId}?flow=${flowId}&step=${step}`;

/** The app, site or B-end product a flow belongs to, as a flow card names it. */
export const FlowItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameCn: z.string().optional(),
  nameTw: z.string().optional(),
  logo: z.string(),
  kind: ItemKindSchema,
});
export type FlowItem = z.infer<typeof FlowItemSchema>;

/**
 * A flow as a card shows it. `name` is English; `nameCn` / `nameTw` only when the flow has them
 * (show with `flowText`). `type` is the flow-type category id; `cover` is the screens of the first
 * steps (up to FLOW_CARD_STEPS, each a step every caller may play).
 */
export const FlowCardSchema = z.object({
  id: z.number().int(),
  item: FlowItemSchema,
  type: z.number().int().nullable(),
  name: z.string(),
  nameCn: z.string().optional(),
  nameTw: z.string().optional(),
  stepCount: z.number().int(),
  cover: z.array(PreviewSchema),
  publishedAt: z.string(),
});
export type FlowCard = z.infer<typeof FlowCardSchema>;

/** One step: its 1-based position, its screen, and a caption ('' when none; Chinese ones only when set). */
export const FlowStepSchema = z.object({
  position: z.number().int(),
  preview: PreviewSchema,
  caption: z.string(),
  captionCn: z.string().optional(),
  captionTw: z.string().optional(),
});
export type FlowStep = z.infer<typeof FlowStepSchema>;

/**
 * `GET /flow/{id}`: the flow with the steps the caller may play. A regular caller (visitor or
 * member) gets the steps before the first one whose screen is locked in its item (the one rule of
 * free screens, `openableScreens`) and `locked: true` when there are more; the server never sends
 * the screens of the locked steps. `stepCount` is always the whole count.
 */
export const FlowSchema = FlowCardSchema.extend({
  steps: z.array(FlowStepSchema),
  locked: z.boolean(),
});
export type Flow = z.infer<typeof FlowSchema>;

/**
 * `POST /flow`: flows across the library (filtered by item kind and flow types, News = newest
 * first, Hot = the hottest items' flows first) or, with `appSiteId`, the flows of one item (in
 * the order the console gave them; kind is then ignored).
 */
export const FlowListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  kind: ItemKindSchema.optional(),
  type: CategoryIdsSchema,
  rank: z.enum([RANK.news, RANK.hot]).default(RANK.news),
  appSiteId: IdSchema.optional(),
});
export type FlowListQuery = z.input<typeof FlowListQuerySchema>;
export const FlowListSchema = listSchema(FlowCardSchema);

/** `PUT` / `DELETE /flow/{id}/fav`: the flow and whether it is now collected. */
export const FlowCollectReplySchema = z.object({ id: z.number().int(), collected: z.boolean() });
export type FlowCollectReply = z.infer<typeof FlowCollectReplySchema>;

/** `POST /flow/fav`: a collected flow is its card plus when it was collected. */
export const CollectedFlowSchema = FlowCardSchema.extend({ collectedAt: z.string() });
export type CollectedFlow = z.infer<typeof CollectedFlowSchema>;
export const CollectedFlowListSchema = listSchema(CollectedFlowSchema);
export const CollectedFlowIdsSchema = listSchema(z.number().int());

/** Messages of the flow calls (the web app shows them by key in the reader's language). */
export const FlowMessage = {
  flowMissing: 'This flow no longer exists.',
  collectLimit: `You have collected ${LIMITS.regular.collectMax} flows, the most without a subscription. Subscribe to collect more.`,
} as const;
export type FlowMessageKey = keyof typeof FlowMessage;

/** The name of a flow in a locale (its Chinese names when it has them, otherwise English). */
export function flowText(flow: { name: string; nameCn?: string; nameTw?: string }, locale: Locale): string {
  if (locale === 'zhCN') return flow.nameCn || flow.name;
  if (locale === 'zhTW') return flow.nameTw || flow.name;
  return flow.name;
}

/** The caption of a step in a locale ('' when it has none). */
export function stepCaption(step: { caption: string; captionCn?: string; captionTw?: string }, locale: Locale): string {
  if (locale === 'zhCN') return step.captionCn || step.caption;
  if (locale === 'zhTW') return step.captionTw || step.caption;
  return step.caption;
}
