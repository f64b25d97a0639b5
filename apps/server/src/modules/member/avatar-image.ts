import { createHash } from 'node:crypto';
import { AVATAR_MAX_SIDE_PX } from '@shotlib/contract';
import sharp from 'sharp';
import type { MediaStore } from '../../lib/storage';

/** Formats an avatar may arrive in; SVG and anything else are refused. */
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
 * EXIF orientation, crop to a centred square of at most 512 px and re-encode as WebP. sharp writes
 * no metadata unless asked, so EXIF (location, camera), ICC and XMP are all dropped.
 */
export async function normaliseAvatar(input: Buffer): Promise<Buffer> {
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
      .resize(AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer();
  } catch {
    // Truncated or corrupt data that got past the header.
    throw new NotAnImageError();
  }
}

/** Store a WebP under the hash of its content: `avatars/<sha-256>.webp` (the same image is stored once). */
export async function storeAvatar(media: MediaStore, webp: Buffer): Promise<string> {
  const key = `avatars/${createHash('sha256').update(webp).digest('hex')}.webp`;
  if (!(await media.exists(key))) await media.put(key, webp);
  return key;
}
