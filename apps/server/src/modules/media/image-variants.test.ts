import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@shotlib/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStore, type MediaStore } from '../../lib/storage';
import { createImageVariants, deleteWithVariants, isImageWidth, variantKey, variantKeys } from './image-variants';

let dir: string;
let store: MediaStore;
const puts: string[] = [];
const warnings: unknown[] = [];
/** The local store, counting writes. */
let counting: MediaStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotlib-variants-'));
  store = localMediaStore(dir);
  counting = { ...store, put: (key, body) => (puts.push(key), store.put(key, body)) };
  await store.put('shots/a.webp', await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0a0' } }).webp().toBuffer());
  await store.put('shots/broken.png', Buffer.from('not a png'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('variantKey', () => {
  it('names variants under variants/w{width}/ and refuses unsafe keys, non-rasters and variants', () => {
    expect(variantKey('shots/1/2.webp', 320)).toBe('variants/w320/shots/1/2.webp.webp');
    expect(variantKey('logos/a.PNG', 160)).toBe('variants/w160/logos/a.PNG.webp');
    for (const key of ['../x.png', 'a/../../x.png', '/etc/x.png', 'icons/a.svg', 'notes/a.txt', 'variants/w320/a.png.webp']) {
      expect(variantKey(key, 320), key).toBeNull();
    }
  });

  it('knows the offered widths', () => {
    expect(isImageWidth(320)).toBe(true);
    expect(isImageWidth(321)).toBe(false);
  });
});

describe('createImageVariants', () => {
  it('renders a variant once for concurrent first requests, then reads it from the store', async () => {
    const variants = createImageVariants(counting, { warn: (obj) => warnings.push(obj) });
    const files = await Promise.all(Array.from({ length: 5 }, () => variants.open('shots/a.webp', 640)));
    expect(files.every((f) => f !== null && f.size > 0)).toBe(true);
    expect(puts).toEqual(['variants/w640/shots/a.webp.webp']);
    for (const f of files) f!.stream.destroy();
    const later = await variants.open('shots/a.webp', 640);
    later!.stream.destroy();
    expect(puts).toHaveLength(1);
  });

  it('gives null for a missing or undecodable original and stores nothing', async () => {
    const variants = createImageVariants(counting, { warn: (obj) => warnings.push(obj) });
    puts.length = 0;
    expect(await variants.open('shots/none.webp', 320)).toBeNull();
    expect(await variants.open('shots/broken.png', 320)).toBeNull();
    expect(puts).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});

describe('deleteWithVariants', () => {
  it('removes an image and every variant made of it, and nothing else', async () => {
    const variants = createImageVariants(store, { warn: (obj) => warnings.push(obj) });
    await store.put('shots/gone.webp', await sharp({ create: { width: 900, height: 600, channels: 3, background: '#00a' } }).webp().toBuffer());
    for (const width of [160, 640] as const) (await variants.open('shots/gone.webp', width))!.stream.destroy();
    (await variants.open('shots/a.webp', 160))!.stream.destroy();
    expect(variantKeys('shots/gone.webp')).toHaveLength(IMAGE_WIDTHS.length);

    await deleteWithVariants(store, 'shots/gone.webp');
    for (const key of ['shots/gone.webp', ...variantKeys('shots/gone.webp')]) expect(await store.exists(key), key).toBe(false);
    expect(await store.exists('shots/a.webp')).toBe(true);
    expect(await store.exists('variants/w160/shots/a.webp.webp')).toBe(true);
    // Again, with nothing left: no error.
    await deleteWithVariants(store, 'shots/gone.webp');
  });
});
