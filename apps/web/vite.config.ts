import prefresh from '@prefresh/vite';
import { defineConfig, loadEnv, type PluginOption } from 'vite';
import { compileHints } from './build/compile-hints';
import { precompress } from './build/precompress';
import { preactAliases } from './build/preact';
import { pureContract } from './build/pure-contract';

/** The modules of the pages the server renders (apps/server/src/first-view.ts, PAGE_MODULES). */
const FIRST_VIEW_PAGES = ['src/features/catalog/apps-page.tsx', 'src/features/catalog/websites-page.tsx', 'src/features/detail/detail-page.tsx'];

export default defineConfig(({ mode, isSsrBuild }) => {
  // The API server (apps/server) serves /ui and /media; SHOTLIB_API_ORIGIN points elsewhere if needed.
  const env = loadEnv(mode, '.', 'SHOTLIB_');
  const target = env.SHOTLIB_API_ORIGIN || 'http://localhost:8080';
  const proxy = { '/ui': target, '/media': target };
  if (isSsrBuild) {
    // The list pages' markup for the API server (src/entry-server.tsx, `npm run build`): Node code, every library
    // bundled in (so `react` is Preact here too), beside the web build in dist/.ssr, which is never served.
    return {
      resolve: { alias: preactAliases, dedupe: ['preact'] },
      oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
      ssr: { noExternal: true },
      publicDir: false,
      build: { outDir: 'dist/.ssr', emptyOutDir: true, target: 'node22', sourcemap: true },
    };
  }
  return {
    // React's API on Preact (build/preact.ts); hot reload of components through Preact's own fast refresh.
    // The pages whose first view the server renders (apps/server/src/first-view.ts, PAGE_MODULES): their chunks and the
    // entry's are compiled off the main thread as they load (build/compile-hints.ts).
    plugins: [prefresh() as PluginOption, pureContract(), compileHints(FIRST_VIEW_PAGES), precompress()],
    resolve: { alias: preactAliases, dedupe: ['preact'] },
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      target: 'es2022',
      sourcemap: true,
      // The server reads it to preload a page's own chunks with its HTML (apps/server/src/first-view.ts).
      manifest: true,
    },
  };
});
