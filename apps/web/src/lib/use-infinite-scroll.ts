import { SCROLL_TRIGGER_RATIO } from '@shotlib/contract';
import { useEffect, useRef, useState } from 'react';

type InfiniteScrollOptions = {
  /** Whether there is a next page to ask for now (false while a page loads, at the end, after a refusal). */
  enabled: boolean;
  onLoadMore: () => void;
};

/**
 * The end marker of an infinite list (docs/product-spec.md §4): once at least half of it (SCROLL_TRIGGER_RATIO)
 * is visible, the next page is asked for. Returns the ref callback for the marker element.
 *
 * The observer is made anew whenever loading becomes possible again, and a new observer reports
 * the marker's current visibility at once: a page that leaves the marker on screen (a tall window,
 * a short page) therefore loads the next one without waiting for a scroll.
 */
export function useInfiniteScroll({ enabled, onLoadMore }: InfiniteScrollOptions): (node: Element | null) => void {
  const [marker, setMarker] = useState<Element | null>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  useEffect(() => {
    if (!marker || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A hair of tolerance: browsers report a ratio like 0.4999 at the moment the threshold is crossed.
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= SCROLL_TRIGGER_RATIO - 0.01)) {
          observer.disconnect(); // once per page: the next observer comes when loading is possible again
          loadMore.current();
        }
      },
      { threshold: SCROLL_TRIGGER_RATIO },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, enabled]);

  return setMarker;
}
