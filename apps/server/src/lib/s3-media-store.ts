import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, mediaContentType, type MediaStore } from './storage';

/** Where the bucket is and how to reach it (config.ts builds it from the S3_* variables). */
export type S3MediaOptions = {
  /** An S3-compatible server's origin (MinIO, R2, …); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most self-hosted servers want it). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, a profile, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Whether the SDK error says the object is not there (GetObject: NoSuchKey; HeadObject: a bare 404). */
function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * The media store in an S3-compatible bucket: a key is an object key, unchanged. The bucket stays
 * private; /media reads it for every request (docs/decisions/039-media-store-s3.md), so protected
 * screenshots and variants keep the same rules as on disk. Missing objects are `false`/`null`;
 * any other failure (unreachable server, refused credentials) is thrown, for the caller's 500.
 */
export function s3MediaStore(options: S3MediaOptions): MediaStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where an operation requires one: several S3-compatible servers refuse the
    // SDK's default CRC32 trailers, and every object here is small and written whole.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const Bucket = options.bucket;

  return {
    async put(key, body) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType: mediaContentType(key) ?? 'application/octet-stream' }));
    },
    async exists(key) {
      try {
        assertSafeKey(key);
      } catch {
        return false;
      }
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async open(key) {
      try {
        assertSafeKey(key);
      } catch {
        return null;
      }
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body || object.ContentLength === undefined) throw new Error(`S3 gave no body or length for ${key}`);
        // In Node the body is the HTTP response itself (an IncomingMessage): streamed, never buffered.
        return { stream: object.Body as Readable, size: object.ContentLength };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}
