import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';

/** s3rver's built-in account: it checks every request's AWS Signature V4 against this key pair. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type TestS3Server = {
  /** The S3_* variables that point the server's configuration at this bucket. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes and content type, read straight from the bucket (null when missing). */
  object(key: string): Promise<{ body: Buffer; type: string | undefined } | null>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server on loopback (s3rver: Koa over a temp folder, signatures checked) with
 * one empty bucket, created through the S3 API as a deployment would.
 */
export async function startS3Server(bucket = 'shotlib-media'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'shotlib-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  // The SDK signs bucket-level requests (create, list) as `/<bucket>/`, s3rver checks `/<bucket>`:
  // drop the slash before signing. Only this helper makes such requests; the store's are per object.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    endpoint,
    bucket,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((entry) => entry.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async object(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { body: Buffer.from(await reply.Body!.transformToByteArray()), type: reply.ContentType };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
