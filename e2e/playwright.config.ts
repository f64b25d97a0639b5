import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { ADMIN_EMAIL } from './accounts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 18080);
/**
 * E2E_ISOLATED=1 is for developers running several suites at once: the web app is built into a
 * private folder, the server runs from source with tsx, and the seeded data dir is kept between runs.
 * Without it (CI, `npm test`) the product starts exactly as `npm start` starts it, on fresh data.
 */
const isolated = process.env.E2E_ISOLATED === '1';
const dataDir = path.join(here, '.data', String(port));
const webDist = path.join(here, '.data', `web-${port}`);
const command = isolated
  ? `npx vite build apps/web --outDir "${webDist}" --emptyOutDir --logLevel warn && npx vite build apps/web --ssr src/entry-server.tsx --outDir "${path.join(webDist, '.ssr')}" --emptyOutDir --logLevel warn && npx tsx apps/server/src/main.ts`
  : `rm -rf "${dataDir}" && npm start`;

/** Chromium from Debian (never a downloaded browser), without the background networking it would try. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command,
    cwd: root,
    // Ready once the first start's demo is imported through the ingestion pipeline and processed
    // (503 until then): 21 minutes on two idle cores on 2026-11-27 with one queue worker; about 7 plus the
    // demo folder's generation with a worker per core (decision 042), more on a busy machine.
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 2_100_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // The origin the browser uses: payment returns must come back to it (its localStorage holds the session).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser and API request of the suites comes from 127.0.0.1: per-IP sign-in limits
      // would count the whole run as one visitor. Per-address limits stay on.
      AUTH_IP_LIMITS: 'false',
      // The member with this address is made an admin at start (loginAsAdmin signs in as them).
      ADMIN_EMAIL,
      ...(isolated ? { WEB_DIST: webDist } : {}),
    },
  },
});
