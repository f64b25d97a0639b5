#!/usr/bin/env node
/**
 * The weight of JavaScript a first visit to a page fetches, as the browser receives it.
 *
 *   npm start   (or any running product), then:
 *   npx node apps/web/scripts/first-load.mjs [base URL, default http://127.0.0.1:8080] [path, default /app]
 *
 * Loads the page in Debian's Chromium (a cold cache), waits until the cards are drawn and the network is quiet,
 * and sums the encoded (on the wire) size of every JavaScript response: once asking for gzip only, once with the
 * browser's own Accept-Encoding (brotli). The e2e test e2e/tests/first-view.spec.ts holds the budget.
 */
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const pathname = process.argv[3] ?? '/app';

async function measure(browser, acceptEncoding) {
  const context = await browser.newContext(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {});
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response || request.resourceType() !== 'script') return;
    const { responseBodySize } = await request.sizes();
    scripts.push({ url: new URL(request.url()).pathname, bytes: responseBodySize, encoding: (await response.allHeaders())['content-encoding'] ?? 'identity' });
  });
  await page.goto(base + pathname, { waitUntil: 'networkidle' });
  await page.getByRole('main').getByRole('article').first().waitFor({ timeout: 15_000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts.sort((a, b) => b.bytes - a.bytes);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const [label, encoding] of [['gzip', 'gzip'], ['browser default (br)', undefined]]) {
    const scripts = await measure(browser, encoding);
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`\n${pathname} first-load JS, ${label}: ${(total / 1000).toFixed(1)} kB in ${scripts.length} files`);
    for (const s of scripts) console.log(`  ${(s.bytes / 1000).toFixed(1).padStart(6)} kB  ${s.encoding.padEnd(8)} ${s.url}`);
  }
} finally {
  await browser.close();
}
