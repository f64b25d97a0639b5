import { randomBytes } from 'node:crypto';
import {
  BOARD_COVER_SCREENS,
  BoardMessage,
  LIMITS,
  openableScreens,
  tierOf,
  type Board,
  type BoardDeleted,
  type BoardEntryReply,
  type BoardFlowPage,
  type BoardList,
  type BoardListQuerySchema,
  type BoardPageQuerySchema,
  type BoardScreenPage,
  type SharedBoard,
} from '@shotlib/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { withMemberLock } from '../../db/transaction';
import { NotFoundError, RuleError, VipRequiredError } from '../../lib/errors';
import type { MediaSigner } from '../../lib/media-signature';
import { pageWindow } from '../../lib/paging';
import { toPreview, type CatalogDeps } from '../catalog/catalog.service';
import { collectPreview } from '../collect/collect.service';
import { collectFlow, countBoardFlows, listBoardFlowCards, toFlowItem } from '../flow/flow.service';
import * as repo from './board.repo';

/**
 * Boards (issue 29, docs/decisions/052-boards.md): a member's named collections of collected
 * screens and flows. Everything but the shared read is the owner's: another member's board is the
 * same 404 as a missing one. Adding to a board collects (through the collect and flow services, so
 * their limits and the paywall apply as they do to collecting); removing from a board leaves the
 * screen or flow collected; un-collecting takes it off every board (the entries' keys point at the
 * collect rows).
 */
export type BoardDeps = { db: Db; signer: MediaSigner; activity: CatalogDeps['activity'] };

/** The signed-in member: only their own boards are ever read or changed. */
export type Owner = { id: number; vip: boolean };
/** Who reads a shared board: a visitor or member (`vip` false) or a subscriber. */
export type Reader = { vip: boolean };

type ListQuery = z.output<typeof BoardListQuerySchema>;
type PageQuery = z.output<typeof BoardPageQuerySchema>;

/** A new share token: 16 random bytes, 22 base64url characters (unguessable; one per shared board). */
export const newShareToken = (): string => randomBytes(16).toString('base64url');

function toBoard(row: repo.BoardRow, signer: MediaSigner, flows: number): Board {
  return {
    id: row.id,
    name: row.name,
    screens: row.screens,
    flows,
    cover: row.cover.map((screen) => toPreview(screen, signer)),
    shareToken: row.shareToken,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    ...(row.contains !== null ? { contains: row.contains } : {}),
  };
}

const missing = () => new NotFoundError(BoardMessage.boardMissing);

/** `GET /boards`: the member's boards in their order; with `screen` or `flow`, whether each holds it. */
export async function listBoards(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, query: ListQuery): Promise<BoardList> {
  const rows = await repo.listBoards(deps.db, owner.id, {
    coverScreens: BOARD_COVER_SCREENS,
    openable: openableScreens(owner.vip),
    screen: query.screen,
    flow: query.screen === undefined ? query.flow : undefined,
  });
  const flows = await countBoardFlows(deps, rows.map((row) => row.id));
  return { arr: rows.map((row) => toBoard(row, deps.signer, flows.get(row.id) ?? 0)), total: rows.length };
}

/** `GET /boards/{id}`: one of the member's boards. */
export async function getBoard(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, boardId: number): Promise<Board> {
  const row = await repo.findBoard(deps.db, owner.id, boardId, { coverScreens: BOARD_COVER_SCREENS, openable: openableScreens(owner.vip) });
  if (!row) throw missing();
  const flows = await countBoardFlows(deps, [row.id]);
  return toBoard(row, deps.signer, flows.get(row.id) ?? 0);
}

/**
 * `POST /boards`: a new board, first in the list. Regular members (and lapsed subscribers) keep up
 * to LIMITS.regular.boardMax boards (code 1002 beyond: the subscription lifts it), subscribers
 * LIMITS.vip.boardMax (code 1001). The count and the insert run under the member's lock.
 */
export async function createBoard(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, name: string): Promise<Board> {
  const max = LIMITS[tierOf(owner.vip)].boardMax;
  const id = await withMemberLock(deps.db, owner.id, async (tx) => {
    if ((await repo.countBoards(tx, owner.id)) >= max) {
      throw owner.vip ? new RuleError(BoardMessage.limitReachedVip) : new VipRequiredError(BoardMessage.limitReached);
    }
    return repo.insertBoard(tx, owner.id, name);
  });
  return getBoard(deps, owner, id);
}

/** `PATCH /boards/{id}`: rename. */
export async function renameBoard(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, boardId: number, name: string): Promise<Board> {
  if (!(await repo.renameBoard(deps.db, owner.id, boardId, name))) throw missing();
  return getBoard(deps, owner, boardId);
}

/**
 * `PUT /boards/{id}/position`: move a board to `position` (0 = first; beyond the end = last); the
 * others keep their order. Answers the whole list in its new order.
 */
export async function moveBoard(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, boardId: number, position: number): Promise<BoardList> {
  await withMemberLock(deps.db, owner.id, async (tx) => {
    const ids = await repo.boardIdsInOrder(tx, owner.id);
    const from = ids.indexOf(boardId);
    if (from < 0) throw missing();
    ids.splice(from, 1);
    ids.splice(Math.min(position, ids.length), 0, boardId);
    await repo.renumberBoards(tx, owner.id, ids);
  });
  return listBoards(deps, owner, {});
}

/** `DELETE /boards/{id}`: the board and its entries go; every screen and flow on it stays collected. */
export async function deleteBoard(deps: Pick<BoardDeps, 'db'>, owner: Owner, boardId: number): Promise<BoardDeleted> {
  await withMemberLock(deps.db, owner.id, async (tx) => {
    if (!(await repo.deleteBoard(tx, owner.id, boardId))) throw missing();
    await repo.renumberBoards(tx, owner.id, await repo.boardIdsInOrder(tx, owner.id));
  });
  return { id: boardId, deleted: true };
}

/** Run an entry's write; a key violation (the board or the collect row went meanwhile) is the board's 404. */
async function entryWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (repo.isForeignKeyViolation(err)) throw missing();
    throw err;
  }
}

/**
 * `PUT /boards/{id}/screens/{previewId}`: collect the screen (the collect service's rules: 404 for
 * a missing screen, the paywall and the regular members' limit, code 1002) and put it on the board.
 * Idempotent.
 */
export async function addScreen(deps: BoardDeps, owner: Owner, boardId: number, previewId: number): Promise<BoardEntryReply> {
  if (!(await repo.ownsBoard(deps.db, owner.id, boardId))) throw missing();
  await collectPreview(deps, owner, previewId);
  await entryWrite(() => repo.insertBoardScreen(deps.db, boardId, owner.id, previewId));
  return { boardId, id: previewId, onBoard: true, collected: true };
}

/** `DELETE /boards/{id}/screens/{previewId}`: off the board, still collected. Idempotent. */
export async function removeScreen(deps: Pick<BoardDeps, 'db'>, owner: Owner, boardId: number, previewId: number): Promise<BoardEntryReply> {
  if (!(await repo.ownsBoard(deps.db, owner.id, boardId))) throw missing();
  await repo.deleteBoardScreen(deps.db, boardId, previewId);
  return { boardId, id: previewId, onBoard: false, collected: await repo.isScreenCollected(deps.db, owner.id, previewId) };
}

/** `PUT /boards/{id}/flows/{flowId}`: collect the flow (the flow service's rules) and put it on the board. Idempotent. */
export async function addFlow(deps: BoardDeps, owner: Owner, boardId: number, flowId: number): Promise<BoardEntryReply> {
  if (!(await repo.ownsBoard(deps.db, owner.id, boardId))) throw missing();
  await collectFlow(deps, owner, flowId);
  await entryWrite(() => repo.insertBoardFlow(deps.db, boardId, owner.id, flowId));
  return { boardId, id: flowId, onBoard: true, collected: true };
}

/** `DELETE /boards/{id}/flows/{flowId}`: off the board, still collected. Idempotent. */
export async function removeFlow(deps: Pick<BoardDeps, 'db'>, owner: Owner, boardId: number, flowId: number): Promise<BoardEntryReply> {
  if (!(await repo.ownsBoard(deps.db, owner.id, boardId))) throw missing();
  await repo.deleteBoardFlow(deps.db, boardId, flowId);
  return { boardId, id: flowId, onBoard: false, collected: await repo.isFlowCollected(deps.db, owner.id, flowId) };
}

/**
 * A page of a board's screens for a reader: only those the reader may open (`openableScreens`),
 * signed; `locked` counts the others (of published items), which are neither listed nor signed.
 */
async function screensOf(deps: Pick<BoardDeps, 'db' | 'signer'>, boardId: number, vip: boolean, query: PageQuery): Promise<BoardScreenPage> {
  const openable = openableScreens(vip);
  const [rows, counts] = await Promise.all([
    repo.listBoardScreens(deps.db, boardId, openable, pageWindow(query)),
    repo.countBoardScreens(deps.db, boardId, openable),
  ]);
  return {
    arr: rows.map((row) => ({ ...toPreview(row, deps.signer), item: toFlowItem(row), addedAt: new Date(row.addedAt).toISOString() })),
    total: counts.open,
    locked: counts.all - counts.open,
  };
}

/** `GET /boards/{id}/screens`: the owner reads their board under the same rule (a lapsed subscriber's paid screens are kept, locked). */
export async function boardScreens(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, boardId: number, query: PageQuery): Promise<BoardScreenPage> {
  if (!(await repo.ownsBoard(deps.db, owner.id, boardId))) throw missing();
  return screensOf(deps, boardId, owner.vip, query);
}

/** `GET /boards/{id}/flows`: the listed flows on the board, as cards. */
export async function boardFlows(deps: Pick<BoardDeps, 'db' | 'signer'>, owner: Owner, boardId: number, query: PageQuery): Promise<BoardFlowPage> {
  if (!(await repo.ownsBoard(deps.db, owner.id, boardId))) throw missing();
  return listBoardFlowCards(deps, boardId, query);
}

/**
 * The share link: `share` keeps a live link or makes one, `regenerate` makes a new one (the old
 * link stops working at once), `stop` removes it. Answers the board with its token.
 */
export async function setSharing(
  deps: Pick<BoardDeps, 'db' | 'signer'>,
  owner: Owner,
  boardId: number,
  action: 'share' | 'regenerate' | 'stop',
): Promise<Board> {
  const token = action === 'stop' ? null : newShareToken();
  const result = await repo.setShareToken(deps.db, owner.id, boardId, token, action === 'share');
  if (result === undefined) throw missing();
  return getBoard(deps, owner, boardId);
}

const sharedMissing = () => new NotFoundError(BoardMessage.sharedMissing);

/** `GET /shared-boards/{token}`: a shared board as anyone reads it (its owner's nickname only). */
export async function sharedBoard(deps: Pick<BoardDeps, 'db'>, reader: Reader, token: string): Promise<SharedBoard> {
  const found = await repo.findSharedBoard(deps.db, token);
  if (!found) throw sharedMissing();
  const [counts, flows] = await Promise.all([
    repo.countBoardScreens(deps.db, found.id, openableScreens(reader.vip)),
    countBoardFlows(deps, [found.id]),
  ]);
  return {
    name: found.name,
    owner: found.owner,
    screens: counts.all,
    flows: flows.get(found.id) ?? 0,
    locked: counts.all - counts.open,
    updatedAt: new Date(found.updatedAt).toISOString(),
  };
}

/** `GET /shared-boards/{token}/screens`: the screens the reader may open, and how many are locked. */
export async function sharedBoardScreens(deps: Pick<BoardDeps, 'db' | 'signer'>, reader: Reader, token: string, query: PageQuery): Promise<BoardScreenPage> {
  const found = await repo.findSharedBoard(deps.db, token);
  if (!found) throw sharedMissing();
  return screensOf(deps, found.id, reader.vip, query);
}

/** `GET /shared-boards/{token}/flows`: the board's flows as cards (the same for every reader). */
export async function sharedBoardFlows(deps: Pick<BoardDeps, 'db' | 'signer'>, token: string, query: PageQuery): Promise<BoardFlowPage> {
  const found = await repo.findSharedBoard(deps.db, token);
  if (!found) throw sharedMissing();
  return listBoardFlowCards(deps, found.id, query);
}
