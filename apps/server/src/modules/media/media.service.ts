import type { ImageWidth } from '@shotlib/contract';
import type { MediaStore } from '../../lib/storage';
import * as variants from './image-variants';

/**
 * What other modules may use of the media module: the variant scheme (`variants/w{width}/{key}.webp`,
 * served as `/media/_w{width}/{key}`), rendering a variant ahead of its first request, and deleting
 * an image with its variants.
 */

/** The store key of the variant of `key` at `width`, or null when `key` has none. */
export const variantKey = (key: string, width: number): string | null => (variants.isImageWidth(width) ? variants.variantKey(key, width) : null);

export type { DecodedImage } from './image-variants';
/** Decode an image once, to make several variants of it (`storeVariant`) or read its pixels (`imageOf`). */
export const decodeImage = variants.decodeImage;
/** sharp over an original's bytes (EXIF orientation applied) or over an image decoded once. */
export const imageOf = variants.imageOf;

/**
 * Render and store the variant of `key` at `width` from the original's bytes, or from the image
 * decoded once when making several (as /media would on first request).
 */
export async function storeVariant(media: MediaStore, key: string, original: Buffer | variants.DecodedImage, width: number): Promise<void> {
  const target = variantKey(key, width);
  if (!target) return;
  await media.put(target, await variants.renderVariant(original, width as ImageWidth));
}

/** Delete an image and every variant made of it; missing files are no error. */
export const deleteWithVariants = (media: MediaStore, key: string): Promise<void> => variants.deleteWithVariants(media, key);
