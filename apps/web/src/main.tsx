import './styles/tokens.css';
import './styles/global.css';
import './i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { publicConfigQueryOptions } from './lib/public-config';
import { queryClient } from './lib/query-client';

const router = createAppRouter();
// Start loading the deployment's configuration (media host) alongside the first page's code.
void queryClient.prefetchQuery(publicConfigQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
