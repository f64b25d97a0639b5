import { SCREEN_PAGE_SIZE } from '@shotlib/contract';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type HTMLAttributes, type ReactElement, type ReactNode, type RefObject } from 'react';
import { drawsServerPage } from '../lib/take-over';

/**
 * Lists up to this many cards are drawn whole (nothing is swapped while scrolling); longer ones draw only the rows
 * near the viewport, so the document stays under 3,000 elements however far a reader scrolls (docs/decisions/035,
 * and 057: at 120, /app reached 3,906 elements at 104 cards). 48 of the heaviest card, a flow card's 41 elements,
 * and the page around them come to under 2,000.
 */
export const WINDOW_FROM = 48;
/**
 * The whole grid's layout is read only from this many cells on: one more page (at most SCREEN_PAGE_SIZE cells, the
 * longest page a grid asks for) can then take the list past WINDOW_FROM. Reading it forces a layout in the middle
 * of the render's task, which a first view (8 cards; the Screens view's 24) should not pay for.
 */
export const MEASURE_FROM = WINDOW_FROM - SCREEN_PAGE_SIZE + 1;

/**
 * The windowed grids' last layouts, by history entry (React Router's `history.state.key`): a grid drawn again on
 * Back starts from the rows it had measured, so the scroll position the router restores shows the same cards
 * (docs/decisions/057). The newest MAX_KEPT_LAYOUTS entries are kept.
 */
const keptLayouts = new Map<string, GridLayout>();
const MAX_KEPT_LAYOUTS = 30;

/** This history entry's key: the router's, or 'default' for the page load's first entry (as React Router names it). */
export function entryKey(): string | null {
  if (typeof window === 'undefined') return null;
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? (state as { key: unknown }).key : null;
  return typeof key === 'string' ? key : 'default';
}

/** The layout a windowed grid of the history entry `key` last had, if any. */
export function keptLayout(key: string | null): GridLayout | null {
  return key === null ? null : (keptLayouts.get(key) ?? null);
}

/**
 * Keep a windowed grid's layout for the history entry `key`, the one it was drawn in (read as it was drawn: as it
 * goes, the router has already moved the history on to the next entry).
 */
export function keepLayout(key: string | null, layout: GridLayout): void {
  if (key === null) return;
  keptLayouts.delete(key);
  keptLayouts.set(key, layout);
  if (keptLayouts.size > MAX_KEPT_LAYOUTS) keptLayouts.delete(keptLayouts.keys().next().value!);
}

/** Given to each cell's `<li>`: the windowed grid measures its rows through the first cell of each. */
export type CellProps = { ref?: (node: Element | null) => void; 'data-index'?: number };

export type CardGridProps<T> = {
  items: readonly T[];
  /** The desktop column count (narrow screens have fewer, in CSS). */
  columns: number;
  /** A first guess at a row's height in px, for the windowed form. */
  estimateRowHeight: number;
  /** One cell: an `<li>` with `cellProps` spread on it. */
  renderItem: (item: T, position: number, cellProps: CellProps) => ReactElement;
  /** Placeholders after the last cell (the next page loading), drawn when the end of the list is. */
  trailing?: ReactNode;
  /** The `<ul>`'s own attributes (role, class, style with --columns, aria-busy). */
  listProps: HTMLAttributes<HTMLUListElement> & Record<`data-${string}`, string | undefined>;
  /**
   * Draw the grid in steps when it first appears: this many cells at once, then STEP_CELLS more in each later task,
   * the cells not drawn yet standing in as `placeholder` (a cell of the same size). A page's first render then holds
   * its first row, not its whole first page (docs/decisions/035, "Lighthouse ≥ 0.95"). Later pages are drawn whole,
   * and so is the page the server renders (its cards are in the HTML).
   */
  steps?: { first: number; placeholder: (position: number) => ReactElement };
};

/** Cells added per task while a grid is drawn in steps: each task stays short (under 50 ms on a slow phone). */
export const STEP_CELLS = 2;

/** How a drawn grid is laid out: what the windowed form needs to place rows where the whole grid had them. */
export type GridLayout = {
  /** The drawn column count (narrow screens have fewer than the desktop's). */
  columns: number;
  rowGap: number;
  /** Where the grid starts on the page, in px from the document's top. */
  top: number;
  /** Each drawn row's height in px, from the top (empty where nothing is laid out, as in tests without layout). */
  rowHeights: number[];
  /** A kept layout's (keepLayout): where the page was scrolled as the grid left it. */
  scrollY?: number;
};

/** Reads a CSS grid's layout; `fallbackColumns` stands in before its styles apply (or where nothing is laid out). */
export function readGridLayout(list: HTMLElement, cells: number, fallbackColumns: number): GridLayout {
  const style = getComputedStyle(list);
  // The resolved track list ("212px 212px …"); 'none' before the grid's styles apply.
  const template = style.gridTemplateColumns;
  const columns = template && template !== 'none' ? template.split(' ').filter(Boolean).length : fallbackColumns;
  const rowHeights: number[] = [];
  // Cells stretch to their row's height: a row's first cell measures it.
  for (let first = 0; first < cells; first += columns) {
    const height = Math.round(list.children[first]?.getBoundingClientRect().height ?? 0);
    if (height <= 0) break;
    rowHeights.push(height);
  }
  return {
    columns,
    rowGap: Number.parseFloat(style.rowGap) || 0,
    top: Math.round(list.getBoundingClientRect().top + window.scrollY),
    rowHeights,
  };
}

/** What the windowed form is given: the list, the whole grid's last layout, and the page's scroll position. */
export type WindowedGridProps<T> = CardGridProps<T> & {
  seen: RefObject<GridLayout | null>;
  /** `window.scrollY` as the grid renders, read while the page still holds the grid it replaces. */
  scrollY: number;
};

type WindowedGridComponent = ComponentType<WindowedGridProps<unknown>>;

/**
 * The windowing (TanStack Virtual) is a chunk of its own: the first view, and every short list, go without it. It is
 * loaded when a list first grows past WINDOW_FROM, and kept for every later one.
 */
let windowedGrid: WindowedGridComponent | null = null;
let windowedGridLoading: Promise<WindowedGridComponent> | null = null;
function loadWindowedGrid(): Promise<WindowedGridComponent> {
  windowedGridLoading ??= import('./windowed-grid').then(
    (module) => (windowedGrid = module.default as WindowedGridComponent),
    (error: unknown) => {
      // Asked again the next time a list grows: meanwhile the whole grid stays.
      windowedGridLoading = null;
      throw error;
    },
  );
  return windowedGridLoading;
}

type WholeGridProps<T> = CardGridProps<T> & { seen: RefObject<GridLayout | null> };

/**
 * Every cell drawn; once the list may cross WINDOW_FROM with its next page, its layout is kept after each render,
 * for the windowed form to start from when the list grows.
 */
function WholeGrid<T>({ items, columns, renderItem, trailing, listProps, seen, steps }: WholeGridProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  // How many cells are drawn: all of them, or (drawn in steps) a first few, then more in each later task, until
  // the list has been drawn whole once (its first cells may come after the grid, as a page's data arrives). The page
  // the server renders has them all, and so has the render that takes it over (lib/take-over.tsx).
  const [drawn, setDrawn] = useState(() => (steps && !drawsServerPage() ? steps.first : Number.POSITIVE_INFINITY));
  const stepping = drawn < items.length;
  useEffect(() => {
    if (!stepping) {
      if (drawn !== Number.POSITIVE_INFINITY && items.length > 0) setDrawn(Number.POSITIVE_INFINITY);
      return;
    }
    const timer = setTimeout(() => setDrawn((count) => count + STEP_CELLS));
    return () => clearTimeout(timer);
  }, [stepping, drawn, items.length]);
  useLayoutEffect(() => {
    if (list.current && items.length >= MEASURE_FROM) seen.current = readGridLayout(list.current, items.length, columns);
  });
  return (
    <ul {...listProps} ref={list}>
      {items.map((item, position) => (position < drawn || !steps ? renderItem(item, position, {}) : steps.placeholder(position)))}
      {trailing}
    </ul>
  );
}

/**
 * A grid of cards, `<ul>` of `<li>`: whole up to WINDOW_FROM cells, windowed beyond.
 *
 * The whole grid stays drawn, the same element, until the windowed form's code is there; then one render puts the
 * windowed grid in its place. Preact, which runs the app (docs/decisions/035), removes the replaced grid before it
 * renders the new one, and TanStack Virtual reads the window's scroll position as it first renders: read then, on a
 * page without its list, the browser would put the reader back at the top (as `<Suspense>` with a lazy component
 * did when a list crossed WINDOW_FROM). So the position is read here, before, and given to the windowed grid.
 */
export function CardGrid<T>(props: CardGridProps<T>) {
  // The whole grid's last layout: the windowed form that takes over places its rows exactly there, so the cards
  // on screen do not move when the list crosses WINDOW_FROM.
  const seen = useRef<GridLayout | null>(null);
  const long = props.items.length > WINDOW_FROM;
  const [Windowed, setWindowed] = useState<WindowedGridComponent | null>(() => windowedGrid);
  useEffect(() => {
    if (!long || Windowed) return;
    let current = true;
    loadWindowedGrid().then(
      (component) => current && setWindowed(() => component),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [long, Windowed]);
  if (!long || !Windowed) return <WholeGrid {...props} seen={seen} />;
  return <Windowed {...(props as CardGridProps<unknown>)} seen={seen} scrollY={window.scrollY} />;
}
