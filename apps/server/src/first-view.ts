import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  API_PREFIX,
  APP_LIVE_ATTR,
  CATEGORY_ROOT,
  DEFAULT_LOCALE,
  DETAIL_PAGE_SIZE,
  EARLY_CLICKS,
  FIRST_VIEW_ID,
  LIST_CARD_SIZES,
  mediaVariantUrl,
  OWN_RENDER_ATTR,
  PAGE_SIZE,
  RANK,
  SERVER_RENDERED_ATTR,
  SHELL_ID,
  STORAGE_KEYS,
  thumbnailSrcSet,
  type CatalogStats,
  type Category,
  type FirstView,
  type PublicConfig,
} from '@shotlib/contract';
import type { FastifyInstance } from 'fastify';

/** The list pages whose first view the server writes into the HTML, and the list each shows. */
const LIST_PAGES: Readonly<Record<string, 'app' | 'web'>> = { '/': 'app', '/app': 'app', '/web': 'web' };

/** The detail page of an item (`/detail/{id}`, apps/web/src/lib/routes.ts). */
const DETAIL_PAGE = /^\/detail\/([1-9]\d{0,9})$/;

/**
 * The module of each page with a first view, as the web app's router loads it (apps/web/src/app/router.tsx): its
 * chunks are preloaded with the HTML, so they do not wait for the entry to run and ask for them.
 */
const PAGE_MODULES = {
  app: 'src/features/catalog/apps-page.tsx',
  web: 'src/features/catalog/websites-page.tsx',
  detail: 'src/features/detail/detail-page.tsx',
} as const;

/** Vite's build manifest (`build.manifest`, dist/.vite/manifest.json): each module's chunk, its CSS and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * The chunks a page's module needs that the entry does not already load (index.html links those): its scripts, and
 * the stylesheets of the page and everything it imports (the entry's among them: index.html links it already).
 */
export function pageChunks(manifest: BuildManifest | null, module: string): { scripts: string[]; styles: string[] } {
  if (!manifest?.[module]) return { scripts: [], styles: [] };
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const page = new Set<string>();
  walk(module, page);
  const keys = [...page];
  return {
    scripts: keys.filter((key) => !entry.has(key)).map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')),
    styles: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))],
  };
}

/**
 * `<link rel="modulepreload">` for the scripts a page's module needs that the entry does not already load. Its CSS is
 * left to the module's own loader: a stylesheet in the head would hold the first paint. They are fetched at low
 * priority: the shell's first paint needs none of them, and the first card's picture and the entry's scripts (high)
 * come first; they are there by the time the entry asks for the page.
 */
export function pagePreloads(manifest: BuildManifest | null, module: string): string {
  return pageChunks(manifest, module)
    .scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}" fetchpriority="low">`)
    .join('');
}

/** The web build's server entry (apps/web/src/entry-server.tsx): a list page's markup, from its first view. */
export type PageRenderer = (url: string, view: FirstView) => Promise<string>;

/** index.html's entry script and the scripts it preloads. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The page's script preloads the app's chunks this many to a task (`startScript`). */
const PRELOADS_PER_TASK = 2;

/**
 * The head's script of a page written by the server: before the first paint, it tells whether the page is this
 * reader's (a visitor in English: no session, no other language chosen; else `<html>` gets OWN_RENDER_ATTR, which
 * hides it); it keeps the buttons clicked before the app runs (EARLY_CLICKS); then it starts the app's scripts, at
 * once for a reader whose page it is not, and for a visitor once the page and its pictures are in (the load event,
 * or 3 s at most): the page is whole and its links work without them, and on a slow line its pictures come first.
 */
function startScript(scripts: string[]): { html: string; hash: string } {
  const [entry, ...preloads] = scripts;
  // Before the app runs, a click on a button (not a link: links work) is kept for the app to replay (EARLY_CLICKS).
  const keep = `var early=window[${scriptJson(EARLY_CLICKS)}]=[];d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button");if(!b||d.documentElement.hasAttribute(${scriptJson(
    APP_LIVE_ATTR,
  )}))return;e.preventDefault();e.stopPropagation();if(early.indexOf(b)<0)early.push(b)},true);`;
  // The entry first; the preloads two to a task: each costs the main thread 1–3 ms (30 in one task
  // were a 40 ms task, four times that on a phone), and the entry needs none of them to start fetching.
  const code = `(function(){var d=document,own=false;${keep}try{var s=localStorage,l=s.getItem(${scriptJson(STORAGE_KEYS.locale)});own=!!s.getItem(${scriptJson(
    STORAGE_KEYS.token,
  )})||(l!==null&&l!==${scriptJson(DEFAULT_LOCALE)})}catch(e){}if(own)d.documentElement.setAttribute(${scriptJson(OWN_RENDER_ATTR)},"");var started=false,rest=${scriptJson(
    preloads,
  )};function more(){var f=d.createDocumentFragment();rest.splice(0,${PRELOADS_PER_TASK}).forEach(function(u){var p=d.createElement("link");p.rel="modulepreload";p.crossOrigin="";p.href=u;f.appendChild(p)});d.head.appendChild(f);if(rest.length)setTimeout(more)}function start(){if(started)return;started=true;var e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=${scriptJson(
    entry,
  )};d.head.appendChild(e);if(rest.length)setTimeout(more)}if(own)start();else{addEventListener("load",start);setTimeout(start,3000)}})();`;
  const style = `#${SHELL_ID}{display:none}html[${OWN_RENDER_ATTR}] #${SHELL_ID}{display:block}html[${OWN_RENDER_ATTR}] #root[${SERVER_RENDERED_ATTR}]{display:none}`;
  // The page's Content-Security-Policy allows this script by its hash (`sendDocument`), no other inline one.
  return { html: `<style>${style}</style><script>${code}</script>`, hash: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
}

/**
 * index.html with a page the server rendered (docs/decisions/035, "The page from the server"): `markup` in `#root`,
 * marked for the app to take over; index.html's header bar beside it as the shell shown while the app renders another
 * reader's page; the page's stylesheets linked (its markup needs them before the first paint); the scripts, the
 * page's own after the entry's, started by `startScript` instead of the head.
 */
export function serverRenderedDocument(
  template: string,
  extraHead: string,
  markup: string,
  chunks: { scripts: string[]; styles: string[] },
): { html: string; scriptHash: string } | null {
  const entry = ENTRY_SCRIPT.exec(template);
  const rootStart = template.indexOf('<div id="root">');
  const bodyEnd = template.indexOf('</body>');
  const rootEnd = template.lastIndexOf('</div>', bodyEnd);
  if (!entry || rootStart < 0 || rootEnd < rootStart) return null;
  const scripts = [entry[1]!, ...[...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!), ...chunks.scripts.map((file) => `/${file}`)];
  const styles = chunks.styles
    .map((file) => `/${file}`)
    .filter((href) => !template.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`)
    .join('');
  const shell = template.slice(rootStart + '<div id="root">'.length, rootEnd);
  const start = startScript(scripts);
  const head = template.slice(0, rootStart).replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</head>', `${styles}${extraHead}${start.html}</head>`);
  return {
    html: `${head}<div id="${SHELL_ID}">${shell}</div><div id="root" ${SERVER_RENDERED_ATTR}>${markup}</div>${template.slice(rootEnd + '</div>'.length)}`,
    scriptHash: start.hash,
  };
}

/** HTML documents kept compressed, by their head (a new catalogue version or signing window makes a new one). */
const KEPT_DOCUMENTS = 8;

/** A page's document, compressed, and the hash of its inline script when it has one (its CSP must allow it). */
export type FirstViewDocument = { html: string; br: Buffer; gzip: Buffer; scriptHash?: string };

/** JSON inside `<script>`: no `</script>` (nor `<!--`) can close or change it, whatever the names hold. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What a page's first view is made of: its data, and the head that carries it. */
type Made = {
  view: FirstView;
  /** The first picture's preload, if any. */
  preload: string;
  /** The first view as JSON, for the app. */
  json: string;
  /** The page's module (its chunks). */
  module: string;
  /** Whether the page itself is rendered on the server too (the list pages, an item's page). */
  render: boolean;
};

/**
 * The first view of a list page (docs/decisions/035): the deployment's configuration, the list's first page and the
 * catalogue's figures (the banner's) as a visitor gets them, written into index.html as JSON, and the first card's picture preloaded with the srcset and sizes
 * the card will use. The web app renders them without waiting for its own requests, and the picture (the page's
 * largest, its LCP) starts loading with the scripts instead of after them. Both come from the API's own routes
 * (`inject`), so they are what those routes answer, from the same read cache. With the web build's server entry
 * (`renderPage`), the list pages carry the page itself too, rendered from that first view (`serverRenderedDocument`).
 */
export function createFirstView(
  app: FastifyInstance,
  template: string,
  manifest: BuildManifest | null = null,
  renderPage: () => Promise<PageRenderer | null> = async () => null,
) {
  // Kept apart: the three list pages' documents are not pushed out by visits to many items.
  const documents = { list: new Map<string, FirstViewDocument>(), other: new Map<string, FirstViewDocument>() };
  /** Documents being made, by key: concurrent first requests after a change share one render. */
  const making = new Map<string, Promise<FirstViewDocument>>();

  async function data<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T | null> {
    const res = await app.inject({ method, url: `${API_PREFIX}${url}`, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) return null;
    const body = res.json<{ code: number; data: T }>();
    return body.code === 0 ? body.data : null;
  }

  const jsonOf = (view: FirstView) => `<script type="application/json" id="${FIRST_VIEW_ID}">${scriptJson(view)}</script>`;

  async function listPage(kind: 'app' | 'web'): Promise<Made | null> {
    const [config, page, stats] = await Promise.all([
      data<PublicConfig>('GET', '/config'),
      data<NonNullable<FirstView['list']>['page']>('POST', '/platform', { page: 1, pageSize: PAGE_SIZE, platform: kind === 'web', rank: RANK.news }),
      data<CatalogStats>('GET', '/platform/stats'),
    ]);
    if (!config || !page) return null;
    const view: FirstView = { config, list: { kind, page }, ...(stats ? { stats } : {}) };
    const shot = page.arr[0]?.preview[0];
    const preload = shot
      ? `<link rel="preload" as="image" href="${attribute(mediaVariantUrl(config.mediaBase, shot.path, 640))}" imagesrcset="${attribute(
          thumbnailSrcSet(config.mediaBase, shot.path, shot.width),
        )}" imagesizes="${attribute(LIST_CARD_SIZES[kind])}" fetchpriority="high">`
      : '';
    return { view, preload, json: jsonOf(view), module: PAGE_MODULES[kind], render: true };
  }

  /**
   * An item's page: the configuration, the item and the first page of its screens as a visitor gets them (none for an
   * item that does not exist), and the page rendered on the server when there is an item (without one, the app asks
   * for it and shows what it finds). With its screens in the HTML, the page does not draw them when they arrive: the
   * largest render of its start, on a phone (docs/decisions/035).
   */
  async function detailPage(id: number): Promise<Made | null> {
    const [config, item, previews] = await Promise.all([
      data<PublicConfig>('GET', '/config'),
      data<NonNullable<FirstView['item']>>('GET', `/platform/${id}`),
      data<NonNullable<FirstView['previews']>>('POST', '/platform/app', { page: 1, pageSize: DETAIL_PAGE_SIZE, appSiteId: id }),
    ]);
    if (!config) return null;
    // The header names the item's categories: with their tree here, it does not draw them again when it arrives.
    const kind = item?.business ? 'business' : 'list';
    const tree = item && (await data<{ arr: Category[] }>('GET', `/group/child?preId=${CATEGORY_ROOT[kind]}`));
    const view: FirstView = item ? { config, item, ...(previews ? { previews } : {}), ...(tree ? { categories: { [kind]: tree.arr } } : {}) } : { config };
    return { view, preload: '', json: jsonOf(view), module: PAGE_MODULES.detail, render: item !== null };
  }

  function make(pathname: string): Promise<Made | null> | null {
    const kind = LIST_PAGES[pathname];
    if (kind) return listPage(kind);
    const detail = DETAIL_PAGE.exec(pathname);
    return detail ? detailPage(Number(detail[1])) : null;
  }

  /** The page rendered on the server, or null (no server entry, or it failed: the app renders the page itself). */
  async function rendered(pathname: string, made: Made): Promise<{ html: string; scriptHash: string } | null> {
    const render = made.render ? await renderPage() : null;
    if (!render) return null;
    try {
      return serverRenderedDocument(template, `${made.preload}${made.json}`, await render(pathname, made.view), pageChunks(manifest, made.module));
    } catch (error) {
      app.log.error({ err: error, pathname }, 'the page could not be rendered on the server');
      return null;
    }
  }

  async function documentOf(pathname: string, made: Made): Promise<FirstViewDocument> {
    const { html, scriptHash } = (await rendered(pathname, made)) ?? {
      html: template.replace('</head>', `${made.preload}${pagePreloads(manifest, made.module)}${made.json}</head>`),
    };
    return {
      html,
      ...(scriptHash ? { scriptHash } : {}),
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html, { level: 6 }),
    };
  }

  /** The document of a page with its first view, or null for pages without one (or when it cannot be made). */
  return async function firstView(pathname: string): Promise<FirstViewDocument | null> {
    const asked = template.includes('</head>') ? make(pathname) : null;
    const made = asked && (await asked);
    if (!made) return null;
    // The same first view makes the same page (the markup is rendered from it).
    const key = `${pathname}\n${made.preload}${made.json}`;
    const kept = LIST_PAGES[pathname] ? documents.list : documents.other;
    const hit = kept.get(key);
    if (hit) return hit;
    let pending = making.get(key);
    if (!pending) {
      pending = documentOf(pathname, made).then((document) => {
        if (kept.size >= KEPT_DOCUMENTS) kept.delete(kept.keys().next().value!);
        kept.set(key, document);
        return document;
      });
      making.set(key, pending);
      const done = () => making.delete(key);
      pending.then(done, done);
    }
    return pending;
  };
}
