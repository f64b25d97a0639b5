import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './build/preact';

/**
 * The libraries that import React, taken as ES modules: their CommonJS builds, which the test runner would
 * otherwise load as they are, `require('react')` where no alias reaches. Testing Library's `main` is CommonJS too.
 */
const esModules: Alias[] = [
  ['react-router', 'react-router'],
  ['react-router/dom', 'react-router/dom'],
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['@tanstack/react-virtual', '@tanstack/react-virtual'],
  ['react-i18next', 'react-i18next'],
  ['zustand', 'zustand'],
  ['@testing-library/react', '@testing-library/react/dist/@testing-library/react.esm.js'],
].map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: fileURLToPath(import.meta.resolve(file!)) }));

// The tests run what ships: React's API on Preact (build/preact.ts), in the app and in its libraries.
export default defineConfig({
  resolve: { alias: [...preactAliases, ...esModules], dedupe: ['preact'] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Bundled by the test runner (not loaded by Node as they are), so that the aliases reach their imports.
    server: { deps: { inline: [/react-router/, /@tanstack\/react-/, /react-i18next/, /zustand/, /@testing-library\/react/] } },
  },
});
