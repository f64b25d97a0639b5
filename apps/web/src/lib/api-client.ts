import './zod-jitless';
import { API_PREFIX, REQUEST_TIMEOUT_MS } from '@shotlib/contract';
import { z } from 'zod';
import i18n from '../i18n/i18n';
import { translateServerMessage } from './message-translators';
import { currentPath, navigate } from './navigation';
import { loginPath, paths } from './routes';
import { getToken, useSessionStore } from './session-store';
import { toast } from './toast';

/**
 * The one client of the API (docs/product-spec.md §7–8). Every reply is the envelope `{code, message, data}`:
 * code 0 gives `data`, parsed with the caller's schema; anything else becomes an ApiError, and
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
  /** A 4xx without an envelope, or a reply that does not match its schema: passed on untold. */
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

const EnvelopeShape = z.object({ code: z.number(), message: z.string().catch(''), data: z.unknown() });

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
  schema: z.ZodType<T>,
  body: unknown,
  { query, silent = false, signal }: RequestOptions = {},
): Promise<T> {
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

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.ok ? 'invalid' : 'http', `HTTP ${response.status}: not JSON`, response.status);
  }
  const envelope = EnvelopeShape.safeParse(json);
  if (!envelope.success) throw new ApiError(response.ok ? 'invalid' : 'http', `HTTP ${response.status}: not an envelope`, response.status);

  const { code, message } = envelope.data;
  if (code !== 0) {
    if (!silent) toast.error(message ? translateServerMessage(message) : i18n.t('errors.internal'));
    throw new ApiError('reply', message, response.status, code);
  }

  const data = schema.safeParse(envelope.data.data);
  if (!data.success) {
    // A contract mismatch between this build and the server: a bug to see in the console.
    console.error(`Reply of ${method} ${path} does not match its schema`, data.error.issues);
    throw new ApiError('invalid', `reply of ${method} ${path} does not match its schema`, response.status);
  }
  return data.data;
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>, options?: RequestOptions) => request('GET', path, schema, undefined, options),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('POST', path, schema, body, options),
  put: <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('PUT', path, schema, body, options),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('PATCH', path, schema, body, options),
  delete: <T>(path: string, schema: z.ZodType<T>, options?: RequestOptions) =>
    request('DELETE', path, schema, undefined, options),
};
