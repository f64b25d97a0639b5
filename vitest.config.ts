import { defineConfig } from 'vitest/config';

/** The server suite once per database: PGlite always, PostgreSQL too when DATABASE_URL is set. */
const server = (kind: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: { name: `server-${kind}`, provide: { testDbKind: kind } },
});

/** One test run, every project: each has its own config beside its code. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/web',
      server('pglite'),
      ...(process.env.DATABASE_URL ? [server('postgres')] : []),
    ],
  },
});
