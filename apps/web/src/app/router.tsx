import type { ItemKind } from '@shotlib/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type DataRouter, type RouteObject } from 'react-router';
import { prefetchItemList } from '../features/catalog/prefetch-list';
import { prefetchItem } from '../features/detail/prefetch-item';
import { loadNamespace } from '../i18n/i18n';
import { setNavigator } from '../lib/navigation';
import { paths } from '../lib/routes';
import { RequireAuth } from './layout/require-auth';
import { RootLayout, ShellFallback } from './layout/root-layout';
import { RouteError } from './layout/route-error';

type PageModule = () => Promise<{ default: ComponentType }>;

/** A page whose texts are chunks of their own (never in a visitor's first bundle): its code and those texts load together. */
const pageWithTexts =
  (...namespaces: Parameters<typeof loadNamespace>[0][]) =>
  (load: PageModule) =>
  async () => {
    const [module] = await Promise.all([load(), ...namespaces.map(loadNamespace)]);
    return { Component: module.default };
  };

/** A page whose code loads when first visited, so the first bundle holds only the frame. */
const page = pageWithTexts();

const appsPage = page(() => import('../features/catalog/apps-page'));
/** The lists ask for their first page while their code loads (it holds the first view's largest image). */
const listLoader =
  (kind: ItemKind) =>
  ({ request }: { request: Request }) => {
    prefetchItemList(request.url, kind);
    return null;
  };

const legalPage = pageWithTexts('legal');
/** The admin console. */
const adminPage = pageWithTexts('admin');
/** Portfolio guidance (the member's, the reviewer's pages). */
const portfolioPage = pageWithTexts('portfolio');
/** The console's portfolio pages (reviewers, the queue). */
const adminPortfolioPage = pageWithTexts('admin', 'portfolio');

/**
 * The route table of docs/product-spec.md §2. Each route's id is its name (paths in lib/routes.ts); the ones under
 * `Protected` need a login. `/` shows the apps list, like /app; any other path goes to /app.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'Root',
    Component: RootLayout,
    HydrateFallback: ShellFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors of a page render inside the frame, keeping header and footer.
        id: 'Pages',
        ErrorBoundary: RouteError,
        children: [
          { id: 'Home', path: paths.Home, loader: listLoader('app'), lazy: appsPage },
          { id: 'App', path: paths.App, loader: listLoader('app'), lazy: appsPage },
          { id: 'Web', path: paths.Web, loader: listLoader('web'), lazy: page(() => import('../features/catalog/websites-page')) },
          { id: 'B', path: paths.B, loader: listLoader('b'), lazy: page(() => import('../features/catalog/business-page')) },
          { id: 'Flows', path: paths.Flows, lazy: page(() => import('../features/flows/flows-page')) },
          {
            id: 'Screens',
            path: paths.Screens,
            // The first page is asked for while the page's code loads; the asking is a chunk of its own, out of /app's first load.
            loader: ({ request }) => {
              void import('../features/screens/prefetch-screens').then(({ prefetchScreenList }) => prefetchScreenList(request.url));
              return null;
            },
            lazy: page(() => import('../features/screens/screens-page')),
          },
          { id: 'Points', path: paths.Points, lazy: page(() => import('../features/insights/points-page')) },
          { id: 'Point', path: paths.Point, lazy: page(() => import('../features/insights/point-page')) },
          { id: 'Terms', path: paths.Terms, lazy: legalPage(() => import('../features/legal/terms-page')) },
          { id: 'Privacy', path: paths.Privacy, lazy: legalPage(() => import('../features/legal/privacy-page')) },
          { id: 'Login', path: paths.Login, lazy: page(() => import('../features/auth/login-page')) },
          { id: 'Callback', path: paths.Callback, lazy: page(() => import('../features/auth/callback-page')) },
          { id: 'SharedBoard', path: paths.SharedBoard, lazy: page(() => import('../features/collect/shared-board-page')) },
          { id: 'Sub', path: paths.Sub, lazy: page(() => import('../features/billing/sub-page')) },
          {
            id: 'Detail',
            path: paths.Detail,
            loader: ({ params }) => {
              prefetchItem(params.id);
              return null;
            },
            lazy: page(() => import('../features/detail/detail-page')),
          },
          {
            id: 'Protected',
            Component: RequireAuth,
            children: [
              { id: 'Ok', path: paths.Ok, lazy: page(() => import('../features/billing/ok-page')) },
              { id: 'Confirm', path: paths.Confirm, lazy: page(() => import('../features/billing/confirm-page')) },
              { id: 'Cfm', path: paths.Cfm, lazy: page(() => import('../features/billing/cfm-page')) },
              { id: 'Collect', path: paths.Collect, lazy: page(() => import('../features/collect/collect-page')) },
              { id: 'CollectBoard', path: paths.CollectBoard, lazy: page(() => import('../features/collect/board-page')) },
              {
                id: 'Mine',
                path: paths.MineHome,
                lazy: page(() => import('../features/account/mine-layout')),
                children: [
                  { id: 'MineHome', index: true, lazy: page(() => import('../features/account/mine-home-page')) },
                  { id: 'MineSub', path: 'sub', lazy: page(() => import('../features/account/mine-sub-page')) },
                  { id: 'MineSup', path: 'sup', lazy: page(() => import('../features/account/mine-sup-page')) },
                  { id: 'MinePortfolio', path: 'portfolio', lazy: portfolioPage(() => import('../features/account/mine-portfolio-page')) },
                  { id: 'MinePortfolioRequest', path: 'portfolio/:id', lazy: portfolioPage(() => import('../features/account/mine-portfolio-request-page')) },
                ],
              },
              {
                id: 'AdminLayout',
                path: paths.Admin,
                lazy: adminPage(() => import('../features/admin/admin-layout')),
                children: [
                  { id: 'Admin', index: true, loader: () => redirect(paths.AdminItems), Component: () => null },
                  { id: 'AdminItems', path: 'items', lazy: adminPage(() => import('../features/admin/items-page')) },
                  { id: 'AdminItemNew', path: 'items/new', lazy: adminPage(() => import('../features/admin/item-page')) },
                  { id: 'AdminItem', path: 'items/:id', lazy: adminPage(() => import('../features/admin/item-page')) },
                  { id: 'AdminMembers', path: 'members', lazy: adminPage(() => import('../features/admin/members-page')) },
                  { id: 'AdminAudit', path: 'audit', lazy: adminPage(() => import('../features/admin/audit-page')) },
                  { id: 'AdminCategories', path: 'categories', lazy: adminPage(() => import('../features/admin/categories-page')) },
                  { id: 'AdminArticles', path: 'articles', lazy: adminPage(() => import('../features/admin/articles-page')) },
                  { id: 'AdminArticleNew', path: 'articles/new', lazy: adminPage(() => import('../features/admin/article-page')) },
                  { id: 'AdminArticle', path: 'articles/:id', lazy: adminPage(() => import('../features/admin/article-page')) },
                  { id: 'AdminPlans', path: 'plans', lazy: adminPage(() => import('../features/admin/plans-page')) },
                  { id: 'AdminTestimonials', path: 'testimonials', lazy: adminPage(() => import('../features/admin/testimonials-page')) },
                  { id: 'AdminOrders', path: 'orders', lazy: adminPage(() => import('../features/admin/orders-page')) },
                  { id: 'AdminReviewers', path: 'reviewers', lazy: adminPortfolioPage(() => import('../features/admin/reviewers-page')) },
                  { id: 'AdminPortfolio', path: 'portfolio', lazy: adminPortfolioPage(() => import('../features/admin/portfolio-queue-page')) },
                  { id: 'AdminPortfolioRequest', path: 'portfolio/:id', lazy: adminPortfolioPage(() => import('../features/admin/portfolio-request-page')) },
                ],
              },
              { id: 'Review', path: paths.Review, lazy: portfolioPage(() => import('../features/review/review-list-page')) },
              { id: 'ReviewRequest', path: paths.ReviewRequest, lazy: portfolioPage(() => import('../features/review/review-request-page')) },
            ],
          },
          // Redirected before anything renders; the empty component only satisfies the router.
          { id: 'Fallback', path: '*', loader: () => redirect(paths.App), Component: () => null },
        ],
      },
    ],
  },
];

/** The browser router; the API client navigates through it (401 → Login) once it exists. */
export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}

/** Once the router has the first route's code and data (its loaders run, its lazy modules loaded). */
export const routerReady = (router: DataRouter): Promise<void> =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
