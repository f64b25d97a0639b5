import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

// As main.tsx sets it for the app (docs/decisions/035): Preact runs effects as soon as a render's task ends, so a
// subscription made in an effect (TanStack Query's observers) exists before the test's next click, as with React.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// jsdom has no layout, so no scrolling: React Router's <ScrollRestoration> would log
// "not implemented" on every navigation.
window.scrollTo = () => {};

// findBy* and waitFor wait up to 5 s (Testing Library's default is 1 s): a lazy route or a mocked
// reply can take longer than a second on a 2-core machine busy with the other suites. An element
// that never comes still fails the test.
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
