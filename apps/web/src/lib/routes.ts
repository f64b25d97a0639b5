import type { PathParam } from 'react-router';

/**
 * Every route of the product (docs/product-spec.md §2), by name. The router registers each route with its name as
 * the route id; features, components and the API client build links with `pathTo`, never by hand.
 * It lives in lib/ (not app/) because features and components need it and may not import app/.
 */
export const paths = {
  Home: '/',
  App: '/app',
  Web: '/web',
  /** Business (B-end) software (issue 13, docs/decisions/045). */
  B: '/b',
  /** Flows across the library (issue 13). */
  Flows: '/flows',
  /** Screens across the library (issue 14, docs/decisions/047). */
  Screens: '/screens',
  Points: '/points',
  Point: '/point/:id',
  Terms: '/terms',
  Privacy: '/privacy',
  Login: '/login',
  Sub: '/sub',
  Detail: '/detail/:id',
  Callback: '/callback',
  Ok: '/ok',
  Confirm: '/confirm',
  Cfm: '/cfm/:grade',
  Collect: '/collect',
  /** One of the member's boards (issue 29, docs/decisions/052). */
  CollectBoard: '/collect/board/:id',
  /** A shared board, read by anyone (issue 29; `/b` is business software). */
  SharedBoard: '/boards/:token',
  MineHome: '/mine',
  MineSub: '/mine/sub',
  MineSup: '/mine/sup',
  MinePortfolio: '/mine/portfolio',
  MinePortfolioRequest: '/mine/portfolio/:id',
  Review: '/review',
  ReviewRequest: '/review/:id',
  Admin: '/admin',
  AdminItems: '/admin/items',
  AdminItemNew: '/admin/items/new',
  AdminItem: '/admin/items/:id',
  AdminMembers: '/admin/members',
  AdminAudit: '/admin/audit',
  AdminCategories: '/admin/categories',
  AdminArticles: '/admin/articles',
  AdminArticleNew: '/admin/articles/new',
  AdminArticle: '/admin/articles/:id',
  AdminPlans: '/admin/plans',
  /** The plans page's testimonials (issue 29.6, docs/decisions/053). */
  AdminTestimonials: '/admin/testimonials',
  AdminOrders: '/admin/orders',
  AdminReviewers: '/admin/reviewers',
  AdminPortfolio: '/admin/portfolio',
  AdminPortfolioRequest: '/admin/portfolio/:id',
} as const;

export type RouteName = keyof typeof paths;
type ParamsOf<N extends RouteName> = PathParam<(typeof paths)[N]>;
type ParamArgs<N extends RouteName> = [ParamsOf<N>] extends [never] ? [] : [params: Record<ParamsOf<N>, string | number>];

/** `pathTo('Detail', { id: 7 })` → '/detail/7'; `pathTo('Collect')` → '/collect'. */
export function pathTo<N extends RouteName>(name: N, ...[params]: ParamArgs<N>): string {
  const values: Record<string, string | number> = params ?? {};
  return paths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
}

/** Query parameter of the Login route holding the path to return to. */
export const REDIRECT_PARAM = 'redirect';

/** The Login route, asking to come back to `returnTo` (a path with its query and hash) afterwards. */
export function loginPath(returnTo?: string): string {
  if (!returnTo || returnTo === paths.Home || returnTo.startsWith(paths.Login)) return paths.Login;
  return `${paths.Login}?${new URLSearchParams({ [REDIRECT_PARAM]: returnTo }).toString()}`;
}

/**
 * Where to go after a login: the `redirect` query when it is a path of this site, else home.
 * Refuses absolute and protocol-relative URLs so a crafted link cannot send a user elsewhere.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return paths.Home;
  return target;
}

/** Query parameter carrying the search term on the lists. */
export const SEARCH_PARAM = 'q';

/**
 * The lists the search box filters in place (apps, websites, B-end, and the Screens view, issue 14); from anywhere
 * else a search goes to /app.
 */
export const isListPath = (pathname: string): boolean =>
  pathname === paths.App || pathname === paths.Web || pathname === paths.B || pathname === paths.Screens;
