import {
  BoardMessage,
  FlowMessage,
  LIMITS,
  type Board,
  type BoardEntryReplySchema,
  type BoardListSchema,
  type BoardMessageKey,
  type BoardSchema,
} from '@shotlib/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18n from '../i18n/i18n';
import { api, type ApiError, type Reply } from './api-client';
import { collectRefusalMessage, COLLECT_QUERY_KEY } from './collect';
import { FLOW_COLLECT_QUERY_KEY, flowRefusalMessage } from './flow-collect';
import { isReplyError } from './server-message';
import { useSessionStore } from './session-store';
import { toast } from './toast';

/**
 * Boards (issue 29, docs/decisions/052): the member's named collections. The calls the screen viewer, the flow
 * player and the collections pages share: the list (optionally about one screen or flow, for the "Save to board"
 * menu's checkmarks), making a board, and putting a screen or flow on a board or taking it off.
 */

/** Query-key root of everything about boards: refreshed after each change. */
export const BOARDS_QUERY_KEY = ['boards'] as const;

/** What a "Save to board" menu is about. */
export type BoardTarget = { kind: 'screen' | 'flow'; id: number };

/** `GET /boards` (`?screen=` / `?flow=`): the member's boards in their order; nothing is asked for a visitor. */
export const boardsQueryOptions = (memberId: number | null, about?: BoardTarget, enabled = true) =>
  queryOptions({
    queryKey: [...BOARDS_QUERY_KEY, 'list', memberId, about ? `${about.kind}:${about.id}` : 'all'],
    queryFn: ({ signal }) =>
      api.get<Reply<typeof BoardListSchema>>(about ? `/boards?${about.kind}=${about.id}` : '/boards', { signal, silent: true }),
    enabled: memberId !== null && enabled,
  });

export const useBoards = (memberId: number | null, about?: BoardTarget, enabled = true) => useQuery(boardsQueryOptions(memberId, about, enabled));

const boardMessageKeys = Object.keys(BoardMessage) as BoardMessageKey[];

/** A board refusal in the reader's language: the board messages by key, then the collect and flow messages. */
export function boardRefusalMessage(error: ApiError): string {
  const key = boardMessageKeys.find((k) => BoardMessage[k] === error.message);
  if (key) return i18n.t(`boards.messages.${key}`, { max: key === 'limitReachedVip' ? LIMITS.vip.boardMax : LIMITS.regular.boardMax });
  // Adding collects: the flow and collect refusals (the paywall, the limits), or the server's words.
  if (Object.values(FlowMessage).includes(error.message as never)) return flowRefusalMessage(error);
  return collectRefusalMessage(error);
}

/** Tell a refused board call (network, 401 and 5xx failures were told by the API client). */
export function toastBoardRefusal(error: unknown): void {
  if (isReplyError(error)) toast.error(boardRefusalMessage(error));
}

/** Refresh what a board change may have changed: the boards, and the collections (adding collects). */
export function refreshBoards(queryClient: QueryClient, kind?: BoardTarget['kind']) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BOARDS_QUERY_KEY }),
    kind === 'screen' ? queryClient.invalidateQueries({ queryKey: COLLECT_QUERY_KEY }) : undefined,
    kind === 'flow' ? queryClient.invalidateQueries({ queryKey: FLOW_COLLECT_QUERY_KEY }) : undefined,
  ]);
}

/** `POST /boards`: a new board (first in the list). Silent: the caller tells a refusal (the limit). */
export function createBoard(name: string): Promise<Board> {
  return api.post<Reply<typeof BoardSchema>>('/boards', { name }, { silent: true });
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createBoard(name),
    onError: toastBoardRefusal,
    onSettled: () => refreshBoards(queryClient),
  });
}

/** `PUT` / `DELETE /boards/{id}/screens|flows/{targetId}`. */
export function setOnBoard(boardId: number, target: BoardTarget, on: boolean) {
  const path = `/boards/${boardId}/${target.kind === 'screen' ? 'screens' : 'flows'}/${target.id}`;
  return on
    ? api.put<Reply<typeof BoardEntryReplySchema>>(path, undefined, { silent: true })
    : api.delete<Reply<typeof BoardEntryReplySchema>>(path, { silent: true });
}

/**
 * Put a screen or flow on a board, or take it off. Adding collects it: the session's collected set follows at once
 * (a screen), a Success toast names the board, and a refusal (the paywall, the collect limit) is told in the
 * reader's language.
 */
export function useBoardEntry() {
  const queryClient = useQueryClient();
  const mark = useSessionStore((state) => state.toggleCollected);
  return useMutation({
    mutationFn: ({ boardId, target, on }: { boardId: number; target: BoardTarget; on: boolean; name: string }) => setOnBoard(boardId, target, on),
    onSuccess: (reply, { target, on, name }) => {
      if (target.kind === 'screen' && reply.collected) mark(target.id, true);
      toast.success(i18n.t(on ? 'boards.savedTo' : 'boards.removedFrom', { name }));
    },
    onError: toastBoardRefusal,
    onSettled: (_reply, _error, { target }) => refreshBoards(queryClient, target.kind),
  });
}
