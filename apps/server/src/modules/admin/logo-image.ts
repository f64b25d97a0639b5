import { createHash } from 'node:crypto';
import { LOGO_MAX_SIDE_PX } from '@shotlib/contract';
import sharp from 'sharp';
import type { MediaStore } from '../../lib/storage';

/** Formats a logo may arrive in; SVG and anything else are refused. */
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
 * EXIF orientation, fit it within LOGO_MAX_SIDE_PX a side (never enlarged) and re-encode as WebP
 * without metadata, as avatars are (member/avatar-image.ts).
 */
export async function normaliseLogo(input: Buffer): Promise<Buffer> {
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
      .resize(LOGO_MAX_SIDE_PX, LOGO_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw new NotAnImageError();
  }
}

/** Store a WebP under the hash of its content: `logos/<sha-256>.webp` (the same image is stored once). */
export async function storeLogo(media: MediaStore, webp: Buffer): Promise<string> {
  const key = `logos/${createHash('sha256').update(webp).digest('hex')}.webp`;
  if (!(await media.exists(key))) await media.put(key, webp);
  return key;
}
