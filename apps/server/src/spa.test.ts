import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_PREFIX, CATEGORY_ROOT, DETAIL_PAGE_SIZE, FIRST_VIEW_ID, LIST_CARD_SIZES, SERVER_RENDERED_ATTR, SHELL_ID, type FirstView } from '@shotlib/contract';
import { eq } from 'drizzle-orm';
import { item } from './db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePreloads, type BuildManifest } from './first-view';
import { NOT_BUILT_MESSAGE } from './spa';
import { eventually } from './test/helpers';
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

/** A build manifest as Vite writes it: the entry, two pages and the chunks they share. */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-1a.js', isEntry: true, imports: ['_runtime-2b.js'] },
  '_runtime-2b.js': { file: 'assets/runtime-2b.js' },
  '_grid-3c.js': { file: 'assets/grid-3c.js', imports: ['_runtime-2b.js'] },
  '_card-4d.js': { file: 'assets/card-4d.js', imports: ['_grid-3c.js'] },
  'src/features/catalog/apps-page.tsx': { file: 'assets/apps-page-5e.js', imports: ['_card-4d.js', '_runtime-2b.js'] },
  'src/features/catalog/websites-page.tsx': { file: 'assets/websites-page-6f.js', imports: ['_card-4d.js'] },
  'src/features/detail/detail-page.tsx': { file: 'assets/detail-page-7a.js', imports: ['_grid-3c.js', 'index.html'] },
};
const preloadsOf = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low">/g)].map((match) => match[1]);

describe('preloading a page’s own chunks', () => {
  it('lists the chunks the page’s module needs, through its imports, except those the entry loads', () => {
    expect(preloadsOf(pagePreloads(MANIFEST, 'src/features/catalog/apps-page.tsx'))).toEqual([
      '/assets/apps-page-5e.js',
      '/assets/card-4d.js',
      '/assets/grid-3c.js',
    ]);
    expect(preloadsOf(pagePreloads(MANIFEST, 'src/features/detail/detail-page.tsx'))).toEqual(['/assets/detail-page-7a.js', '/assets/grid-3c.js']);
  });

  it('writes nothing without a manifest or for a module it does not know', () => {
    expect(pagePreloads(null, 'src/features/catalog/apps-page.tsx')).toBe('');
    expect(pagePreloads(MANIFEST, 'src/features/nothing.tsx')).toBe('');
  });

  it('escapes file names', () => {
    const odd: BuildManifest = { 'page.tsx': { file: 'assets/a"b<c&d.js' } };
    expect(pagePreloads(odd, 'page.tsx')).toBe('<link rel="modulepreload" crossorigin href="/assets/a&quot;b&lt;c&amp;d.js" fetchpriority="low">');
  });
});

describe('the first view of the list pages', () => {
  const PAGE = '<!doctype html><html><head><title>Shotlib</title></head><body><div id="root"></div></body></html>';
  let pages: string;
  let p: TestApp;
  beforeAll(async () => {
    pages = await mkdtemp(path.join(os.tmpdir(), 'shotlib-dist-'));
    await writeFile(path.join(pages, 'index.html'), PAGE);
    await mkdir(path.join(pages, '.vite'));
    await writeFile(path.join(pages, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    p = await createTestApp({ env: { WEB_DIST: pages } });
  });
  afterAll(async () => {
    await p.close();
    await rm(pages, { recursive: true, force: true });
  });

  /** The first view written into a page, and the document without it. */
  function firstViewOf(body: string): { view: FirstView; rest: string } {
    const match = new RegExp(`<script type="application/json" id="${FIRST_VIEW_ID}">(.*?)</script>`).exec(body);
    expect(match, body.slice(0, 300)).not.toBeNull();
    return { view: JSON.parse(match![1]!) as FirstView, rest: body.replace(match![0], '') };
  }

  it('writes the configuration, the first News page and the catalogue’s figures a visitor gets into /, /app and /web, and preloads the first card’s picture', async () => {
    for (const [url, platform] of [['/', false], ['/app', false], ['/web', true]] as const) {
      const res = await p.app.inject({ method: 'GET', url, headers: { ...html, 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const { view } = firstViewOf(res.body);
      const config = (await p.app.inject({ method: 'GET', url: `${API_PREFIX}/config` })).json().data;
      const list = (await p.app.inject({ method: 'POST', url: `${API_PREFIX}/platform`, payload: { page: 1, pageSize: 8, platform, rank: 'N' } })).json().data;
      const stats = (await p.app.inject({ method: 'GET', url: `${API_PREFIX}/platform/stats` })).json().data;
      expect(view).toEqual({ config, list: { kind: platform ? 'web' : 'app', page: list }, stats });
      expect(list.arr.length).toBeGreaterThan(0);
      // The first card's first picture, signed as the list gave it, at the card's sizes.
      const shot = list.arr[0].preview[0];
      const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(res.body);
      expect(preload).not.toBeNull();
      const unescape = (value: string) => value.replace(/&amp;/g, '&');
      expect(unescape(preload![1]!)).toBe(`${config.mediaBase}/_w640/${shot.path}`);
      expect(unescape(preload![2]!)).toContain(`${config.mediaBase}/_w160/${shot.path} 160w`);
      expect(preload![3]).toBe(platform ? LIST_CARD_SIZES.web : LIST_CARD_SIZES.app);
      // The list page's chunks, from the build's manifest.
      expect(preloadsOf(res.body)).toEqual(
        platform ? ['/assets/websites-page-6f.js', '/assets/card-4d.js', '/assets/grid-3c.js'] : ['/assets/apps-page-5e.js', '/assets/card-4d.js', '/assets/grid-3c.js'],
      );
    }
  });

  it('writes the configuration, the item and its first screens a visitor gets into /detail/{id}, with the detail page’s chunks', async () => {
    const first = (await p.app.inject({ method: 'POST', url: `${API_PREFIX}/platform`, payload: { page: 1, pageSize: 8, platform: false, rank: 'N' } })).json().data.arr[0];
    const res = await p.app.inject({ method: 'GET', url: `/detail/${first.id}`, headers: { ...html, 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const { view } = firstViewOf(res.body);
    const config = (await p.app.inject({ method: 'GET', url: `${API_PREFIX}/config` })).json().data;
    const item = (await p.app.inject({ method: 'GET', url: `${API_PREFIX}/platform/${first.id}` })).json().data;
    const previews = (await p.app.inject({ method: 'POST', url: `${API_PREFIX}/platform/app`, payload: { page: 1, pageSize: DETAIL_PAGE_SIZE, appSiteId: first.id } })).json().data;
    expect(item.id).toBe(first.id);
    expect(previews.arr.length).toBeGreaterThan(0);
    // The tree of its categories, which its header names (drawn by the server, not again when the tree arrives).
    const kind = item.business ? 'business' : 'list';
    const tree = (await p.app.inject({ method: 'GET', url: `${API_PREFIX}/group/child?preId=${CATEGORY_ROOT[kind]}` })).json().data.arr;
    expect(tree.length).toBeGreaterThan(0);
    expect(view).toEqual({ config, item, previews, categories: { [kind]: tree } });
    expect(preloadsOf(res.body)).toEqual(['/assets/detail-page-7a.js', '/assets/grid-3c.js']);
    // No picture is preloaded: the page's largest element on a phone is the item's text.
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('writes only the configuration for an item that does not exist', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/detail/999999999', headers: { ...html, 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    const config = (await p.app.inject({ method: 'GET', url: `${API_PREFIX}/config` })).json().data;
    expect(firstViewOf(res.body).view).toEqual({ config });
  });

  it('keeps an item’s names from closing the script that holds them', async () => {
    const first = (await p.app.inject({ method: 'POST', url: `${API_PREFIX}/platform`, payload: { page: 1, pageSize: 8, platform: false, rank: 'N' } })).json().data.arr[0];
    const name = '</script><script>alert(1)</script><!--';
    await p.db.update(item).set({ name }).where(eq(item.id, first.id));
    try {
      const res = await p.app.inject({ method: 'GET', url: `/detail/${first.id}`, headers: { ...html, 'accept-encoding': 'identity' } });
      const { view, rest } = firstViewOf(res.body);
      expect(view.item?.name).toBe(name);
      expect(rest).not.toContain('alert(1)');
    } finally {
      await p.db.update(item).set({ name: first.name }).where(eq(item.id, first.id));
    }
  });

  it('sends it compressed as the request accepts, the same document once decoded', async () => {
    const plain = (await p.app.inject({ method: 'GET', url: '/app', headers: { ...html, 'accept-encoding': 'identity' } })).body;
    for (const acceptEncoding of ['br, gzip', 'gzip', 'br;q=0, gzip']) {
      const res = await p.app.inject({ method: 'GET', url: '/app', headers: { ...html, 'accept-encoding': acceptEncoding } });
      expect(res.headers['content-encoding'], acceptEncoding).toBe(acceptEncoding.startsWith('br,') ? 'br' : 'gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(plain);
    }
  });

  it('keeps names from closing the script that holds them', async () => {
    const first = (await p.app.inject({ method: 'POST', url: `${API_PREFIX}/platform`, payload: { page: 1, pageSize: 8, platform: false, rank: 'N' } })).json().data.arr[0];
    const name = '</script><script>alert(1)</script><!--';
    await p.db.update(item).set({ name }).where(eq(item.id, first.id));
    try {
      const page = async () => firstViewOf((await p.app.inject({ method: 'GET', url: '/app', headers: { ...html, 'accept-encoding': 'identity' } })).body);
      // On PostgreSQL the write reaches the read cache through a notification, a few milliseconds later.
      await eventually(async () => (await page()).view.list?.page.arr[0]?.name === name);
      expect((await page()).rest).not.toContain('alert(1)');
    } finally {
      await p.db.update(item).set({ name: first.name }).where(eq(item.id, first.id));
    }
  });

  it('leaves every other page, and list pages with a query, as built', async () => {
    for (const url of ['/detail/12?x=1', '/detail/abc', '/detail/0', '/app?rank=H', '/web?name=x', '/collect', '/b']) {
      const res = await p.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PAGE);
    }
  });
});

describe('the list pages rendered on the server', () => {
  /** index.html as Vite writes it: the entry's script, its preloads and stylesheet in the head, the shell in #root. */
  const BUILT =
    '<!doctype html><html><head><title>Shotlib</title><style>.boot-header{height:64px}</style>' +
    '<script type="module" crossorigin src="/assets/index-1a.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/runtime-2b.js">\n' +
    '<link rel="stylesheet" crossorigin href="/assets/index-1a.css">\n' +
    '</head><body><div id="root"><div class="boot-header" aria-hidden="true"><div class="boot-brand">Shotlib</div></div></div></body></html>';
  const STYLED: BuildManifest = {
    ...MANIFEST,
    'index.html': { ...MANIFEST['index.html']!, css: ['assets/index-1a.css'] },
    '_card-4d.js': { ...MANIFEST['_card-4d.js']!, css: ['assets/card-4d.css'] },
    'src/features/catalog/apps-page.tsx': { ...MANIFEST['src/features/catalog/apps-page.tsx']!, css: ['assets/apps-page-5e.css'] },
  };
  /** The web build's server entry stands in here (apps/web/src/entry-server.tsx renders the real page, e2e): the first card's name, escaped, from the view it is given. */
  const ENTRY = `export async function renderPage(url, view) {
    if (view.list?.kind === 'web') throw new Error('no websites today');
    const name = (view.item ?? view.list.page.arr[0]).name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    return '<main data-url="' + url + '"><h2>' + name + '</h2></main>';
  }`;
  let dist: string;
  let s: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'shotlib-dist-'));
    await writeFile(path.join(dist, 'index.html'), BUILT);
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(STYLED));
    await mkdir(path.join(dist, '.ssr'));
    await writeFile(path.join(dist, '.ssr', 'entry-server.js'), ENTRY);
    s = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await s.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string) => s.app.inject({ method: 'GET', url, headers: { ...html, 'accept-encoding': 'identity' } });
  const inlineScript = (body: string) => /<script>(.*?)<\/script>/s.exec(body)?.[1];

  it('writes the page into #root for the app to take over, the header bar beside it, and starts the scripts from the head', async () => {
    const res = await get('/app');
    expect(res.statusCode).toBe(200);
    const first = (await s.app.inject({ method: 'POST', url: `${API_PREFIX}/platform`, payload: { page: 1, pageSize: 8, platform: false, rank: 'N' } })).json().data.arr[0];
    const escaped = first.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    expect(res.body).toContain(`<div id="${SHELL_ID}"><div class="boot-header" aria-hidden="true"><div class="boot-brand">Shotlib</div></div></div>`);
    expect(res.body).toContain(`<div id="root" ${SERVER_RENDERED_ATTR}><main data-url="/app"><h2>${escaped}</h2></main></div></body>`);
    // The first view is there as before: the app's first render is made from it, as the server's was.
    expect(res.body).toContain(`id="${FIRST_VIEW_ID}"`);
    // No script in the head but the one that starts them: the entry, its preloads, then the page's own chunks.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('<link rel="modulepreload"');
    const script = inlineScript(res.body)!;
    expect(script).toContain('["/assets/runtime-2b.js","/assets/apps-page-5e.js","/assets/card-4d.js","/assets/grid-3c.js"]');
    expect(script).toContain('"/assets/index-1a.js"');
    // The page's stylesheets, each once (the entry's is linked already).
    const styles = [...res.body.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(styles).toEqual(['/assets/index-1a.css', '/assets/apps-page-5e.css', '/assets/card-4d.css']);
    // The policy allows that script by its hash, and no other inline one.
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(/(?:^|;)script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]).toBe(`'self' ${hash}`);
  });

  it('renders / on its own (the list of apps, at its own address)', async () => {
    expect((await get('/')).body).toContain('<main data-url="/">');
  });

  it('sends the page as built, with its first view, when the render fails', async () => {
    const res = await get('/web');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`id="${FIRST_VIEW_ID}"`);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1a.js"></script>');
    expect(res.body).not.toContain(SERVER_RENDERED_ATTR);
    expect(/(?:^|;)script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]).toBe("'self'");
  });

  it('renders an item’s page when the item exists', async () => {
    const first = (await s.app.inject({ method: 'POST', url: `${API_PREFIX}/platform`, payload: { page: 1, pageSize: 8, platform: false, rank: 'N' } })).json().data.arr[0];
    const res = await get(`/detail/${first.id}`);
    expect(res.body).toContain(`<div id="root" ${SERVER_RENDERED_ATTR}><main data-url="/detail/${first.id}">`);
    expect(inlineScript(res.body)).toContain('"/assets/detail-page-7a.js","/assets/grid-3c.js"');
    // An item that does not exist: the page as built with its first view (the configuration); the app asks.
    const missing = await get('/detail/999999999');
    expect(missing.body).not.toContain(SERVER_RENDERED_ATTR);
    expect(missing.body).toContain(`id="${FIRST_VIEW_ID}"`);
  });

  it('renders no other page, and serves neither the server entry nor the manifest', async () => {
    expect((await get('/app?rank=H')).body).toBe(BUILT);
    for (const url of ['/.ssr/entry-server.js', '/.vite/manifest.json']) expect((await s.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
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
