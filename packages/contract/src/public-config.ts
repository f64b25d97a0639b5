import { z } from 'zod';

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
