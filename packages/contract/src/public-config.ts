import { z } from 'zod';
import type { CatalogStats, Category, ItemListSchema, ItemSchema, PreviewListSchema } from './catalog';
import type { CATEGORY_ROOT } from './constants';

/** What the web app needs to know about this deployment (`GET /config`). */
export const PublicConfigSchema = z.object({
  /** Prefix for relative media paths (images, avatars), e.g. `/media` or a CDN URL. */
  mediaBase: z.string(),
  supportEmail: z.string(),
  /** Whether Google sign-in is configured. */
  google: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** Join the media host and a relative path; an empty path gives an empty string. */
export function mediaUrl(base: string, relative: string | null | undefined): string {
  if (!relative) return '';
  if (/^(https?:)?\/\//.test(relative) || relative.startsWith('data:')) return relative;
  return `${base.replace(/\/+$/, '')}/${relative.replace(/^\/+/, '')}`;
}

/** Widths of the WebP thumbnails the media route makes on demand (`/media/_w{width}/{path}`). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** URL of a thumbnail variant of a relative image path (WebP, at most `width` px wide). */
export function mediaVariantUrl(base: string, relative: string | null | undefined, width: ImageWidth): string {
  if (!relative || /^(https?:)?\/\//.test(relative) || relative.startsWith('data:')) return mediaUrl(base, relative);
  return mediaUrl(base, `_w${width}/${relative.replace(/^\/+/, '')}`);
}

/** A `srcset` of every variant up to the image's own width. */
export function mediaSrcSet(base: string, relative: string | null | undefined, naturalWidth: number): string {
  if (!relative) return '';
  return IMAGE_WIDTHS.filter((w, i) => w <= naturalWidth || i === 0)
    .map((w) => `${mediaVariantUrl(base, relative, w)} ${w}w`)
    .join(', ');
}

/** The srcset of a grid thumbnail: the WebP variants up to the image's width, then the original for sharp high-density screens. */
export function thumbnailSrcSet(base: string, path: string, naturalWidth: number): string {
  const variants = mediaSrcSet(base, path, naturalWidth);
  const original = `${mediaUrl(base, path)} ${naturalWidth}w`;
  return variants.includes(` ${naturalWidth}w`) ? variants : [variants, original].filter(Boolean).join(', ');
}

/**
 * `sizes` of one screenshot of a list card (apps: phone screens; websites: browser pages), following the columns of
 * the web app's card grid. The server preloads the first card's picture with the same srcset and sizes (the first
 * view, docs/decisions/035), so the browser takes the preloaded file for the card.
 */
export const LIST_CARD_SIZES = {
  // A third of an app card (three phone screens side by side, decision 056).
  app: '(max-width: 560px) 30vw, (max-width: 900px) 15vw, (max-width: 1200px) 10vw, 110px',
  // A website card's whole width (one tile of the page's top).
  web: '(max-width: 560px) 92vw, (max-width: 900px) 46vw, (max-width: 1440px) 31vw, 450px',
} as const;

/**
 * The first view (docs/decisions/035): the server writes what a list page shows first into its HTML, as JSON in a
 * `<script type="application/json" id={FIRST_VIEW_ID}>`, so the web app renders it without asking for it: the
 * deployment's configuration and, on /, /app and /web, the list's first page (News) as a visitor gets it; on
 * /detail/{id}, the item and the first page of its screens as a visitor gets them (`GET /platform/{id}`,
 * `POST /platform/app`).
 */
export const FIRST_VIEW_ID = 'first-view';
export type FirstView = {
  config: PublicConfig;
  list?: { kind: 'app' | 'web'; page: z.infer<typeof ItemListSchema> };
  /** The catalogue's figures, for the list pages' banner (`GET /platform/stats`). */
  stats?: CatalogStats;
  item?: z.infer<typeof ItemSchema>;
  /** The first page of the item's screens (`POST /platform/app`, no screen filter), with `item`. */
  previews?: z.infer<typeof PreviewListSchema>;
  /** Category trees the page names in its first view (`GET /group/child`): with `item`, the tree of its categories. */
  categories?: { [K in keyof typeof CATEGORY_ROOT]?: Category[] };
};

/**
 * The page from the server (docs/decisions/035, "The page from the server"): on the list pages the server also
 * writes the page itself, rendered from the same first view, into `#root`, marked with SERVER_RENDERED_ATTR; the web
 * app takes it over (hydration) rather than drawing it again. It is a visitor's page in English: for a reader with a
 * session or another language, a script in the head marks `<html>` with OWN_RENDER_ATTR before the first paint, the
 * page stays hidden behind the header bar (SHELL_ID), and the app renders the reader's own.
 */
export const SERVER_RENDERED_ATTR = 'data-server-rendered';
export const OWN_RENDER_ATTR = 'data-own-render';
export const SHELL_ID = 'shell';
/**
 * Clicks on the server's page before the app has taken it over (a button does nothing until then): the page's script
 * keeps the buttons clicked in `window[EARLY_CLICKS]`, and the app clicks them again once it runs them, marking
 * `<html>` with APP_LIVE_ATTR first (from then on clicks go straight to it). Links work without the app.
 */
export const EARLY_CLICKS = '__shotlibEarlyClicks';
export const APP_LIVE_ATTR = 'data-app-live';
