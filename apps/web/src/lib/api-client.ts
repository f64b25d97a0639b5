import { API_PREFIX, REQUEST_TIMEOUT_MS } from '@shotlib/contract';
import type { z } from 'zod';
import i18n from '../i18n/i18n';
import { translateServerMessage } from './message-translators';
import { currentPath, navigate } from './navigation';
import { loginPath, paths } from './routes';
import { getToken, useSessionStore } from './session-store';
import { duringTakeOver } from './take-over';
import { toast } from './toast';

/**
 * The one client of the API (docs/product-spec.md §7–8). Every reply is the envelope `{code, message, data}`:
 * code 0 gives `data`, typed by the caller as its contract schema's output (`api.get<Reply<typeof XSchema>>`);
 * anything else becomes an ApiError, and
 * the user learns about it through a toast as the error catalogue says:
 *   code ≠ 0 → its message (unless `silent`) · HTTP 401 → session cleared, go to Login ·
 *   HTTP ≥ 500 → 'Internal Server Error' · no reply or time-out → 'Network Error'.
 */

export type ApiErrorKind =
  /** The server answered with code ≠ 0; `message` is its text. */
  | 'reply'
  | 'unauthorized'
  | 'server'
  | 'network'
  /** The caller aborted (e.g. a query was cancelled): nobody is told. */
  | 'aborted'
  /** A 4xx without an envelope, or a 2xx whose body is not one: passed on untold. */
  | 'http'
  | 'invalid';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** The envelope's code, for kind 'reply'. */
    readonly code?: number,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type RequestOptions = {
  /** Query parameters; null and undefined are left out, arrays are sent comma-separated. */
  query?: Record<string, QueryValue>;
  /** Do not toast a code ≠ 0 reply (list calls stop loading silently, docs/product-spec.md §8). */
  silent?: boolean;
  signal?: AbortSignal;
};

/** What a call answers with: the JSON envelope (every call but one), or a file's bytes (`api.file`). */
type Expect = 'envelope' | 'file';

/**
 * The type of a call's reply, named by its schema in the contract. Types only: the browser does not parse replies
 * with zod (docs/decisions/035). The server checks every reply against the same schema before it leaves
 * (fastify-type-provider-zod's serializer, `replies()` in apps/server), and this page and that server are one build
 * (index.html is never cached), so parsing again here only cost the first view zod's ~26 kB of gzip.
 */
export type Reply<S extends z.ZodType> = z.output<S>;

type Envelope = { code: number; message: string; data: unknown };

/**
 * The envelope, checked by hand (what zod's `{code: number, message: string (else ''), data}` checked); null when
 * the body is not one. Also used by the console's screen uploads, which go through XMLHttpRequest.
 */
export function asEnvelope(json: unknown): Envelope | null {
  if (typeof json !== 'object' || json === null || !('code' in json) || typeof json.code !== 'number' || Number.isNaN(json.code)) return null;
  const message = 'message' in json && typeof json.message === 'string' ? json.message : '';
  return { code: json.code, message, data: 'data' in json ? json.data : undefined };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

/** A 401: the session is over. Clear it and ask for a login that returns here. */
function onUnauthorized(): void {
  useSessionStore.getState().logout();
  const here = currentPath();
  // Already on Login (e.g. a failed sign-in): stay, keeping its redirect query.
  if (window.location.pathname !== paths.Login) navigate(loginPath(here));
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  { query, silent = false, signal }: RequestOptions = {},
  expect: Expect = 'envelope',
): Promise<T> {
  // Asked for while the app takes over the server's page (its queries start as it does): the request starts in a
  // task of its own, not in that long one (a browser's first fetch costs the main thread several milliseconds).
  if (duringTakeOver()) await new Promise((resolve) => setTimeout(resolve));
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', token);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body; // the browser sets the multipart boundary
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  // One controller for both the 30 s time-out and the caller's own cancellation.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal: controller.signal });
  } catch (cause) {
    if (signal?.aborted) throw new ApiError('aborted', 'aborted');
    toast.error(i18n.t('errors.network'));
    throw new ApiError('network', cause instanceof Error ? cause.message : 'network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  if (response.status === 401) {
    onUnauthorized();
    throw new ApiError('unauthorized', 'unauthorized', 401);
  }
  if (response.status >= 500) {
    toast.error(i18n.t('errors.internal'));
    throw new ApiError('server', `HTTP ${response.status}`, response.status);
  }

  // A file comes as itself; a refusal of it still comes as an envelope (JSON), told below.
  if (expect === 'file' && response.ok && !response.headers.get('Content-Type')?.includes('json')) return (await response.blob()) as T;

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'invalid' : 'http', `HTTP ${response.status}: not JSON`, response.status);
  }
  const envelope = asEnvelope(json);
  if (!envelope) throw new ApiError(response.ok ? 'invalid' : 'http', `HTTP ${response.status}: not an envelope`, response.status);

  const { code, message } = envelope;
  if (code !== 0) {
    if (!silent) toast.error(message ? translateServerMessage(message) : i18n.t('errors.internal'));
    throw new ApiError('reply', message, response.status, code);
  }

  return envelope.data as T;
}

/** `T` is the reply's type, `Reply<typeof XSchema>` of the contract: there is no default, so none is forgotten. */
export const api = {
  get: <T = never>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = never>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T = never>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T = never>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T = never>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** A GET whose answer is a private file (a portfolio's PDF): its bytes, fetched with the session like any call. */
  file: (path: string, options?: RequestOptions) => request<Blob>('GET', path, undefined, options, 'file'),
};
