import {
  PAGE_SIZE,
  type BoardDeletedSchema,
  type BoardFlowPageSchema,
  type BoardListSchema,
  type BoardSchema,
  type BoardScreenPageSchema,
  type SharedBoardSchema,
} from '@shotlib/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Reply } from '../../../lib/api-client';
import { BOARDS_QUERY_KEY, refreshBoards, toastBoardRefusal } from '../../../lib/boards';
import { FIRST_PAGE, nextPageAfter } from '../../../lib/paging';

/** The calls of the board pages (issue 29): one board, its contents, its changes, and the shared read. */

/** `GET /boards/{id}`. Silent: the page says when it is missing. */
export const boardQueryOptions = (memberId: number | null, id: number) =>
  queryOptions({
    queryKey: [...BOARDS_QUERY_KEY, 'one', memberId, id],
    queryFn: ({ signal }) => api.get<Reply<typeof BoardSchema>>(`/boards/${id}`, { signal, silent: true }),
    enabled: memberId !== null,
    retry: false,
  });
export const useBoard = (memberId: number | null, id: number) => useQuery(boardQueryOptions(memberId, id));

/** `GET /boards/{id}/screens|flows` or `/shared-boards/{token}/screens|flows`, a page at a time (PAGE_SIZE). */
function pagesOf<T extends { arr: unknown[] }>(key: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api.get<T>(path, { query: { page: pageParam, pageSize: PAGE_SIZE }, signal, silent: true }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage, allPages) => nextPageAfter(lastPage.arr.length, allPages.length, PAGE_SIZE),
    retry: false,
  });
}

export const useBoardScreens = (memberId: number | null, id: number) =>
  useInfiniteQuery({
    ...pagesOf<Reply<typeof BoardScreenPageSchema>>([...BOARDS_QUERY_KEY, 'screens', memberId, id], `/boards/${id}/screens`),
    enabled: memberId !== null,
  });
export const useBoardFlows = (memberId: number | null, id: number) =>
  useInfiniteQuery({
    ...pagesOf<Reply<typeof BoardFlowPageSchema>>([...BOARDS_QUERY_KEY, 'flows', memberId, id], `/boards/${id}/flows`),
    enabled: memberId !== null,
  });

/** A shared board for whoever reads it (what they see follows their entitlement: the key holds the member). */
export const useSharedBoard = (memberId: number | null, token: string) =>
  useQuery({
    queryKey: [...BOARDS_QUERY_KEY, 'shared', memberId, token],
    queryFn: ({ signal }) => api.get<Reply<typeof SharedBoardSchema>>(`/shared-boards/${encodeURIComponent(token)}`, { signal, silent: true }),
    retry: false,
  });
export const useSharedScreens = (memberId: number | null, token: string, enabled: boolean) =>
  useInfiniteQuery({
    ...pagesOf<Reply<typeof BoardScreenPageSchema>>([...BOARDS_QUERY_KEY, 'shared-screens', memberId, token], `/shared-boards/${encodeURIComponent(token)}/screens`),
    enabled,
  });
export const useSharedFlows = (memberId: number | null, token: string, enabled: boolean) =>
  useInfiniteQuery({
    ...pagesOf<Reply<typeof BoardFlowPageSchema>>([...BOARDS_QUERY_KEY, 'shared-flows', memberId, token], `/shared-boards/${encodeURIComponent(token)}/flows`),
    enabled,
  });

/** Rename, move, delete, share: each refreshes the boards; a refusal is told in the reader's language. */
export function useBoardChanges() {
  const queryClient = useQueryClient();
  const common = { onError: toastBoardRefusal, onSettled: () => refreshBoards(queryClient) };
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => api.patch<Reply<typeof BoardSchema>>(`/boards/${id}`, { name }, { silent: true }),
    ...common,
  });
  const move = useMutation({
    mutationFn: ({ id, position }: { id: number; position: number }) =>
      api.put<Reply<typeof BoardListSchema>>(`/boards/${id}/position`, { position }, { silent: true }),
    ...common,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<Reply<typeof BoardDeletedSchema>>(`/boards/${id}`, { silent: true }),
    ...common,
  });
  const share = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'share' | 'regenerate' | 'stop' }) => {
      const path = `/boards/${id}/share`;
      if (action === 'share') return api.put<Reply<typeof BoardSchema>>(path, undefined, { silent: true });
      if (action === 'regenerate') return api.post<Reply<typeof BoardSchema>>(path, undefined, { silent: true });
      return api.delete<Reply<typeof BoardSchema>>(path, { silent: true });
    },
    ...common,
  });
  return { rename, move, remove, share };
}
