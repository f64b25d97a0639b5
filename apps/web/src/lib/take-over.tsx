import { Suspense, useState, type ReactNode } from 'react';

/**
 * Taking over the page the server rendered (main.tsx, `hydrateRoot`) in steps: docs/decisions/035, "The page from the
 * server". Taken over in one go, the list page was one long task (Preact walks every element of the header, the
 * banner, the toolbar, the cards and the footer); a slow phone could not answer a tap meanwhile, and Lighthouse
 * counts all of it as blocking time. Parts wrapped in `TakeOverLater` are left as the server drew them (Preact keeps
 * a suspended part's markup while it hydrates) and taken over one per task afterwards, in page order.
 */
let takingOver = false;
/** From `takeOver` until its task ends: its render, and the effects and microtasks run after it in the same task. */
let inTakeOverTask = false;
/** While the server renders a page (`drawServerPage`). */
let drawingServerPage = false;

/** Run `hydrate` (the first render over the server's markup) with its `TakeOverLater` parts left for later tasks. */
export function takeOver(hydrate: () => void): void {
  takingOver = true;
  inTakeOverTask = true;
  setTimeout(() => (inTakeOverTask = false));
  try {
    hydrate();
  } finally {
    takingOver = false;
  }
}

/**
 * Whether this is the task in which the app takes over the server's page. Work it starts (a query's request) is better
 * left to a later task: that one is already the longest of the start.
 */
export function duringTakeOver(): boolean {
  return inTakeOverTask;
}

/** Run `render`, the server's render of a page (entry-server.tsx), as a render that draws the server's page. */
export function drawServerPage<T>(render: () => T): T {
  drawingServerPage = true;
  try {
    return render();
  } finally {
    drawingServerPage = false;
  }
}

/**
 * Whether this render draws the page the server renders, or takes it over (`drawServerPage`, `takeOver`). Such a
 * render draws a list's first page whole, with no placeholders standing in for cards drawn later: the cards come
 * with the HTML, and are taken over one per task.
 */
export function drawsServerPage(): boolean {
  return takingOver || drawingServerPage;
}

type Gate = { open: boolean; opened: Promise<void> };
const waiting: (() => void)[] = [];

const whenDone: (() => void)[] = [];

/** Open the next gate, and the one after it in the next task; once the last is taken over, say so. */
function openNext(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(openNext);
  else setTimeout(() => whenDone.splice(0).forEach((done) => done()));
}

/** Resolves once every part left for later has been taken over (in a later task, when none was). */
export function takenOver(): Promise<void> {
  return new Promise((resolve) => (waiting.length > 0 ? whenDone.push(resolve) : setTimeout(resolve)));
}

function nextGate(): Gate {
  const gate: Gate = { open: false, opened: Promise.resolve() };
  gate.opened = new Promise<void>((resolve) => {
    waiting.push(() => {
      gate.open = true;
      resolve();
    });
    if (waiting.length === 1) setTimeout(openNext);
  });
  return gate;
}

/** Suspends (keeping the server's markup) until its gate opens; renders its children from then on, or at once without one. */
function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.open) throw gate.opened;
  return children;
}

/**
 * A part of the page taken over in a task of its own, after the rest, when the app takes over the server's page;
 * rendered as it is otherwise (and always the same elements, so nothing is drawn again). Its children must draw a
 * single element (the one Preact keeps while the part waits), and call no `useId` (their ids would be counted later
 * than the server counted them).
 */
export function TakeOverLater({ children }: { children: ReactNode }) {
  const [gate] = useState(() => (takingOver ? nextGate() : null));
  return (
    <Suspense fallback={null}>
      <Gated gate={gate}>{children}</Gated>
    </Suspense>
  );
}
