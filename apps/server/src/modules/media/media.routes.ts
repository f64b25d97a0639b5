import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendFailure } from '../../lib/error-handler';
import type { MediaSigner } from '../../lib/media-signature';
import { isPrivateMediaKey, mediaContentType, type MediaFile, type MediaStore } from '../../lib/storage';
import { createImageVariants, isImageWidth, VARIANTS_PREFIX } from './image-variants';

/** Media keys are content-addressed or never rewritten: browsers and CDNs may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `_w{width}/{key}`: a WebP thumbnail of `key` (widths of IMAGE_WIDTHS in @shotlib/contract). */
const VARIANT_PATH = /^_w(\d{1,5})\/(.+)$/;

/**
 * `maxAgeS`: a signed screenshot may be cached until its URL expires (by a CDN too: the signature is
 * part of the URL, so a cached copy answers only that URL); other media for a year.
 */
function sendFile(reply: FastifyReply, type: string, file: MediaFile, maxAgeS?: number) {
  return reply
    .header('content-type', type)
    .header('content-length', file.size)
    .header('cache-control', maxAgeS === undefined ? MEDIA_CACHE_CONTROL : `public, max-age=${maxAgeS}, must-revalidate`)
    // A CDN in front of /media serves these to the SPA's (other) origin.
    .header('cross-origin-resource-policy', 'cross-origin')
    // An SVG opened directly must not run scripts in our origin.
    .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
    .send(file.stream);
}

/** A refusal no cache may keep (a CDN must ask again, and a later signed URL must not meet it). */
const refuse = (reply: FastifyReply, status: 403 | 404) =>
  sendFailure(reply.header('cache-control', 'no-store'), status, status, status === 403 ? 'Forbidden' : 'Not Found');

/**
 * `GET /media/<key>`: stream a file of the media store. `GET /media/_w<width>/<key>`: a WebP
 * variant of an image at most `width` px wide (made once, then kept in the store under
 * `variants/`), for grid thumbnails; the viewer loads the original. Unknown, unsafe (`..`, odd
 * characters) and non-image keys, and widths not offered, all answer the same 404.
 * Screenshots (and every variant of them) are served only through the signed path the API gave a
 * caller entitled to them, `_s<expiry>.<signature>/<key>` (lib/media-signature.ts); unsigned,
 * expired, altered or of another key: 403. The stored variants (`variants/…`) and private files are
 * not media of their own: reached directly, they are the same 404 as a missing key, so no
 * representation of a screenshot escapes its proof (issue 28).
 */
export const mediaRoutes: FastifyPluginAsync<{ media: MediaStore; signer: MediaSigner }> = async (app, { media, signer }) => {
  const variants = createImageVariants(media, app.log);

  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const variant = VARIANT_PATH.exec(path);
    const grant = signer.grant(variant ? variant[2]! : path);
    if (!grant) return refuse(reply, 403);
    const { key, maxAgeS } = grant;
    if (isPrivateMediaKey(key) || key.toLowerCase().startsWith(`${VARIANTS_PREFIX}/`)) return refuse(reply, 404);
    if (variant) {
      const width = Number(variant[1]);
      const file = isImageWidth(width) ? await variants.open(key, width) : null;
      if (!file) return refuse(reply, 404);
      return sendFile(reply, 'image/webp', file, maxAgeS);
    }
    const type = mediaContentType(key);
    const file = type ? await media.open(key) : null;
    if (!file) return refuse(reply, 404);
    return sendFile(reply, type!, file, maxAgeS);
  });
};
