import { LOGO_MAX_SIDE_PX } from '@shotlib/contract/admin';
import { reencodeImage, storeByContent } from '../../lib/uploaded-image';
import type { MediaStore } from '../../lib/storage';

export { NotAnImageError } from '../../lib/uploaded-image';

/** A logo: the whole image within LOGO_MAX_SIDE_PX a side, WebP, without metadata. */
export const normaliseLogo = (input: Buffer): Promise<Buffer> => reencodeImage(input, { maxSide: LOGO_MAX_SIDE_PX, fit: 'inside', quality: 90 });

/** Store a logo under the hash of its content: `logos/<sha-256>.webp`. */
export const storeLogo = (media: MediaStore, webp: Buffer): Promise<string> => storeByContent(media, 'logos', webp);
