import { defineConfig } from 'vitest/config';

/**
 * The server's tests. The root config runs them twice when DATABASE_URL is set: as
 * `server-pglite` and `server-postgres` (vitest 4 does not nest projects, so the root lists both
 * and each extends this file). Run alone, this config is the PGlite suite.
 */
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    globalSetup: ['src/test/global-setup.ts'],
    // After each file: no reply of its API calls disagreed with the OpenAPI description (decision 049).
    setupFiles: ['src/test/reply-check-setup.ts'],
    provide: { testDbKind: 'pglite' },
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
