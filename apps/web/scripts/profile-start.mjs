#!/usr/bin/env node
/**
 * What the main thread does while a page starts, attributed to source files and functions (docs/decisions/035,
 * "Lighthouse ≥ 0.95").
 *
 *   npm run build, start the server on it, then:
 *   npx node apps/web/scripts/profile-start.mjs [URL, default http://127.0.0.1:8080/app] [CPU slowdown, default 4]
 *
 * Loads the page in Debian's Chromium at a phone's size, with the CPU slowed as Lighthouse's mobile run models it,
 * records a CPU profile until the network is quiet, and prints each task longer than 12 ms (the busy stretches
 * between idle samples) with the source files and functions that took its time, through apps/web/dist's source maps.
 * The profiler's own overhead inflates the figures (by ~1.5× at this sampling): compare runs, not absolute times.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8080/app';
const slowdown = Number(process.argv[3] ?? 4);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();

/** A profile node as `function file:line` of the source, through the chunk's source map. */
const maps = new Map();
function label(node) {
  const { url: script, functionName, lineNumber, columnNumber } = node.callFrame;
  if (!script.startsWith('http')) return functionName || '(native)';
  const file = path.join(dist, new URL(script).pathname + '.map');
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  const map = maps.get(file);
  if (!map) return `${functionName || '(anonymous)'} ${new URL(script).pathname}`;
  const source = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  const where = (source.source ?? '').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${source.name ?? functionName ?? '(anonymous)'} ${where}:${source.line}`;
}
const labels = new Map(profile.nodes.map((node) => [node.id, label(node)]));
const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));

// Busy stretches: consecutive samples that are not idle, less than 1 ms apart.
const tasks = [];
let time = profile.startTime;
let current = null;
profile.samples.forEach((id, i) => {
  time += profile.timeDeltas[i];
  const took = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  if (labels.get(id) === '(idle)') return void (current = null);
  if (!current) tasks.push((current = { start: (time - profile.startTime) / 1000, duration: 0, self: new Map(), total: new Map() }));
  current.duration += took;
  current.self.set(labels.get(id), (current.self.get(labels.get(id)) ?? 0) + took);
  const seen = new Set();
  for (let node = id; node !== undefined; node = parents.get(node)) {
    const name = labels.get(node);
    if (seen.has(name)) continue;
    seen.add(name);
    current.total.set(name, (current.total.get(name) ?? 0) + took);
  }
});

const top = (counts, n) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`)
    .join('\n');
for (const task of tasks.filter((t) => t.duration > 12)) {
  console.log(`task at ${task.start.toFixed(0)} ms: ${task.duration.toFixed(1)} ms\n  self:\n${top(task.self, 12)}\n  with what it called:\n${top(task.total, Number(process.env.TOP ?? 25))}`);
}
