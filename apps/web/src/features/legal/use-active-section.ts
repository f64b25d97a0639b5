import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The band of the viewport that decides which section is active: it starts 20 % below the top
 * and ends 60 % above the bottom (docs/product-spec.md §2), so a section becomes active once its text reaches
 * the upper part of the screen, where the reader's eyes are.
 */
const BAND = { top: 0.2, bottom: 0.6 } as const;
export const ACTIVE_SECTION_ROOT_MARGIN = `-${BAND.top * 100}% 0px -${BAND.bottom * 100}% 0px`;

/** How long a clicked section stays pinned when the browser never fires `scrollend`. */
const PIN_FALLBACK_MS = 1200;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The section being read: the last one whose start has reached the band's lower edge. That is the
 * one in the band (when the tail of one section and the start of the next share it, the reader
 * has moved on), or between sections the one above it, or at the top of the page the first one.
 * Read from the live layout on every report, so nothing can go stale between reports.
 */
function sectionAt(order: readonly string[], bandBottom: number): string | undefined {
  let found = order[0];
  for (const id of order) {
    const element = document.getElementById(id);
    if (!element) continue;
    if (element.getBoundingClientRect().top > bandBottom) break;
    found = id;
  }
  return found;
}

export type ActiveSection = {
  /** Id of the section nearest the upper part of the viewport (the first one until the observer reports). */
  activeId: string | undefined;
  /** Scroll to a section (smoothly unless the user prefers reduced motion), mark it active and focus it. */
  scrollToSection: (id: string) => void;
};

/**
 * Tracks which of the elements with the given ids (in document order) is active while the page
 * scrolls. The element ids must be rendered before the effect runs.
 */
export function useActiveSection(ids: readonly string[]): ActiveSection {
  const [activeId, setActiveId] = useState<string | undefined>(ids[0]);
  // While a click's smooth scroll is running, the sections it passes must not take over.
  const pinned = useRef(false);
  const releasePin = useRef<(() => void) | undefined>(undefined);
  const idList = ids.join(' ');

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const order = idList.split(' ');
    // The observer says when a section crosses an edge of the band, and where the band is.
    const observer = new IntersectionObserver(
      (entries) => {
        if (pinned.current) return;
        const bandBottom = entries[0]?.rootBounds?.bottom ?? window.innerHeight * (1 - BAND.bottom);
        setActiveId(sectionAt(order, bandBottom));
      },
      { rootMargin: ACTIVE_SECTION_ROOT_MARGIN },
    );
    for (const id of order) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [idList]);

  useEffect(() => () => releasePin.current?.(), []);

  const scrollToSection = useCallback((id: string) => {
    const target = document.getElementById(id);
    if (!target) return;

    releasePin.current?.();
    pinned.current = true;
    const release = () => {
      pinned.current = false;
      window.clearTimeout(timer);
      window.removeEventListener('scrollend', release);
      releasePin.current = undefined;
    };
    const timer = window.setTimeout(release, PIN_FALLBACK_MS);
    window.addEventListener('scrollend', release);
    releasePin.current = release;

    // A short section can land with the next one's start in the band too; the click says which one the reader wants.
    setActiveId(id);
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    // Keep the address shareable without a history entry per click; keep the router's state object.
    window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
    // Move keyboard and screen-reader focus to the section, as following an in-page link does.
    target.focus({ preventScroll: true });
  }, []);

  return { activeId, scrollToSection };
}
