import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX } from '@shotlib/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT_MESSAGE } from './spa';
import { createTestApp, type TestApp } from './test/test-app';

const INDEX = '<!doctype html><title>Shotlib</title><div id="root"></div>';
const html = { accept: 'text/html,application/xhtml+xml' };

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'shotlib-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
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
