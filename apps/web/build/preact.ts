import type { Alias } from 'vite';

/**
 * React's API, run by Preact (docs/decisions/035-first-view-weight.md). The code is written and type-checked
 * against React (`@types/react`); at build and in the unit tests every import of `react`, `react-dom` and their
 * entry points, the app's and its libraries' (React Router, TanStack Query, react-i18next, zustand, Testing
 * Library), resolves to `preact/compat`, which weighs ~12 kB of gzip instead of react-dom's ~60 kB.
 * Exact matches only: `react-router` or `react-i18next` are packages of their own.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

