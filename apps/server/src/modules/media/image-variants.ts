import type { Readable } from 'node:stream';
import { IMAGE_WIDTHS, type ImageWidth } from '@shotlib/contract';
import sharp, { type Sharp } from 'sharp';
import { assertSafeKey, type MediaFile, type MediaStore } from '../../lib/storage';

/** Where rendered variants live in the media store: `variants/w{width}/{original key}.webp`. */
export const VARIANTS_PREFIX = 'variants';
/** WebP quality of thumbnails: visually clean for UI screenshots at a third of the PNG size. */
export const VARIANT_QUALITY = 75;
/**
 * libwebp's effort (0–6; sharp's default is 4). Measured on 1170 × 2532 phone screenshots, five
 * widths each: effort 2 encodes in about half the time of 4 for about 8 % more bytes (28 vs 26 KB a
 * screen), and encoding is most of a screen's processing at ingest.
 */
export const VARIANT_EFFORT = 2;

/** Originals a variant can be made from (raster images; SVG stays as it is). */
const RASTER = /\.(webp|png|jpe?g|gif|avif)$/i;

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** The store key of a variant, or null when no variant may be made of `key`. */
export function variantKey(key: string, width: ImageWidth): string | null {
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  // Variants are never made of variants (that would let requests nest them without end).
  if (!RASTER.test(key) || key.startsWith(`${VARIANTS_PREFIX}/`)) return null;
  return `${VARIANTS_PREFIX}/w${width}/${key}.webp`;
}

/** Every variant key that may exist of `key` (one per offered width); none for a key that has no variants. */
export function variantKeys(key: string): string[] {
  return IMAGE_WIDTHS.map((width) => variantKey(key, width)).filter((target): target is string => target !== null);
}

/**
 * Delete a stored image and every variant made of it, in whichever store holds them: a deleted
 * screenshot or logo leaves no thumbnail behind. Missing files are no error.
 */
export async function deleteWithVariants(media: MediaStore, key: string): Promise<void> {
  await Promise.all([key, ...variantKeys(key)].map((target) => media.delete(target)));
}

/**
 * An image decoded once, its EXIF orientation applied and its pixels in sRGB: several variants (and
 * the ingestion's colours and placeholder) are made from it without decoding the original again.
 */
export type DecodedImage = { data: Buffer; raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

export async function decodeImage(original: Buffer): Promise<DecodedImage> {
  const { data, info } = await sharp(original, { failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/** sharp over an original's bytes (orientation applied) or over pixels decoded once. */
export function imageOf(source: Buffer | DecodedImage, options: { limitInputPixels?: number } = {}): Sharp {
  if (Buffer.isBuffer(source)) return sharp(source, { failOn: 'error', ...options }).rotate(); // apply EXIF orientation before it is dropped
  return sharp(source.data, { raw: source.raw });
}

/** Resize to at most `width` px wide (never enlarged), WebP, metadata stripped. */
export async function renderVariant(source: Buffer | DecodedImage, width: ImageWidth): Promise<Buffer> {
  // sharp keeps no metadata (EXIF, ICC beyond sRGB, XMP) unless asked to.
  return imageOf(source).resize({ width, withoutEnlargement: true }).webp({ quality: VARIANT_QUALITY, effort: VARIANT_EFFORT }).toBuffer();
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type ImageVariants = {
  /**
   * The variant file of `key` at `width`, made and stored on first use; null when the original
   * does not exist or cannot be decoded. Concurrent first requests share one rendering, and the
   * store writes atomically (a temp file renamed on disk, one PUT in a bucket), so a reader never
   * sees a partial file.
   */
  open(key: string, width: ImageWidth): Promise<MediaFile | null>;
};

export function createImageVariants(media: MediaStore, log: { warn(obj: object, msg: string): void }): ImageVariants {
  const rendering = new Map<string, Promise<boolean>>();

  const ensure = (key: string, target: string, width: ImageWidth): Promise<boolean> => {
    let job = rendering.get(target);
    if (!job) {
      job = (async () => {
        const original = await media.open(key);
        if (!original) return false;
        try {
          await media.put(target, await renderVariant(await readAll(original.stream), width));
          return true;
        } catch (err) {
          log.warn({ err, key, width }, 'image variant could not be made');
          return false;
        }
      })().finally(() => rendering.delete(target));
      rendering.set(target, job);
    }
    return job;
  };

  return {
    async open(key, width) {
      const target = variantKey(key, width);
      if (!target) return null;
      const existing = await media.open(target);
      if (existing) return existing;
      if (!(await ensure(key, target, width))) return null;
      return media.open(target);
    },
  };
}
