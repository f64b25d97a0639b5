import './lib/zod-jitless';
import './styles/tokens.css';
import './styles/global.css';
import { options } from 'preact';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { i18nReady } from './i18n/i18n';
import { createAppRouter, routerReady } from './app/router';
import { clearServerPage, firstView, goLive, seedQueries, shouldHydrate } from './lib/first-view';
import { publicConfigQueryOptions } from './lib/public-config';
import { queryClient } from './lib/query-client';
import { takeOver, takenOver } from './lib/take-over';

// Preact, which runs this React code (docs/decisions/035), would run effects after the next frame; React runs those
// of a click or a key press before the next event. Focus moved in an effect (menus, pickers) must have moved before
// the next key arrives, so effects run as soon as the render's task ends, as in React.
// The first render's effects (query subscriptions and their requests, observers) run in the next task instead: no
// one can have pressed a key on a page that was not there, and the first render's task stays short
// (docs/decisions/035, "Lighthouse ≥ 0.95").
let firstEffects = true;
options.requestAnimationFrame = (flush) => {
  if (!firstEffects) return queueMicrotask(flush);
  firstEffects = false;
  setTimeout(flush);
};

// The deployment's configuration (media host) and, on the list pages, the catalogue's figures: written into the page
// by the server (its first view); without it the configuration is loaded alongside the first page's code.
if (!seedQueries(queryClient, firstView())) void queryClient.prefetchQuery(publicConfigQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The next task: work after it is not part of the current one (each stays short on a slow phone). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * The start, in three tasks rather than one (docs/decisions/035, "Lighthouse ≥ 0.95"): the modules' evaluation; the
 * router, which asks for the first route's code and data; the first render, once they are there. Until then the page
 * shows what the server wrote: the page itself on the list pages (`shouldHydrate`), index.html's header bar elsewhere.
 * English texts are in this bundle; a reader who chose Chinese waits for that chunk, so nothing renders twice.
 */
async function start(mount: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  await Promise.all([i18nReady, routerReady(router)]);
  await nextTask();
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The server's markup is this render's own (docs/decisions/035, "The page from the server"): take it over.
  if (shouldHydrate(mount)) {
    takeOver(() => {
      // The router's scroll restoration puts a newly loaded page at the top as it renders. This page was the reader's
      // before the app ran, and they may have scrolled it: they stay where they are (before the next paint).
      const { scrollX, scrollY } = window;
      hydrateRoot(mount, app);
      window.scrollTo(scrollX, scrollY);
    });
    return void takenOver().then(goLive);
  }
  clearServerPage(mount);
  createRoot(mount).render(app);
  goLive();
}
void start(root);
