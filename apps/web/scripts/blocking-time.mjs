#!/usr/bin/env node
/**
 * The blocking time of a page's start as Lighthouse's mobile model counts it, from CPU time rather than wall time
 * (docs/decisions/035, "Blocking time, measured on a busy machine").
 *
 *   npm run build, start the server on it, then:
 *   npx node apps/web/scripts/blocking-time.mjs URL [runs, default 3]
 *
 * Lighthouse's simulated run takes each main-thread task of an unthrottled load, makes it 4× longer, and adds up
 * what every task after the first paint spends past 50 ms. On a machine shared with other work, a task's wall time
 * grows with the load (the thread waits for a core), so the same page scores 0.8 or 0.95 from one run to the next.
 * This loads the page in Debian's Chromium at a phone's size, unthrottled, records a trace until the network is
 * quiet, and does the same sum with each task's thread time (the CPU it used), which the machine's load hardly
 * moves. Prints each run's figure, their median, and (VERBOSE=1) the tasks that count, with what filled them.
 */
import { chromium } from 'playwright-core';

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
if (!url) {
  console.error('usage: blocking-time.mjs URL [runs]');
  process.exit(2);
}
/** Lighthouse's mobile CPU slowdown, and the part of a task that is not blocking. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

async function once() {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  await browser.close();

  // The page's main thread: the main thread of the renderer that painted its first contentful paint (with Chromium
  // 156.0.8078.108 another renderer has more tasks than the page's).
  const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return { blocking: 0, counted: [], painted: false };
  const main = traceEvents.find((event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain' && event.pid === paint.pid);
  const onMain = traceEvents.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X');
  const start = onMain[0].ts;
  let blocking = 0;
  const counted = [];
  for (const task of onMain.filter((event) => event.name === 'RunTask' && event.ts > paint.ts)) {
    const modelled = (SLOWDOWN * (task.tdur ?? task.dur)) / 1000;
    if (modelled <= LONG_TASK_MS) continue;
    blocking += modelled - LONG_TASK_MS;
    const inside = {};
    for (const event of onMain) {
      if (event === task || event.name === 'RunTask' || event.ts < task.ts || event.ts + event.dur > task.ts + task.dur || event.dur < 2000) continue;
      const name = `${event.name}${event.args?.data?.functionName ? ` ${event.args.data.functionName}` : ''}`;
      inside[name] = (inside[name] ?? 0) + event.dur / 1000;
    }
    const top = Object.entries(inside)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(' | ');
    counted.push(`  at ${((task.ts - start) / 1000).toFixed(0)} ms: ${modelled.toFixed(0)} ms modelled (${top})`);
  }
  return { blocking, counted, painted: true };
}

const figures = [];
for (let run = 1; run <= runs; run++) {
  const { blocking, counted, painted } = await once();
  if (!painted) {
    console.log(`run ${run}: no first paint in the trace, left out`);
    continue;
  }
  figures.push(blocking);
  console.log(`run ${run}: ${blocking.toFixed(0)} ms`);
  if (process.env.VERBOSE) console.log(counted.join('\n'));
}
const sorted = [...figures].sort((a, b) => a - b);
if (sorted.length === 0) throw new Error('no run saw the first paint');
console.log(`median blocking time (${SLOWDOWN}× CPU, thread time): ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms`);
