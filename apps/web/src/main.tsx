import './lib/zod-jitless';
import './styles/tokens.css';
import './styles/global.css';
import { options } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { i18nReady } from './i18n/i18n';
import { createAppRouter } from './app/router';
import { firstView } from './lib/first-view';
import { publicConfigQueryOptions } from './lib/public-config';
import { queryClient } from './lib/query-client';

// Preact, which runs this React code (docs/decisions/035), would run effects after the next frame; React runs those
// of a click or a key press before the next event. Focus moved in an effect (menus, pickers) must have moved before
// the next key arrives, so effects run as soon as the render's task ends, as in React.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

const router = createAppRouter();
// The deployment's configuration (media host): written into the page by the server (its first view), or loaded
// alongside the first page's code.
const config = firstView()?.config;
if (config) queryClient.setQueryData(publicConfigQueryOptions.queryKey, config);
else void queryClient.prefetchQuery(publicConfigQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// English texts are in this bundle; a reader who chose Chinese waits for that chunk, so nothing renders twice.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
