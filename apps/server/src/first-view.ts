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
export function createFirstView(app: FastifyInstance, template: string) {
  const documents = new Map<string, FirstViewDocument>();

  async function data<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T | null> {
    const res = await app.inject({ method, url: `${API_PREFIX}${url}`, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) return null;
    const body = res.json<{ code: number; data: T }>();
    return body.code === 0 ? body.data : null;
  }

  async function head(kind: 'app' | 'web'): Promise<string | null> {
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
    return `${preload}<script type="application/json" id="${FIRST_VIEW_ID}">${scriptJson(view)}</script>`;
  }

  /** The document of a page with its first view, or null for pages without one (or when it cannot be made). */
  return async function firstView(pathname: string): Promise<FirstViewDocument | null> {
    const kind = LIST_PAGES[pathname];
    if (!kind || !template.includes('</head>')) return null;
    const extra = await head(kind);
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
