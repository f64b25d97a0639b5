import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendFailure } from '../../lib/error-handler';
import { isProtectedMediaKey, type MediaSigner } from '../../lib/media-signature';
import { isPrivateMediaKey, mediaContentType, type MediaFile, type MediaStore } from '../../lib/storage';
import { createImageVariants, isImageWidth } from './image-variants';

/** Media keys are content-addressed or never rewritten: browsers and CDNs may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `_w{width}/{key}`: a WebP thumbnail of `key` (widths of IMAGE_WIDTHS in @shotlib/contract). */
const VARIANT_PATH = /^_w(\d{1,5})\/(.+)$/;

/** `maxAgeS`: a signed screenshot may be cached until its URL expires; other media for a year. */
function sendFile(reply: FastifyReply, type: string, file: MediaFile, maxAgeS?: number) {
  return reply
    .header('content-type', type)
    .header('content-length', file.size)
    .header('cache-control', maxAgeS === undefined ? MEDIA_CACHE_CONTROL : `public, max-age=${maxAgeS}`)
    // A CDN in front of /media serves these to the SPA's (other) origin.
    .header('cross-origin-resource-policy', 'cross-origin')
    // An SVG opened directly must not run scripts in our origin.
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
    .send(file.stream);
}

/**
 * `GET /media/<key>`: stream a file of the media store. `GET /media/_w<width>/<key>`: a WebP
 * variant of an image at most `width` px wide (made once, then kept in the store under
 * `variants/`), for grid thumbnails; the viewer loads the original. Unknown, unsafe (`..`, odd
 * characters) and non-image keys, and widths not offered, all answer the same 404.
 * Screenshots (and their variants) need the `?e=…&s=…` the API appended for a caller entitled
 * to them (lib/media-signature.ts); without it, or expired, or for another key: 403.
 */
export const mediaRoutes: FastifyPluginAsync<{ media: MediaStore; signer: MediaSigner }> = async (app, { media, signer }) => {
  const variants = createImageVariants(media, app.log);

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { e, s } = request.query as { e?: unknown; s?: unknown };
    const variant = VARIANT_PATH.exec(key);
    const original = variant ? variant[2]! : key;
    // Private files (portfolio PDFs) are not media: the same 404 as a missing key.
    if (isPrivateMediaKey(original)) return sendFailure(reply, 404, 404, 'Not Found');
    if (!signer.allows(original, e, s)) return sendFailure(reply, 403, 403, 'Forbidden');
    const maxAgeS = isProtectedMediaKey(original) ? signer.maxAgeS(e) : undefined;
    if (variant) {
      const width = Number(variant[1]);
      const file = isImageWidth(width) ? await variants.open(original, width) : null;
      if (!file) return sendFailure(reply, 404, 404, 'Not Found');
      return sendFile(reply, 'image/webp', file, maxAgeS);
    }
    const type = mediaContentType(key);
    const file = type ? await media.open(key) : null;
    if (!file) return sendFailure(reply, 404, 404, 'Not Found');
    return sendFile(reply, type!, file, maxAgeS);
  });
};
