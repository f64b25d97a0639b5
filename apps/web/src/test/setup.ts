import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so no scrolling: React Router's <ScrollRestoration> would log
// "not implemented" on every navigation.
window.scrollTo = () => {};

// Without vitest globals, Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
