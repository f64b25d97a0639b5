import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  API_PREFIX,
  FIRST_VIEW_ID,
  LIST_CARD_SIZES,
  mediaVariantUrl,
  PAGE_SIZE,
  RANK,
  thumbnailSrcSet,
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

/** Vite's build manifest (`build.manifest`, dist/.vite/manifest.json): each module's chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/**
 * `<link rel="modulepreload">` for the chunks a page's module needs that the entry does not already load (index.html
 * preloads those). Its CSS is left to the module's own loader: a stylesheet in the head would hold the first paint.
 * They are fetched at low priority: the shell's first paint needs none of them, and the first card's picture and
 * the entry's scripts (high) come first; they are there by the time the entry asks for the page.
 */
export function pagePreloads(manifest: BuildManifest | null, module: string): string {
  if (!manifest?.[module]) return '';
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const page = new Set<string>();
  walk(module, page);
  return [...page]
    .filter((file) => !entry.has(file) && file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}" fetchpriority="low">`)
    .join('');
}

/** HTML documents kept compressed, by their head (a new catalogue version or signing window makes a new one). */
const KEPT_DOCUMENTS = 8;

export type FirstViewDocument = { html: string; br: Buffer; gzip: Buffer };

/** JSON inside `<script>`: no `</script>` (nor `<!--`) can close or change it, whatever the names hold. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The first view of a list page (docs/decisions/035): the deployment's configuration and the list's first page as a
 * visitor gets it, written into index.html as JSON, and the first card's picture preloaded with the srcset and sizes
 * the card will use. The web app renders them without waiting for its own requests, and the picture (the page's
 * largest, its LCP) starts loading with the scripts instead of after them. Both come from the API's own routes
 * (`inject`), so they are what those routes answer, from the same read cache.
 */
export function createFirstView(app: FastifyInstance, template: string, manifest: BuildManifest | null = null) {
  const documents = new Map<string, FirstViewDocument>();

  async function data<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T | null> {
    const res = await app.inject({ method, url: `${API_PREFIX}${url}`, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) return null;
    const body = res.json<{ code: number; data: T }>();
    return body.code === 0 ? body.data : null;
  }

  async function listHead(kind: 'app' | 'web'): Promise<string | null> {
    const [config, page] = await Promise.all([
      data<PublicConfig>('GET', '/config'),
      data<NonNullable<FirstView['list']>['page']>('POST', '/platform', { page: 1, pageSize: PAGE_SIZE, platform: kind === 'web', rank: RANK.news }),
    ]);
    if (!config || !page) return null;
    const view: FirstView = { config, list: { kind, page } };
    const shot = page.arr[0]?.preview[0];
    const preload = shot
      ? `<link rel="preload" as="image" href="${attribute(mediaVariantUrl(config.mediaBase, shot.path, 640))}" imagesrcset="${attribute(
          thumbnailSrcSet(config.mediaBase, shot.path, shot.width),
        )}" imagesizes="${attribute(LIST_CARD_SIZES[kind])}" fetchpriority="high">`
      : '';
    return `${preload}${pagePreloads(manifest, PAGE_MODULES[kind])}<script type="application/json" id="${FIRST_VIEW_ID}">${scriptJson(view)}</script>`;
  }

  /** An item's page: the configuration and the item as a visitor gets them (none for an item that does not exist). */
  async function detailHead(id: number): Promise<string | null> {
    const [config, item] = await Promise.all([
      data<PublicConfig>('GET', '/config'),
      data<NonNullable<FirstView['item']>>('GET', `/platform/${id}`),
    ]);
    if (!config) return null;
    const view: FirstView = item ? { config, item } : { config };
    return `${pagePreloads(manifest, PAGE_MODULES.detail)}<script type="application/json" id="${FIRST_VIEW_ID}">${scriptJson(view)}</script>`;
  }

  function head(pathname: string): Promise<string | null> | null {
    const kind = LIST_PAGES[pathname];
    if (kind) return listHead(kind);
    const detail = DETAIL_PAGE.exec(pathname);
    return detail ? detailHead(Number(detail[1])) : null;
  }

  /** The document of a page with its first view, or null for pages without one (or when it cannot be made). */
  return async function firstView(pathname: string): Promise<FirstViewDocument | null> {
    const making = template.includes('</head>') ? head(pathname) : null;
    const extra = making && (await making);
    if (!extra) return null;
    const kept = documents.get(extra);
    if (kept) return kept;
    const html = template.replace('</head>', `${extra}</head>`);
    const document = {
      html,
      br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: gzipSync(html, { level: 6 }),
    };
    if (documents.size >= KEPT_DOCUMENTS) documents.delete(documents.keys().next().value!);
    documents.set(extra, document);
    return document;
  };
}
