import type { FirstView } from '@shotlib/contract';
import { renderToString } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { appRoutes, routerReady } from './app/router';
import { i18nReady } from './i18n/i18n';
import { provideFirstView, seedQueries } from './lib/first-view';
import { queryClient } from './lib/query-client';
import { drawServerPage } from './lib/take-over';

/** One render at a time: the first view and the query cache are the module's, as in the browser. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The page at `url` as the browser's first render draws it for a visitor in English, from the first view the server
 * writes into the same page (docs/decisions/035, "The page from the server"). The app's own routes, loaders and
 * components run as they do in the browser (the loaders take the list from the first view, so nothing is fetched);
 * the browser then takes the markup over (`hydrateRoot` in main.tsx) instead of drawing it again.
 * Built by `vite build --ssr` into dist/.ssr; the API server imports it (apps/server/src/first-view.ts).
 */
export function renderPage(url: string, view: FirstView): Promise<string> {
  const rendered = queue.then(async () => {
    await i18nReady;
    queryClient.clear();
    seedQueries(queryClient, view);
    provideFirstView(view);
    const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
    try {
      await routerReady(router);
      return drawServerPage(() =>
        renderToString(
          <StrictMode>
            <AppProviders>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
        ),
      );
    } finally {
      router.dispose();
      provideFirstView(null);
      queryClient.clear();
    }
  });
  queue = rendered.catch(() => undefined);
  return rendered;
}
