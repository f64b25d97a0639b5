import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Preact (which runs the app, docs/decisions/035) runs effects after the next frame. A browser paints that frame
// long before a person can click what was drawn, but a test clicks at once, before a subscription made in an effect
// (TanStack Query's observers, through useSyncExternalStore) exists. So here effects run as soon as the render's
// task ends, before the test's next step, as React's test environment has them.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// jsdom has no layout, so no scrolling: React Router's <ScrollRestoration> would log
// "not implemented" on every navigation.
window.scrollTo = () => {};

// Without vitest globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
