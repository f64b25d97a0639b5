import { ProviderError, type FetchLike } from './types';

/** How long any call to a provider may take before it counts as unavailable. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** A provider's reply: the status, the raw text (signatures cover it) and its JSON when it is JSON. */
export type ProviderReply = { status: number; text: string; json: unknown; headers: Headers };

/** Call a provider with a time-out; network failures become ProviderError. */
export async function providerCall(fetchImpl: FetchLike, url: string, init: RequestInit): Promise<ProviderReply> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError(`request to ${new URL(url).host} failed: ${(err as Error).message}`);
  }
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: response.status, text, json, headers: response.headers };
}

/** Like providerCall, but a non-2xx status is a ProviderError. */
export async function providerCallOk(fetchImpl: FetchLike, url: string, init: RequestInit): Promise<ProviderReply> {
  const reply = await providerCall(fetchImpl, url, init);
  if (reply.status < 200 || reply.status >= 300) {
    throw new ProviderError(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${reply.status}`, reply.status);
  }
  return reply;
}

/** Read a nested field of a JSON value without trusting its shape. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export const str = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
export const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);
