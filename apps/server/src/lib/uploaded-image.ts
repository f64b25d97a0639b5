import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { MediaStore } from './storage';

/** Formats an uploaded image may arrive in; SVG and anything else are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Refuse decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000;

export class NotAnImageError extends Error {
  constructor() {
    super('not an image');
  }
}

/**
 * Decode the bytes as an image (the file name and declared type are never trusted), apply the
 * EXIF orientation, resize to at most `maxSide` a side (`cover`: a centred square crop; `inside`:
 * the whole image), never enlarged, and re-encode as WebP. sharp writes no metadata unless asked,
 * so EXIF (location, camera), ICC and XMP are all dropped.
 */
export async function reencodeImage(input: Buffer, options: { maxSide: number; fit: 'cover' | 'inside'; quality: number }): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new NotAnImageError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnImageError();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(options.maxSide, options.maxSide, { fit: options.fit, withoutEnlargement: true })
      .webp({ quality: options.quality })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that got past the header.
    throw new NotAnImageError();
  }
}

/** Store a WebP under the hash of its content, `<folder>/<sha-256>.webp` (the same image is stored once); returns the key. */
export async function storeByContent(media: MediaStore, folder: string, webp: Buffer): Promise<string> {
  const key = `${folder}/${createHash('sha256').update(webp).digest('hex')}.webp`;
  if (!(await media.exists(key))) await media.put(key, webp);
  return key;
}
