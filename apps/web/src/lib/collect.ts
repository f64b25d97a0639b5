import { CollectMessage, type CollectReplySchema, LIMITS, type CollectMessageKey, type CollectReply } from '@shotlib/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
 * Collecting a preview (docs/product-spec.md §4: "Collect toggles adding or removing a preview id"), the one place
 * that calls `PUT` / `DELETE /platform/preview/{id}`. Used by the sites list, the detail grid,
 * the image viewer and the collections page. The set itself is loaded from the server after
 * sign-in by lib/collected-ids.ts.
 */

/** Query-key root of everything that lists collected previews: refreshed after each toggle. */
export const COLLECT_QUERY_KEY = ['collect'] as const;

/** Query-key root of the member's collected ids (lib/collected-ids.ts). */
export const COLLECTED_IDS_QUERY_KEY = ['session', 'collected'] as const;

/** Mutation key of the toggles, so the collected-ids sync can see which ones are still on their way. */
export const COLLECT_MUTATION_KEY = ['collect', 'toggle'] as const;

/** What a toggle asks for: collect (`collect` true) or remove preview `id`. */
export type CollectToggle = { id: number; collect: boolean };

/**
 * Add (`collected` true) or remove a preview from the caller's collection. Silent: a refusal is
 * told by `useCollect`, in the reader's language.
 */
export function setCollected(previewId: number, collected: boolean): Promise<CollectReply> {
  const path = `/platform/preview/${previewId}`;
  return collected
    ? api.put<Reply<typeof CollectReplySchema>>(path, undefined, { silent: true })
    : api.delete<Reply<typeof CollectReplySchema>>(path, { silent: true });
}

const collectMessageKeys = Object.keys(CollectMessage) as CollectMessageKey[];

/** A refused toggle said in the reader's language (the collect messages by key; others as the server wrote them). */
export function collectRefusalMessage(error: ApiError): string {
  const key = collectMessageKeys.find((k) => CollectMessage[k] === error.message);
  return key ? i18n.t(`collecting.messages.${key}`, { max: LIMITS.regular.collectMax }) : translatedReplyMessage(error);
}

/**
 * The collect a visitor asked for before being sent to sign in (this tab only, sessionStorage):
 * completed right after the sign-in, so they come back to the page with the screen collected.
 */
const PENDING_COLLECT_KEY = 'pendingCollect';
/** A pending collect older than this (an abandoned sign-in) is forgotten. */
const PENDING_COLLECT_TTL_MS = 30 * 60_000;

type PendingCollect = { id: number; at: number };

function rememberPendingCollect(id: number): void {
  try {
    sessionStorage.setItem(PENDING_COLLECT_KEY, JSON.stringify({ id, at: Date.now() } satisfies PendingCollect));
  } catch {
    // Storage unavailable: the visitor collects again after signing in.
  }
}

function takePendingCollect(): number | null {
  try {
    const raw = sessionStorage.getItem(PENDING_COLLECT_KEY);
    sessionStorage.removeItem(PENDING_COLLECT_KEY);
    const pending = raw ? (JSON.parse(raw) as Partial<PendingCollect>) : null;
    if (!pending || !Number.isInteger(pending.id) || typeof pending.at !== 'number') return null;
    return Date.now() - pending.at < PENDING_COLLECT_TTL_MS ? pending.id! : null;
  } catch {
    return null;
  }
}

/**
 * After a sign-in: collect the screen the visitor pressed Collect on before signing in, with the
 * usual Success toast, or the refusal (the paywall, the limit) in the reader's language.
 */
export async function completePendingCollect(queryClient: QueryClient): Promise<void> {
  const id = takePendingCollect();
  if (id === null) return;
  try {
    await setCollected(id, true);
    useSessionStore.getState().toggleCollected(id, true);
    toast.success(i18n.t('common.success'));
  } catch (error) {
    if (isReplyError(error)) toast.error(collectRefusalMessage(error));
  }
  // The sign-in also loads the collected ids; a load that started before this collect would put
  // the old set back when it lands. Cancel it (a first load is not cancelled by a refetch), then
  // load them again, and the lists.
  await queryClient.cancelQueries({ queryKey: COLLECTED_IDS_QUERY_KEY });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: COLLECTED_IDS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: COLLECT_QUERY_KEY }),
  ]);
}

/**
 * Whether a preview is collected, and the action that toggles it. A visitor is sent to Login with
 * a redirect back here (docs/product-spec.md §6), and the collect is done once they have signed in; a member's
 * toggle shows at once (the session's collected set), a Success toast follows, and a refusal
 * undoes it with the reason in the reader's language.
 */
export function useCollect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((state) => state.user !== null);
  const collected = useSessionStore((state) => state.collected);
  const mark = useSessionStore((state) => state.toggleCollected);

  const { mutate } = useMutation({
    mutationKey: COLLECT_MUTATION_KEY,
    mutationFn: ({ id, collect }: CollectToggle) => setCollected(id, collect),
    onMutate: ({ id, collect }) => mark(id, collect),
    onError: (error, { id, collect }) => {
      mark(id, !collect);
      // Network, 401 and 5xx failures were told by the API client; a refusal is told here.
      if (isReplyError(error)) toast.error(collectRefusalMessage(error));
    },
    onSuccess: () => {
      toast.success(t('common.success'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: COLLECT_QUERY_KEY }),
  });

  const toggle = useCallback(
    (id: number) => {
      if (!signedIn) {
        rememberPendingCollect(id);
        void navigate(loginPath(`${location.pathname}${location.search}${location.hash}`));
        return;
      }
      mutate({ id, collect: !useSessionStore.getState().collected.has(id) });
    },
    [signedIn, navigate, location.pathname, location.search, location.hash, mutate],
  );

  const isCollected = useCallback((id: number) => collected.has(id), [collected]);
  return { isCollected, toggle, signedIn };
}
