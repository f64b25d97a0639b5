import { useEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `root`, in document order (hidden ones left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && (el.getClientRects().length > 0 || el === document.activeElement),
  );
}

/**
 * Keep keyboard focus inside a modal while it is mounted (WAI-ARIA APG dialog pattern): focus
 * moves in on open (to `initialFocus`, else the first control, else the container), Tab and
 * Shift+Tab cycle within it, focus that lands outside is brought back, and on close focus
 * returns to the element that had it before, or to `returnFocus` if that element has left the
 * page (e.g. an option of a dropdown that closed when the dialog opened).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  initialFocus?: RefObject<HTMLElement | null>,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusableIn(root)[0] ?? root).focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) (focusableIn(root)[0] ?? root).focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      // Read on close on purpose: the fallback is whatever that ref holds when the modal goes.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const back = previous?.isConnected ? previous : returnFocus?.current;
      back?.focus({ preventScroll: true });
    };
    // The trap lives as long as the modal: the container and initial focus are read once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Stop the page behind a modal from scrolling while it is open, without the layout jumping. */
export function useScrollLock(): void {
  useEffect(() => {
    const { body, documentElement } = document;
    const gap = window.innerWidth - documentElement.clientWidth;
    const saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (gap > 0) body.style.paddingRight = `${gap}px`;
    return () => {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
    };
  }, []);
}
