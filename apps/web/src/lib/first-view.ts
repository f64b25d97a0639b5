import { APP_LIVE_ATTR, EARLY_CLICKS, FIRST_VIEW_ID, OWN_RENDER_ATTR, RANK, SERVER_RENDERED_ATTR, SHELL_ID, type Category, type FirstView } from '@shotlib/contract';
import type { QueryClient } from '@tanstack/react-query';
import { catalogStatsQueryOptions } from './catalog-stats';
import { categoriesQueryOptions, type CategoryKind } from './category-options';
import { publicConfigQueryOptions } from './public-config';

let view: FirstView | null | undefined;

/**
 * What the server wrote into this page's HTML for its first view (docs/decisions/035): read once, at start. Null
 * when the page has none (other routes, the dev server) or it cannot be read.
 */
export function firstView(): FirstView | null {
  if (view !== undefined) return view;
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_ID);
  try {
    view = element?.textContent ? (JSON.parse(element.textContent) as FirstView) : null;
  } catch {
    view = null;
  }
  element?.remove();
  return view;
}

/**
 * The first view to render on the server (entry-server.tsx), where there is no document to read it from: the same
 * data the page will carry, so the markup written on the server is what the browser's first render makes of it.
 */
export function provideFirstView(next: FirstView | null): void {
  view = next;
}

/**
 * The queries the first view answers, answered before the first render (in the browser, and on the server for the
 * page it renders): the deployment's configuration, on the list pages the catalogue's figures, on an item's page the
 * tree of its categories. Returns whether the configuration was there (without a first view the app asks for it).
 */
export function seedQueries(client: QueryClient, seed: FirstView | null): boolean {
  if (seed?.stats) client.setQueryData(catalogStatsQueryOptions.queryKey, seed.stats);
  for (const [kind, tree] of Object.entries(seed?.categories ?? {}) as [CategoryKind, Category[]][]) client.setQueryData(categoriesQueryOptions(kind).queryKey, tree);
  if (!seed?.config) return false;
  client.setQueryData(publicConfigQueryOptions.queryKey, seed.config);
  return true;
}

/**
 * The first page of a list written into the HTML, once: for the list it was made for (News, no search, no
 * categories) and a visitor (a signed-in reader asks with their token). Null otherwise, and on every later call.
 */
export function takeFirstListPage(list: { kind: string; rank: string; name: string; group: readonly number[]; signedIn: boolean }) {
  const written = firstView()?.list;
  if (!written || list.signedIn || written.kind !== list.kind || list.rank !== RANK.news || list.name || list.group.length > 0) return null;
  view = view && { config: view.config };
  return written.page;
}

/**
 * The item of /detail/{id} and the first page of its screens written into the HTML, once: for that item and a
 * visitor (a signed-in reader asks with their token). Null otherwise, and on every later call.
 */
export function takeFirstItem(id: number, signedIn: boolean) {
  const written = firstView();
  if (!written?.item || signedIn || written.item.id !== id) return null;
  view = { config: written.config };
  return { item: written.item, previews: written.previews };
}

/**
 * Whether the app takes over the page the server wrote into `mount` (hydration): it is there, and the script in the
 * head found it is this reader's (a visitor, in English). Otherwise `clearServerPage` before rendering.
 */
export function shouldHydrate(mount: HTMLElement): boolean {
  return mount.hasAttribute(SERVER_RENDERED_ATTR) && !document.documentElement.hasAttribute(OWN_RENDER_ATTR);
}

/** Remove what stood in for the app until its first render: the server's page (not this reader's) and the header bar. */
export function clearServerPage(mount: HTMLElement): void {
  document.getElementById(SHELL_ID)?.remove();
  mount.removeAttribute(SERVER_RENDERED_ATTR);
  mount.replaceChildren();
}

/**
 * The app runs the page now: clicks go to it (APP_LIVE_ATTR), and the buttons clicked on the server's page before it
 * ran (kept by the page's script, EARLY_CLICKS) are clicked again, in order, those still on the page.
 */
export function goLive(): void {
  document.documentElement.setAttribute(APP_LIVE_ATTR, '');
  const early = (window as unknown as Record<string, unknown>)[EARLY_CLICKS];
  if (!Array.isArray(early)) return;
  for (const button of early.splice(0)) if (button instanceof HTMLElement && button.isConnected) button.click();
}
