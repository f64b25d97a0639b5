import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// As main.tsx sets it for the app (docs/decisions/035): Preact runs effects as soon as a render's task ends, so a
// subscription made in an effect (TanStack Query's observers) exists before the test's next click, as with React.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// jsdom has no layout, so no scrolling: React Router's <ScrollRestoration> would log
// "not implemented" on every navigation.
window.scrollTo = () => {};

// Without vitest globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
