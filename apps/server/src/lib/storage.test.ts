import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { s3MediaStore } from './s3-media-store';
import { localMediaStore, type MediaStore } from './storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let s3: TestS3Server;
let folder: string;
let stores: Record<'local' | 's3', MediaStore>;

beforeAll(async () => {
  s3 = await startS3Server();
  folder = await mkdtemp(path.join(os.tmpdir(), 'shotlib-store-'));
  stores = {
    local: localMediaStore(folder),
    s3: s3MediaStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    }),
  };
});
afterAll(async () => {
  await Promise.all(Object.values(stores).map((store) => store.close()));
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

/** A megabyte that is not all one byte, so a truncated or reordered read shows. */
const BIG = Buffer.from(Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) % 251));

describe.each(['local', 's3'] as const)('the %s media store', (kind) => {
  const store = () => stores[kind];

  it('keeps what it is given: put, exists, open (whole and with its size), put again replaces, delete', async () => {
    const key = `shots/${kind}/1/a.webp`;
    expect(await store().exists(key)).toBe(false);
    await store().put(key, BIG);
    expect(await store().exists(key)).toBe(true);
    const file = await store().open(key);
    expect(file!.size).toBe(BIG.length);
    expect((await readAll(file!.stream)).equals(BIG)).toBe(true);

    await store().put(key, Buffer.from('second'));
    const again = await store().open(key);
    expect(again!.size).toBe(6);
    expect((await readAll(again!.stream)).toString()).toBe('second');

    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
    expect(await store().open(key)).toBeNull();
  });

  it('answers a missing key with false and null, and deleting it is no error', async () => {
    expect(await store().exists('logos/missing.webp')).toBe(false);
    expect(await store().open('logos/missing.webp')).toBeNull();
    await expect(store().delete('logos/missing.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../x.png', 'a/../../x.png', '/etc/passwd', 'a//b.png', './a.png', 'a b.png']) {
      await expect(store().put(key, Buffer.from('x')), key).rejects.toThrow(/unsafe media key/);
      expect(await store().exists(key), key).toBe(false);
      expect(await store().open(key), key).toBeNull();
      await expect(store().delete(key), key).rejects.toThrow(/unsafe media key/);
    }
  });

  it('deletes one key, not its neighbours', async () => {
    await store().put(`art/${kind}/1.png`, Buffer.from('one'));
    await store().put(`art/${kind}/2.png`, Buffer.from('two'));
    await store().delete(`art/${kind}/1.png`);
    expect(await store().exists(`art/${kind}/1.png`)).toBe(false);
    expect(await store().exists(`art/${kind}/2.png`)).toBe(true);
  });
});

describe('the S3 media store', () => {
  it('writes each key as one object of the bucket, with the content type of its extension', async () => {
    await stores.s3.put('logos/s3-typed.webp', Buffer.from('RIFF'));
    await stores.s3.put('icons/s3-typed.svg', Buffer.from('<svg/>'));
    expect(await s3.object('logos/s3-typed.webp')).toEqual({ body: Buffer.from('RIFF'), type: 'image/webp' });
    expect((await s3.object('icons/s3-typed.svg'))!.type).toBe('image/svg+xml');
    expect(await s3.keys()).toEqual(expect.arrayContaining(['icons/s3-typed.svg', 'logos/s3-typed.webp']));
    // Nothing was written to disk on the way.
    expect(await readdir(folder)).not.toContain('logos');
  });

  it('throws when the bucket refuses it or cannot be reached, instead of calling the file missing', async () => {
    const wrongSecret = s3MediaStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
    });
    const noBucket = s3MediaStore({ endpoint: s3.endpoint, region: 'us-east-1', bucket: 'no-such-bucket', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    // A port nothing listens on: the server that was here is gone.
    const gone = await startS3Server('gone-bucket');
    await gone.close();
    const unreachable = s3MediaStore({ endpoint: gone.endpoint, region: 'us-east-1', bucket: 'gone-bucket', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await stores.s3.put('logos/guarded.webp', Buffer.from('x'));
    try {
      await expect(wrongSecret.open('logos/guarded.webp')).rejects.toThrow(/signature/i);
      await expect(wrongSecret.put('logos/other.webp', Buffer.from('x'))).rejects.toThrow(/signature/i);
      await expect(noBucket.put('logos/other.webp', Buffer.from('x'))).rejects.toThrow(/bucket/i);
      await expect(unreachable.exists('logos/guarded.webp')).rejects.toThrow();
      await expect(unreachable.open('logos/guarded.webp')).rejects.toThrow();
    } finally {
      await Promise.all([wrongSecret.close(), noBucket.close(), unreachable.close()]);
    }
    expect(await s3.keys()).not.toContain('logos/other.webp');
  });
});
