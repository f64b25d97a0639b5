import { API_PREFIX } from '@shotlib/contract';
import { ADMIN_PATH } from '@shotlib/contract/admin';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** One page of a list reply. */
export type List<T> = { arr: T[]; total: number };

/** The URL of a console call (`/items` → `/api/.../admin/items`). */
export const adminUrl = (path: string) => `${API_PREFIX}${ADMIN_PATH}${path}`;

/**
 * A test app for the whole file: made in beforeAll, closed in afterAll. The object returned is
 * filled in beforeAll, so read its fields inside hooks and tests only.
 */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close?.());
  return t;
}

/** Poll `seen` until it holds (a write reaches the read cache through a notification). */
export async function eventually(seen: () => Promise<boolean>, timeoutMs = 5000, intervalMs = 10): Promise<void> {
  const start = Date.now();
  while (!(await seen())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
