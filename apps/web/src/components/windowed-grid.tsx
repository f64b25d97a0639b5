import { defaultRangeExtractor, measureElement, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type RefObject } from 'react';
import { entryKey, keepLayout, keptLayout, readGridLayout, type GridLayout, type WindowedGridProps } from './card-grid';

/** Rows drawn above and below the viewport while windowing: keyboard and fast scrolls find them ready. */
const OVERSCAN_ROWS = 3;
/**
 * A focused card stays drawn while it is this many rows or fewer out of view; farther, its row goes and the focus
 * moves to the first card on screen (never to a removed card, nor to the page's start).
 */
const KEEP_FOCUSED_ROWS = 8;

/**
 * The long form of components/card-grid (a chunk of its own, loaded once a list grows past WINDOW_FROM): only the
 * rows near the viewport are in the DOM.
 */
export default function WindowedGrid<T>({ items, columns, estimateRowHeight, renderItem, trailing, listProps, seen, scrollY }: WindowedGridProps<T>) {
  const grid = useVirtualGrid({ count: items.length, columns, estimateRowHeight, seen, scrollY });
  return (
    <ul {...listProps} ref={grid.listRef} style={{ ...listProps.style, ...grid.style }} onFocus={grid.onFocus}>
      {items.slice(grid.start, grid.end).map((item, offset) => renderItem(item, grid.start + offset, grid.cellProps(grid.start + offset)))}
      {grid.atEnd && trailing}
    </ul>
  );
}

type VirtualGridOptions = {
  /** How many cells the list has. */
  count: number;
  /** The desktop column count; the drawn grid's own count (narrow screens have fewer) is read from its style. */
  columns: number;
  /** A first guess at a row's height in px, before one is measured. */
  estimateRowHeight: number;
  /** The whole grid's layout just before this one took over (null when the list never was whole). */
  seen: RefObject<GridLayout | null>;
  /** The page's scroll position as this grid renders (read by its parent: see components/card-grid). */
  scrollY: number;
};

type VirtualGrid = {
  /** Put on the grid element (a CSS grid whose children are the cells). */
  listRef: (node: HTMLElement | null) => void;
  /** The cells to draw: indices from `start` (included) to `end` (excluded). */
  start: number;
  end: number;
  /** Whether the last row is drawn (where a "loading more" placeholder belongs). */
  atEnd: boolean;
  /** The grid's padding standing in for the rows not drawn. */
  style: CSSProperties;
  /** Props for the cell at `index`: the first cell of each drawn row measures its row. */
  cellProps: (index: number) => { ref?: (node: Element | null) => void; 'data-index'?: number };
  /** Put on the grid: remembers which row holds keyboard focus, so it is not taken away while focused. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * Windowing for a CSS grid of cards under the page's own scroll (TanStack Virtual's window virtualizer, by rows):
 * only the rows near the viewport are in the DOM, the others stand in as the grid's top and bottom padding, so the
 * scroll height and the cards' places do not change. The grid's columns and gaps stay in CSS; each drawn row is
 * measured (by its first cell: cells stretch to their row's height).
 */
function useVirtualGrid({ count, columns, estimateRowHeight, seen, scrollY }: VirtualGridOptions): VirtualGrid {
  const [list, setList] = useState<HTMLElement | null>(null);
  // Taking over from the whole grid: its columns, gap, place and row heights, so the first windowed frame draws
  // the rows on screen where they were (rows never measured would be guessed, and the cards would jump). Drawn
  // again on Back, the grid starts from the layout it had in this history entry, so the restored scroll position
  // shows the same cards (docs/decisions/057).
  const [entry] = useState(entryKey);
  const [{ whole, offset }] = useState(() => {
    if (seen.current) return { whole: seen.current, offset: scrollY };
    const kept = keptLayout(entry);
    return { whole: kept, offset: kept?.scrollY ?? scrollY };
  });
  const [layout, setLayout] = useState(() => (whole ? { columns: whole.columns, rowGap: whole.rowGap, top: whole.top } : { columns, rowGap: 0, top: 0 }));
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const lastRowHeight = useRef(whole?.rowHeights.at(-1) ?? estimateRowHeight);
  // Where the page is scrolled as this grid first renders, and the window's size: TanStack Virtual starts from them.
  // Its first render otherwise knows no viewport (0 × 0) and draws no row at all, and once mounted it writes its
  // offset back to the window: with an empty list the page is a screen high, the browser clamps the scroll near the
  // top, and the end marker below the list, then on screen, becomes the browser's scroll anchor, which keeps the
  // reader at the bottom as every later page is added (docs/decisions/035). The offset must be the page's position
  // now, read before the grid this one replaces was removed (components/card-grid); the size needs no layout.
  // Drawn again on Back, the position the grid left (the one the router restores, after this grid has written its own
  // to the window: the two agree, and the rows drawn first are those on screen).
  const [initialOffset] = useState(offset);
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const [initialMeasurementsCache] = useState(() =>
    (whole?.rowHeights ?? []).map((size, index) => ({ key: index, index, start: 0, end: size, size, lane: 0 })),
  );

  // The grid's column count (media queries), its row gap and where it starts on the page, kept current.
  useLayoutEffect(() => {
    if (!list) return;
    const read = () => {
      const { columns: tracks, rowGap, top } = readGridLayout(list, 0, columns);
      setLayout((prev) => (prev.columns === tracks && prev.rowGap === rowGap && prev.top === top ? prev : { columns: tracks, rowGap, top }));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(list);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list, columns]);

  const perRow = Math.max(1, layout.columns);
  const rows = Math.ceil(count / perRow);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    initialOffset,
    initialRect,
    estimateSize: () => lastRowHeight.current,
    initialMeasurementsCache,
    gap: layout.rowGap,
    overscan: OVERSCAN_ROWS,
    scrollMargin: layout.top,
    // A row not laid out (height 0) keeps the last height seen: zero-height rows would all count as on screen.
    measureElement: (element, entry, instance) => {
      const height = measureElement(element, entry, instance);
      if (height > 0) lastRowHeight.current = height;
      return height > 0 ? height : lastRowHeight.current;
    },
    // Drawn rows must be contiguous (the grid lays them out one after another): stretch to a focused row nearby.
    rangeExtractor: (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const first = indexes[0] ?? 0;
      const last = indexes.at(-1) ?? 0;
      if (focusedRow === null || focusedRow >= range.count) return indexes;
      if (focusedRow < first && first - focusedRow <= KEEP_FOCUSED_ROWS) return span(focusedRow, last);
      if (focusedRow > last && focusedRow - last <= KEEP_FOCUSED_ROWS) return span(first, focusedRow);
      return indexes;
    },
  });

  // This history entry's layout, kept for Back (its rows as measured, the others as estimated: the same heights the
  // page's scroll position was taken with).
  const latest = useRef({ virtualizer, layout });
  latest.current = { virtualizer, layout };
  useLayoutEffect(
    () => () => {
      const { virtualizer: last, layout: at } = latest.current;
      // The virtualizer's last offset, not the window's: the page that follows may have moved it already.
      keepLayout(entry, { ...at, rowHeights: last.measurementsCache.map((row) => row.size), scrollY: last.scrollOffset ?? window.scrollY });
    },
    [entry],
  );

  const drawn = virtualizer.getVirtualItems();
  const firstRow = drawn[0];
  const lastRow = drawn.at(-1);
  const total = virtualizer.getTotalSize();
  const paddingTop = firstRow ? Math.max(0, firstRow.start - layout.top) : 0;
  const paddingBottom = lastRow ? Math.max(0, total - (lastRow.end - layout.top)) : 0;
  const start = firstRow ? firstRow.index * perRow : 0;
  const end = lastRow ? Math.min(count, (lastRow.index + 1) * perRow) : 0;

  // The focused card's row about to go (scrolled farther than KEEP_FOCUSED_ROWS): once it has, the focus moves to the
  // first card on screen, without scrolling.
  const refocus = useRef(false);
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (list && active && active !== list && list.contains(active) && focusedRow !== null && firstRow && lastRow) {
    if (focusedRow < firstRow.index || focusedRow > lastRow.index) refocus.current = true;
  }
  useLayoutEffect(() => {
    if (!refocus.current || !list) return;
    refocus.current = false;
    if (list.contains(document.activeElement)) return;
    const onScreen = [...list.children].find((cell) => cell.getBoundingClientRect().bottom > 0);
    const control = onScreen?.querySelector<HTMLElement>('a[href], button:not([disabled])');
    control?.focus({ preventScroll: true });
  });

  return {
    listRef: setList,
    start,
    end,
    atEnd: !lastRow || lastRow.index >= rows - 1,
    style: { paddingTop, paddingBottom },
    cellProps: (index) => (index % perRow === 0 ? { ref: virtualizer.measureElement, 'data-index': index / perRow } : {}),
    onFocus: (event) => {
      const cell = [...event.currentTarget.children].findIndex((child) => child.contains(event.target));
      setFocusedRow(cell < 0 ? null : Math.floor((start + cell) / perRow));
    },
  };
}

function span(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
