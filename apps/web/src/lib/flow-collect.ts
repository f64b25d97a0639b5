import {
  FlowMessage,
  LIMITS,
  ReplyCode,
  type CollectedFlowIdsSchema,
  type FlowCollectReplySchema,
  type FlowMessageKey,
} from '@shotlib/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import i18n from '../i18n/i18n';
import { api, type ApiError, type Reply } from './api-client';
import { loginPath } from './routes';
import { isReplyError, translatedReplyMessage } from './server-message';
import { useSessionStore } from './session-store';
import { toast } from './toast';

/**
 * Collecting a whole flow (issue 13, docs/decisions/045): `PUT` / `DELETE /flow/{id}/fav`, the member's collected
 * flow ids (`GET /flow/fav/ids`) and the refusals in the reader's language. Used by the flow player (detail page)
 * and the collections page's Flows tab.
 */

/** Query-key root of everything that lists collected flows: refreshed after each toggle. */
export const FLOW_COLLECT_QUERY_KEY = ['flows', 'collect'] as const;

const flowIdsKey = (memberId: number | null) => [...FLOW_COLLECT_QUERY_KEY, 'ids', memberId] as const;

/** `GET /flow/fav/ids`: every flow the member has collected (members only; nothing is asked for a visitor). */
export const collectedFlowIdsQueryOptions = (memberId: number | null) =>
  queryOptions({
    queryKey: flowIdsKey(memberId),
    queryFn: ({ signal }) => api.get<Reply<typeof CollectedFlowIdsSchema>>('/flow/fav/ids', { signal, silent: true }),
    select: (reply) => new Set(reply.arr),
    enabled: memberId !== null,
    staleTime: 60_000,
  });

/** Collect (`collected` true) or uncollect a flow. Silent: `useFlowCollect` tells a refusal in the reader's language. */
export function setFlowCollected(flowId: number, collected: boolean) {
  const path = `/flow/${flowId}/fav`;
  return collected
    ? api.put<Reply<typeof FlowCollectReplySchema>>(path, undefined, { silent: true })
    : api.delete<Reply<typeof FlowCollectReplySchema>>(path, { silent: true });
}

const flowMessageKeys = Object.keys(FlowMessage) as FlowMessageKey[];

/** A flow refusal in the reader's language (the flow messages by key; others as lib/server-message says them). */
export function flowRefusalMessage(error: ApiError): string {
  const key = flowMessageKeys.find((k) => FlowMessage[k] === error.message);
  return key ? i18n.t(`flows.messages.${key}`, { max: LIMITS.regular.collectMax }) : translatedReplyMessage(error);
}

/** Whether a refusal is the regular member's flow-collect limit (the subscription lifts it). */
export const isFlowCollectLimit = (error: unknown): boolean =>
  isReplyError(error) && error.code === ReplyCode.vipRequired && error.message === FlowMessage.collectLimit;

type ToggleOptions = {
  /** A regular member over the limit (code 1002): the page offers the subscription instead of a toast. */
  onLimit?: (message: string) => void;
};

/**
 * Whether a flow is collected, and the action that toggles it. A visitor is sent to Login and comes back to this
 * very URL (the player's deep link); a member's toggle shows at once (optimistic), a Success toast follows, and a
 * refusal undoes it: the collect limit through `onLimit` (the subscribe offer), anything else as a toast.
 */
export function useFlowCollect({ onLimit }: ToggleOptions = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const memberId = useSessionStore((state) => state.user?.id ?? null);
  const ids = useQuery(collectedFlowIdsQueryOptions(memberId));

  const mark = (id: number, on: boolean) =>
    queryClient.setQueryData(flowIdsKey(memberId), (reply: Reply<typeof CollectedFlowIdsSchema> | undefined) => {
      if (!reply) return reply;
      const arr = reply.arr.filter((other) => other !== id);
      return { ...reply, arr: on ? [id, ...arr] : arr, total: on ? arr.length + 1 : arr.length };
    });

  const { mutate, isPending } = useMutation({
    mutationFn: ({ id, collect }: { id: number; collect: boolean }) => setFlowCollected(id, collect),
    onMutate: async ({ id, collect }) => {
      await queryClient.cancelQueries({ queryKey: flowIdsKey(memberId) });
      mark(id, collect);
    },
    onError: (error, { id, collect }) => {
      mark(id, !collect);
      if (isFlowCollectLimit(error) && onLimit && isReplyError(error)) onLimit(flowRefusalMessage(error));
      else if (isReplyError(error)) toast.error(flowRefusalMessage(error));
    },
    onSuccess: () => toast.success(t('common.success')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FLOW_COLLECT_QUERY_KEY }),
  });

  const isCollected = useCallback((id: number) => ids.data?.has(id) ?? false, [ids.data]);

  const toggle = (id: number) => {
    if (memberId === null) {
      void navigate(loginPath(`${location.pathname}${location.search}${location.hash}`));
      return;
    }
    mutate({ id, collect: !isCollected(id) });
  };

  return { isCollected, toggle, signedIn: memberId !== null, pending: isPending, ready: ids.isSuccess };
}
