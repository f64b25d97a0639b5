import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_PREFIX } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT_MESSAGE } from './spa';
import { createTestApp, type TestApp } from './test/test-app';

const INDEX = '<!doctype html><title>Shotlib</title><div id="root"></div>';
const html = { accept: 'text/html,application/xhtml+xml' };
const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;

/** The body as the browser sees it after undoing Content-Encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'shotlib-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  // As the web build writes them (apps/web/build/precompress.ts): x.br and x.gz beside x.
  for (const [file, content] of [
    ['index.html', INDEX],
    [path.join('assets', 'chunk-9c8d7e.js'), CHUNK],
  ] as const) {
    await writeFile(path.join(dist, file), content);
    await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(dist, `${file}.gz`), gzipSync(content));
  }
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable and other files as no-cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed file the request accepts, decoding to the same bytes as the plain one', async () => {
    for (const [url, headers, body, type, cache] of [
      ['/assets/chunk-9c8d7e.js', {}, CHUNK, 'javascript', 'public, max-age=31536000, immutable'],
      ['/', {}, INDEX, 'text/html', 'no-cache'],
      ['/detail/12', html, INDEX, 'text/html', 'no-cache'],
    ] as const) {
      const replies = new Map<string, Awaited<ReturnType<typeof t.app.inject>>>();
      for (const acceptEncoding of ['br, gzip, deflate', 'gzip', 'identity']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': acceptEncoding } });
        expect(res.statusCode, `${url} ${acceptEncoding}`).toBe(200);
        expect(res.headers['content-type']).toContain(type);
        expect(res.headers['cache-control']).toBe(cache);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res), `${url} ${acceptEncoding}`).toBe(body);
        replies.set(acceptEncoding, res);
      }
      expect(replies.get('br, gzip, deflate')?.headers['content-encoding']).toBe('br');
      expect(replies.get('gzip')?.headers['content-encoding']).toBe('gzip');
      expect(replies.get('identity')?.headers['content-encoding']).toBeUndefined();
    }
    // Compressed means smaller on the wire.
    const br = await t.app.inject({ method: 'GET', url: '/assets/chunk-9c8d7e.js', headers: { 'accept-encoding': 'br' } });
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(CHUNK) / 4);
  });

  it('sends the plain file when no compressed one was written beside it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a1b.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('falls back to index.html for page routes (history mode)', async () => {
    for (const url of ['/app', '/detail/12', '/mine/sub', '/point/3?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not fall back for the API, media, health, missing assets or non-HTML requests', async () => {
    const api = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/nope`, headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/x.png', headers: html })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz/x', headers: html })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/app', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/app', headers: html })).statusCode).toBe(404);
  });
});

describe('without a build', () => {
  it('answers / with a 503 saying how to build, while the API works', async () => {
    const bare = await createTestApp(); // WEB_DIST points at an empty path
    try {
      const root = await bare.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(503);
      expect(root.headers['content-type']).toContain('text/plain');
      expect(root.body).toBe(NOT_BUILT_MESSAGE);
      expect(root.body).toContain('npm run build');
      expect((await bare.app.inject({ method: 'GET', url: '/app', headers: html })).statusCode).toBe(503);
      const api = await bare.app.inject({ method: 'GET', url: `${API_PREFIX}/grade` });
      expect(api.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
