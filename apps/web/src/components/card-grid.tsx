import { lazy, Suspense, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';

/**
 * Lists up to this many cards are drawn whole (find in page works, nothing is swapped while scrolling); longer
 * ones draw only the rows near the viewport, so a thousand cards keep the page light (docs/decisions/035).
 */
export const WINDOW_FROM = 120;

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
};

/** The windowing (TanStack Virtual) is a chunk of its own: the first view, and every short list, go without it. */
const WindowedGrid = lazy(() => import('./windowed-grid'));

function WholeGrid<T>({ items, renderItem, trailing, listProps }: CardGridProps<T>) {
  return (
    <ul {...listProps}>
      {items.map((item, position) => renderItem(item, position, {}))}
      {trailing}
    </ul>
  );
}

/** A grid of cards, `<ul>` of `<li>`: whole up to WINDOW_FROM cells, windowed beyond. */
export function CardGrid<T>(props: CardGridProps<T>) {
  if (props.items.length <= WINDOW_FROM) return <WholeGrid {...props} />;
  return (
    <Suspense fallback={<WholeGrid {...props} />}>
      <WindowedGrid {...(props as CardGridProps<unknown>)} />
    </Suspense>
  );
}
