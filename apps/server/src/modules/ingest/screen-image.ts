import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS } from '@shotlib/contract';
import { IngestMessage, SCREEN_MAX_BYTES, SCREEN_MAX_PIXELS, SCREEN_MAX_SIDE_PX, SCREEN_MIN_SIDE_PX } from '@shotlib/contract/ingest';
import { encode } from 'blurhash';
import sharp, { type Metadata } from 'sharp';
import { imageOf, type DecodedImage } from '../media/media.service';

/**
 * The image steps of the ingestion pipeline: validation when a file arrives (cheap enough to run
 * in the request or the import loop), and the heavy steps a queued job runs later (dominant
 * colours, blurhash; the WebP variants are rendered by the media module's scheme).
 */

/** Why a file is refused: one of the contract's IngestMessage texts. */
export class ScreenRejected extends Error {
  constructor(readonly reason: (typeof IngestMessage)[keyof typeof IngestMessage]) {
    super(reason);
    this.name = 'ScreenRejected';
  }
}

/** Formats a screenshot may arrive in, and the extension its original is stored under. */
const FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif', heif: 'webp' };

export type CheckedScreen = {
  /** sha-256 of the bytes as given, hex. */
  hash: string;
  /** The bytes to store as the original (the input, except HEIF, which browsers cannot show: WebP). */
  original: Buffer;
  /** The extension of the stored original. */
  ext: string;
  /** As displayed (EXIF orientation applied). */
  width: number;
  height: number;
};

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Decode and validate a screenshot: size, format (from the bytes, never a file name), declared
 * dimensions against the decompression-bomb limits before any pixel is decoded, then a full decode
 * (sharp refuses more than SCREEN_MAX_PIXELS) that catches truncated or corrupt data.
 */
export async function checkScreen(bytes: Buffer): Promise<CheckedScreen> {
  if (bytes.length > SCREEN_MAX_BYTES) throw new ScreenRejected(IngestMessage.tooLarge);
  if (bytes.length === 0) throw new ScreenRejected(IngestMessage.notAnImage);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: SCREEN_MAX_PIXELS }).metadata();
  } catch (err) {
    // sharp refuses a header that declares more than the limit before decoding anything.
    if (/pixel limit/i.test((err as Error).message)) throw new ScreenRejected(IngestMessage.tooManyPixels);
    throw new ScreenRejected(IngestMessage.notAnImage);
  }
  const ext = meta.format ? FORMATS[meta.format] : undefined;
  if (!ext || !meta.width || !meta.height) throw new ScreenRejected(IngestMessage.notAnImage);
  const pageHeight = meta.pageHeight ?? meta.height;
  if (meta.width > SCREEN_MAX_SIDE_PX || pageHeight > SCREEN_MAX_SIDE_PX || meta.width * pageHeight > SCREEN_MAX_PIXELS) {
    throw new ScreenRejected(IngestMessage.tooManyPixels);
  }
  if (meta.width < SCREEN_MIN_SIDE_PX || pageHeight < SCREEN_MIN_SIDE_PX) throw new ScreenRejected(IngestMessage.tooSmall);
  const swapped = (meta.orientation ?? 1) >= 5;
  let original = bytes;
  try {
    if (meta.format === 'heif') {
      original = await sharp(bytes, { limitInputPixels: SCREEN_MAX_PIXELS, failOn: 'error' }).rotate().webp({ quality: 90 }).toBuffer();
    } else {
      // Decode every pixel once (to a tiny result): a file that only starts like an image fails here.
      await sharp(bytes, { limitInputPixels: SCREEN_MAX_PIXELS, failOn: 'error' }).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
    }
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new ScreenRejected(IngestMessage.tooManyPixels);
    throw new ScreenRejected(IngestMessage.notAnImage);
  }
  return {
    hash: sha256(bytes),
    original,
    ext,
    width: swapped ? pageHeight : meta.width,
    height: swapped ? meta.width : pageHeight,
  };
}

/** The widths a screen of `width` px gets WebP variants at (as the web app's srcset asks for them). */
export const variantWidthsFor = (width: number): number[] => IMAGE_WIDTHS.filter((w, i) => w <= width || i === 0);

const hex = (value: number) => Math.round(Math.max(0, Math.min(255, value))).toString(16).padStart(2, '0');

/** Colours covering less than this share of the image are not dominant. */
const MIN_COLOR_SHARE = 0.03;
/** At most this many dominant colours. */
export const MAX_COLORS = 5;

/**
 * The dominant colours of an image, most present first, as #rrggbb: the image shrunk to 64 px,
 * each pixel put in a box of 4 bits per channel, the fullest boxes' average colours.
 */
export async function dominantColors(original: Buffer | DecodedImage): Promise<string[]> {
  const { data, info } = await imageOf(original, { limitInputPixels: SCREEN_MAX_PIXELS })
    .resize(64, 64, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const boxes = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 2 < data.length; i += info.channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const box = boxes.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    box.n += 1;
    box.r += r;
    box.g += g;
    box.b += b;
    boxes.set(key, box);
  }
  const pixels = data.length / info.channels;
  const sorted = [...boxes.values()].sort((a, b) => b.n - a.n);
  const chosen = sorted.filter((box) => box.n / pixels >= MIN_COLOR_SHARE).slice(0, MAX_COLORS);
  const picked = chosen.length > 0 ? chosen : sorted.slice(0, 1);
  return picked.map((box) => `#${hex(box.r / box.n)}${hex(box.g / box.n)}${hex(box.b / box.n)}`);
}

/** sRGB channel (0–255) to linear light (0–1), as WCAG's relative luminance takes it. */
const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The relative luminance (WCAG, 0 black to 1 white) of one sRGB colour. */
export const relativeLuminance = (r: number, g: number, b: number): number => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/**
 * The relative luminance of a #rrggbb colour; null for anything else. A screen's first dominant
 * colour (its background) estimates its luminance where its pixels were not read (migration 0019,
 * the scale seed).
 */
export function colorLuminance(color: string | undefined): number | null {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  const channel = (at: number) => Number.parseInt(color.slice(at, at + 2), 16);
  return relativeLuminance(channel(1), channel(3), channel(5));
}

/**
 * The mean relative luminance of an image (0 black to 1 white), over its pixels shrunk to 64 px
 * (transparent pixels count as they are drawn on white): what the light/dark filter reads
 * (SCREEN_DARK_BELOW in the contract, docs/decisions/056-landing-grid-and-screen-theme.md).
 */
export async function meanLuminance(original: Buffer | DecodedImage): Promise<number> {
  const { data, info } = await imageOf(original, { limitInputPixels: SCREEN_MAX_PIXELS })
    .resize(64, 64, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i + 2 < data.length; i += info.channels) sum += relativeLuminance(data[i]!, data[i + 1]!, data[i + 2]!);
  return sum / (data.length / info.channels);
}

/** A blurhash placeholder: 4 components along the longer side, 3 along the shorter, from a 32 px thumbnail. */
export async function blurhashOf(original: Buffer | DecodedImage): Promise<string> {
  const { data, info } = await imageOf(original, { limitInputPixels: SCREEN_MAX_PIXELS })
    .resize(32, 32, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [x, y] = info.width >= info.height ? [4, 3] : [3, 4];
  return encode(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, x, y);
}

/**
 * A 64-bit perceptual hash (dHash) for "similar screens" (issue 14): the image in grey shrunk to
 * 9×8, one bit per pair of horizontal neighbours (set when the left one is brighter), row by row,
 * the first pixel pair the highest bit. Layouts alike have hashes a few bits apart (`hashDistance`);
 * colours and small text changes hardly move it. Signed, as PostgreSQL's bigint stores it.
 */
export async function perceptualHash(original: Buffer | DecodedImage): Promise<bigint> {
  const { data } = await imageOf(original, { limitInputPixels: SCREEN_MAX_PIXELS })
    .removeAlpha()
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let hash = 0n;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) hash = (hash << 1n) | (data[y * 9 + x]! > data[y * 9 + x + 1]! ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two perceptual hashes differ in (0: alike, about 32: unrelated). */
export function hashDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (diff > 0n) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}
