import { AVATAR_MAX_SIDE_PX } from '@shotlib/contract';
import { reencodeImage, storeByContent } from '../../lib/uploaded-image';
import type { MediaStore } from '../../lib/storage';

export { NotAnImageError } from '../../lib/uploaded-image';

/** An avatar: a centred square of at most AVATAR_MAX_SIDE_PX, WebP, without metadata. */
export const normaliseAvatar = (input: Buffer): Promise<Buffer> =>
  reencodeImage(input, { maxSide: AVATAR_MAX_SIDE_PX, fit: 'cover', quality: 86 });

/** Store an avatar under the hash of its content: `avatars/<sha-256>.webp`. */
export const storeAvatar = (media: MediaStore, webp: Buffer): Promise<string> => storeByContent(media, 'avatars', webp);
