import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import { listSchema } from './envelope';
import { LIMITS } from './entitlements';
import { IdSchema, PreviewSchema } from './catalog';
import { FlowCardSchema, FlowItemSchema } from './flows';

/**
 * Boards (issue 29, docs/decisions/052-boards.md): a member's named collections of collected
 * screens and flows, in the member's own order, each with an optional read-only share link.
 * "All collected" is the collection itself (`/platform/fav`, `/flow/fav`); a board holds some of
 * it. Adding to a board collects; removing from a board does not un-collect; un-collecting takes
 * the screen or flow off every board of the member.
 *
 * Calls (base /c-api/v1), owner-only unless said (another member's board is the same 404 as a missing one):
 * - `GET /boards` (`?screen=` or `?flow=`: each board says whether it holds it): the member's boards, in order.
 * - `POST /boards` {name}: a new board, first in the list.
 * - `GET /boards/{id}`, `PATCH /boards/{id}` {name}, `DELETE /boards/{id}`.
 * - `PUT /boards/{id}/position` {position}: move it (0-based); the whole list in its new order.
 * - `GET /boards/{id}/screens`, `GET /boards/{id}/flows` (page, pageSize): its contents, newest first.
 * - `PUT` / `DELETE /boards/{id}/screens/{previewId}`, `PUT` / `DELETE /boards/{id}/flows/{flowId}`.
 * - `PUT /boards/{id}/share` (share; keeps a live link), `POST /boards/{id}/share` (a new link; the
 *   old one stops working), `DELETE /boards/{id}/share` (no link).
 * - Anyone: `GET /shared-boards/{token}`, `GET /shared-boards/{token}/screens`, `GET /shared-boards/{token}/flows`.
 */

/** The length of a board's name, after trimming. */
export const BOARD_NAME_MAX = 60;

/** A board's name: 1–60 characters once trimmed (the form's schema and the server's). */
export const BoardNameSchema = z
  .string()
  .trim()
  .min(1, 'Name your board.')
  .max(BOARD_NAME_MAX, `A board's name has at most ${BOARD_NAME_MAX} characters.`);

/**
 * What is wrong with a board's name as typed, by BoardNameSchema's rule: for the web form, which must not
 * bring zod into the first view's chunks (the viewer that offers "New board…" is part of it; decision 035).
 */
export function boardNameProblem(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  return trimmed.length > BOARD_NAME_MAX ? 'tooLong' : null;
}

/** A share link's token: 22 base64url characters (16 random bytes). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const ShareTokenSchema = z.string().regex(SHARE_TOKEN_PATTERN);

/** The web app's page of a shared board (signed out or in). */
export const sharedBoardPath = (token: string): string => `/boards/${token}`;

/** How many screens a board card's cover shows. */
export const BOARD_COVER_SCREENS = 3;

/**
 * A board as the member's list shows it. `screens` counts the screens on it of published items
 * (whether or not the member may open them now), `flows` its listed flows; `cover` is up to
 * BOARD_COVER_SCREENS of its newest screens the member may open. `contains` is present when the
 * list was asked about one screen or flow (`?screen=` / `?flow=`).
 */
export const BoardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  screens: z.number().int().nonnegative(),
  flows: z.number().int().nonnegative(),
  cover: z.array(PreviewSchema),
  /** The share link's token, null when the board is not shared. */
  shareToken: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  contains: z.boolean().optional(),
});
export type Board = z.infer<typeof BoardSchema>;
export const BoardListSchema = listSchema(BoardSchema);
export type BoardList = z.infer<typeof BoardListSchema>;

/** `GET /boards`: optionally about one screen (`screen`) or one flow (`flow`). */
export const BoardListQuerySchema = z.object({
  screen: IdSchema.optional(),
  flow: IdSchema.optional(),
});
export type BoardListQuery = z.input<typeof BoardListQuerySchema>;

/** `POST /boards`, `PATCH /boards/{id}`. */
export const BoardNameBodySchema = z.object({ name: BoardNameSchema });
export type BoardNameBody = z.input<typeof BoardNameBodySchema>;

/** `PUT /boards/{id}/position`: where the board goes in the member's list (0 = first; past the end = last). */
export const BoardMoveBodySchema = z.object({ position: z.number().int().min(0).max(10_000) });
export type BoardMoveBody = z.input<typeof BoardMoveBodySchema>;

export const BoardIdParamSchema = z.object({ id: IdSchema });
export const BoardScreenParamSchema = z.object({ id: IdSchema, previewId: IdSchema });
export const BoardFlowParamSchema = z.object({ id: IdSchema, flowId: IdSchema });
export const ShareTokenParamSchema = z.object({ token: ShareTokenSchema });

/** `DELETE /boards/{id}`. */
export const BoardDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type BoardDeleted = z.infer<typeof BoardDeletedSchema>;

/**
 * `PUT` / `DELETE /boards/{id}/screens/{previewId}` and `…/flows/{flowId}`: the entry and whether
 * it is now on the board. Adding collects it (`collected` true); removing leaves it collected.
 */
export const BoardEntryReplySchema = z.object({
  boardId: z.number().int(),
  id: z.number().int(),
  onBoard: z.boolean(),
  collected: z.boolean(),
});
export type BoardEntryReply = z.infer<typeof BoardEntryReplySchema>;

/** A board's contents, a page at a time (newest added first). */
export const BoardPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type BoardPageQuery = z.input<typeof BoardPageQuerySchema>;

/** A screen on a board: the screen (signed), its app, site or business product, when it was added. */
export const BoardScreenSchema = PreviewSchema.extend({ item: FlowItemSchema, addedAt: z.string() });
export type BoardScreen = z.infer<typeof BoardScreenSchema>;

/**
 * A page of a board's screens: only those the reader may open (the one rule of free screens,
 * `openableScreens`: a visitor or regular member the first screens of each item, a subscriber
 * all); `total` counts them, `locked` the board's other screens (never listed, never signed).
 */
export const BoardScreenPageSchema = listSchema(BoardScreenSchema).extend({ locked: z.number().int().nonnegative() });
export type BoardScreenPage = z.infer<typeof BoardScreenPageSchema>;

/** A flow on a board: its card (the same for every reader) and when it was added. */
export const BoardFlowSchema = FlowCardSchema.extend({ addedAt: z.string() });
export type BoardFlow = z.infer<typeof BoardFlowSchema>;
export const BoardFlowPageSchema = listSchema(BoardFlowSchema);
export type BoardFlowPage = z.infer<typeof BoardFlowPageSchema>;

/**
 * `GET /shared-boards/{token}`: a shared board as anyone reads it: its name, its owner's nickname
 * (nothing else of the owner), its counts (`screens` all of them, `locked` those the reader may
 * not open) and when it last changed.
 */
export const SharedBoardSchema = z.object({
  name: z.string(),
  owner: z.string(),
  screens: z.number().int().nonnegative(),
  flows: z.number().int().nonnegative(),
  locked: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type SharedBoard = z.infer<typeof SharedBoardSchema>;

/** Messages of the board calls (the web app shows them by key in the reader's language: `boards.messages.<key>`). */
export const BoardMessage = {
  boardMissing: 'This board no longer exists.',
  sharedMissing: 'This link no longer works: its board is no longer shared.',
  limitReached: `You have ${LIMITS.regular.boardMax} boards, the most without a subscription. Subscribe to make more.`,
  limitReachedVip: `You have ${LIMITS.vip.boardMax} boards, the most one member may keep.`,
} as const;
export type BoardMessageKey = keyof typeof BoardMessage;
