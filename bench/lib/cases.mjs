// What the benchmark asks the product: the catalogue it finds (ids, names, screens, the free
// window), and from it the pools of varied requests of every case. Nothing here is hard-coded
// from the product but the routes and their request shapes (packages/contract/src/catalog.ts,
// collect.ts): page sizes and the paywall's free window are read from the server's own replies.
import { API } from './processes.mjs';
import { call, request } from './session.mjs';

/** Most entries in one case's pool (the load generator cycles through it). */
const MAX_POOL = 6000;

/** A small deterministic PRNG (mulberry32), so every run sends the same sequence (and makes the same images). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(items, seed) {
  const random = rng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `count` entries spread evenly over `items` (all of them when there are fewer). */
function spread(items, count) {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]);
}

/** The largest n in 1..hi for which `open(n)` holds, `open` being true up to some n and false after. */
async function lastOpen(hi, open) {
  let lo = 1;
  if (!(await open(1))) return 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (await open(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const isOk = ({ status, envelope }) => status >= 200 && status < 300 && envelope?.code === 0;

// ---- Requests as the load generator sends them ------------------------------------------------

const auth = (token) => (token ? { authorization: token } : {});
const post = (path, body, token) => ({ method: 'POST', path: `${API}${path}`, headers: { 'content-type': 'application/json', ...auth(token) }, body: JSON.stringify(body) });
const bodiless = (method, path, token) => ({ method, path: `${API}${path}`, headers: auth(token) });

/**
 * Read what the cases need from the running server: every item (through the subscriber's session,
 * which sees past the free pages), the page sizes, the free window of anonymous callers, search
 * terms that are known to match and terms known to match nothing, and screens to collect.
 */
export async function gatherFixtures(origin, token) {
  // The default page size of the list and of the screens, as the server answers without one.
  const firstApps = await call(origin, 'POST', '/platform', { body: { page: 1, platform: false, rank: 'N' } });
  const pageSize = firstApps.arr.length;
  const kinds = [];
  for (const platform of [false, true]) {
    const first = platform ? await call(origin, 'POST', '/platform', { body: { page: 1, platform, rank: 'N' } }) : firstApps;
    kinds.push({ platform, total: first.total, pages: Math.ceil(first.total / pageSize) });
  }

  // Every item, 50 to a page (the contract's largest page), as a subscriber.
  const items = [];
  for (const { platform, total } of kinds) {
    for (let page = 1; (page - 1) * 50 < total; page++) {
      items.push(...(await call(origin, 'POST', '/platform', { body: { page, pageSize: 50, platform, rank: 'N' }, token })).arr);
    }
  }
  if (items.length === 0) throw new Error('the catalogue is empty');

  // The free window: the last list page and screens page an anonymous caller may open.
  const freeListPages = {};
  for (const { platform, pages } of kinds) {
    freeListPages[platform] = await lastOpen(pages, async (page) => isOk(await request(origin, 'POST', '/platform', { body: { page, pageSize, platform, rank: 'N' } })));
  }
  const deep = items.find((item) => item.preview.length > 0) ?? items[0];
  const firstScreens = await call(origin, 'POST', '/platform/app', { body: { page: 1, appSiteId: deep.id } });
  const screenPageSize = Math.max(1, firstScreens.arr.length);

  // Screens per item for a sample of items (a subscriber pages through all of them).
  const screenTotals = [];
  for (const item of spread(items, 150)) {
    const { total, arr } = await call(origin, 'POST', '/platform/app', { body: { page: 1, pageSize: screenPageSize, appSiteId: item.id }, token });
    screenTotals.push({ id: item.id, total, previewIds: arr.map((p) => p.id) });
  }
  const biggest = screenTotals.reduce((a, b) => (b.total > a.total ? b : a));
  const freeScreenPages = await lastOpen(Math.ceil(biggest.total / screenPageSize), async (page) =>
    isOk(await request(origin, 'POST', '/platform/app', { body: { page, pageSize: screenPageSize, appSiteId: biggest.id } })),
  );

  return {
    pageSize,
    screenPageSize,
    kinds,
    freeListPages,
    freeScreenPages,
    items,
    screenTotals,
    screensView: await screensViewFixtures(origin, token),
    previewIds: [...new Set([...screenTotals.flatMap((s) => s.previewIds), ...items.flatMap((item) => item.preview.map((p) => p.id))])],
    terms: await searchTerms(origin, items),
  };
}

/** Latin words of the seeded names and briefs, two-character pieces of Chinese names, and misses. */
async function searchTerms(origin, items) {
  const latin = new Set();
  const cjk = new Set();
  for (const item of items) {
    for (const word of `${item.name} ${item.briefing}`.split(/[^A-Za-z]+/)) {
      if (word.length >= 4) {
        latin.add(word.toLowerCase());
        latin.add(word.slice(0, 4).toLowerCase()); // a prefix, as people type
      }
    }
    const chinese = item.nameCn ?? '';
    for (let i = 0; i + 2 <= chinese.length; i += 2) if (/^\p{Script=Han}{2}$/u.test(chinese.slice(i, i + 2))) cjk.add(chinese.slice(i, i + 2));
  }
  // Misses: letters and characters no seeded name or brief holds (checked below).
  const none = ['qzxv', 'zzqj', 'xkcdq', 'vvqz', 'jqxz', 'pqzw', 'wxqv', 'qqzz', '鼹鼷', '齉龘', '靐麤', '爩鱻', 'zq 鼹', 'qxv2'];

  const matches = async (term) => (await call(origin, 'POST', '/platform', { body: { page: 1, platform: false, rank: 'N', name: term } })).total;
  const keep = async (terms, want) => {
    const kept = [];
    for (const term of terms) if (want(await matches(term))) kept.push(term);
    return kept;
  };
  return {
    latin: await keep(spread(shuffle([...latin].sort(), 11), 60), (total) => total > 0),
    cjk: await keep(spread(shuffle([...cjk].sort(), 12), 60), (total) => total > 0),
    none: await keep(none, (total) => total === 0),
  };
}

/**
 * The category roots of the Screens view's filters and of its search (packages/contract
 * constants.ts CATEGORY_ROOT: screen types 11, UI elements 7, app categories 9).
 */
const SCREEN_TYPE_ROOT = 11;
const ELEMENT_ROOT = 7;
/** How deep a Screens list pages (SCREEN_LIST_WINDOW of packages/contract constants.ts). */
const SCREEN_LIST_WINDOW = 10_000;
const LIST_ROOT = 9;
/**
 * Words the seeded screens' text holds (the vocabulary of the seed's app categories, which the
 * scale seed writes as each screen's OCR text); kept only when the server finds screens with them.
 */
const OCR_WORDS = ['groceries', 'salary', 'kyoto', 'weekly review', 'dumplings', 'lo-fi beats', 'top stories', 'golden hour', 'invoices', 'deploys', 'morning run', 'algebra'];

/**
 * What the Screens view cases need (POST /screen, issue 14): its free pages, the ids its filters
 * take (screen types, UI elements, app categories), and search terms that match: Latin words of
 * the category names and of the screens' text, the categories' two-character Chinese names (登录),
 * and terms that match nothing.
 */
async function screensViewFixtures(origin, token) {
  const children = async (preId) => (await call(origin, 'GET', `/group/child?preId=${preId}`)).arr;
  const [types, elements, groups] = await Promise.all([children(SCREEN_TYPE_ROOT), children(ELEMENT_ROOT), children(LIST_ROOT)]);
  const first = await call(origin, 'POST', '/screen', { body: { page: 1 } });
  const pageSize = Math.max(1, first.arr.length);
  const freePages = await lastOpen(Math.max(1, Math.ceil(first.total / pageSize)), async (page) => isOk(await request(origin, 'POST', '/screen', { body: { page } })));
  // A Screens list pages within its first SCREEN_LIST_WINDOW screens (packages/contract constants.ts); deeper pages are refused.
  const subscriberPages = Math.min(Math.ceil((await call(origin, 'POST', '/screen', { body: { page: 1 }, token })).total / pageSize), Math.floor(SCREEN_LIST_WINDOW / pageSize));

  const named = [...types, ...elements, ...groups];
  const latin = new Set(OCR_WORDS);
  for (const category of named) for (const word of category.nameEn.split(/[^A-Za-z]+/)) if (word.length >= 4) latin.add(word.toLowerCase());
  const cjk = new Set(named.flatMap((category) => [category.nameCn, category.nameTw]).filter((name) => /^\p{Script=Han}{2}$/u.test(name)));
  const none = ['qzxv', 'zzqj', 'xkcdq', '鼹鼷', '齉龘', 'qxv2'];
  const matches = async (q) => (await call(origin, 'POST', '/screen', { body: { page: 1, q }, token })).total;
  const keep = async (terms, want) => {
    const kept = [];
    for (const term of terms) if (want(await matches(term))) kept.push(term);
    return kept;
  };
  return {
    pageSize,
    freePages,
    subscriberPages,
    types: types.map((c) => c.id),
    elements: elements.map((c) => c.id),
    groups: groups.map((c) => c.id),
    terms: {
      latin: await keep(spread(shuffle([...latin].sort(), 13), 40), (total) => total > 0),
      cjk: await keep(spread(shuffle([...cjk].sort(), 14), 40), (total) => total > 0),
      none: await keep(none, (total) => total === 0),
    },
  };
}

/** Colour swatches of the filter (packages/contract screens.ts COLOR_SWATCHES). */
const SWATCHES = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'black', 'grey', 'white'];

/**
 * The Screens view's requests of one identity: pages 1..n (the free pages anonymously; the first
 * 40 and some deep ones for the subscriber) in both ranks, alone and with filters (kind, a screen
 * type, one or two UI elements, an app category, a colour, some combined); and its search with
 * each kind of term, in both ranks, alone or with a kind.
 */
function screensViewCases(view, token, who) {
  const random = rng(token ? 22 : 21);
  const pick = (values) => values[Math.floor(random() * values.length)];
  const lastPage = token ? Math.max(1, view.subscriberPages) : view.freePages;
  const pages = token ? [...Array.from({ length: Math.min(40, lastPage) }, (_, i) => i + 1), ...spread(Array.from({ length: lastPage }, (_, i) => i + 1), 40)] : Array.from({ length: lastPage }, (_, i) => i + 1);
  const filters = () => {
    const filter = {};
    const r = random();
    if (r < 0.25) return filter;
    if (random() < 0.4) filter.kind = pick(['app', 'web', 'b']);
    if (random() < 0.5 && view.types.length) filter.type = [pick(view.types)];
    if (random() < 0.5 && view.elements.length) filter.element = random() < 0.5 ? [pick(view.elements)] : [pick(view.elements), pick(view.elements)];
    if (random() < 0.3 && view.groups.length) filter.group = [pick(view.groups)];
    if (random() < 0.4) filter.color = pick(SWATCHES);
    return filter;
  };
  const browse = pages.flatMap((page) => ['N', 'H'].flatMap((rank) => [post('/screen', { page, rank }, token), post('/screen', { page: Math.min(page, 2), rank, ...filters() }, token)]));
  const search = (terms) => terms.flatMap((q) => ['N', 'H'].flatMap((rank) => [post('/screen', { page: 1, rank, q }, token), post('/screen', { page: 1, rank, q, kind: pick(['app', 'web']) }, token)]));
  return [
    { key: 'screens-view', title: `screens view: pages, ranks, filters (${who})`, ratioTarget: 0.3, pool: browse },
    { key: 'screen-search', title: `screen search: category names, screen text, 2-char Chinese, no hit (${who})`, ratioTarget: 0.3, pool: [...search(view.terms.latin), ...search(view.terms.cjk), ...search(view.terms.none)] },
  ];
}

// ---- The cases --------------------------------------------------------------------------------

/** Targets of the issue: throughput against the bare route, and p99 at 32 connections. */
export const P99_TARGET_MS = 50;

/**
 * The cases of one identity (`token` null = anonymous), each with its pool of requests:
 * list pages 1..n, search over three kinds of terms, detail and screens of varied ids, and the
 * Screens view (browsing with filters, and its search).
 */
export function readCases(fixtures, token) {
  const who = token ? 'subscriber' : 'anonymous';
  const seed = token ? 2 : 1;
  const { items, kinds, pageSize, screenPageSize, terms } = fixtures;

  const list = [];
  for (const { platform, pages } of kinds) {
    const last = token ? pages : Math.min(pages, fixtures.freeListPages[platform]);
    for (let page = 1; page <= last; page++) {
      for (const rank of ['N', 'H']) list.push(post('/platform', { page, pageSize, platform, rank }, token));
    }
  }
  const search = (words) =>
    words.flatMap((name) => [false, true].flatMap((platform) => ['N', 'H'].map((rank) => post('/platform', { page: 1, pageSize, platform, rank, name }, token))));
  const detail = items.map((item) => bodiless('GET', `/platform/${item.id}`, token));
  const screens = token
    ? fixtures.screenTotals.flatMap(({ id, total }) =>
        Array.from({ length: Math.max(1, Math.ceil(total / screenPageSize)) }, (_, i) => post('/platform/app', { page: i + 1, pageSize: screenPageSize, appSiteId: id }, token)),
      )
    : items.flatMap((item) =>
        Array.from({ length: fixtures.freeScreenPages }, (_, i) => post('/platform/app', { page: i + 1, pageSize: screenPageSize, appSiteId: item.id }, token)),
      );

  const cases = [
    { key: 'list', title: `list pages 1..n (${who})`, ratioTarget: 0.5, pool: list },
    { key: 'search-latin', title: `search Latin words (${who})`, ratioTarget: 0.3, pool: search(terms.latin) },
    { key: 'search-cjk', title: `search 2-char Chinese (${who})`, ratioTarget: 0.3, pool: search(terms.cjk) },
    { key: 'search-none', title: `search without a hit (${who})`, ratioTarget: 0.3, pool: search(terms.none) },
    { key: 'detail', title: `detail of varied ids (${who})`, ratioTarget: 0.5, pool: detail },
    { key: 'previews', title: `screens of varied ids (${who})`, ratioTarget: 0.5, pool: screens },
    ...screensViewCases(fixtures.screensView, token, who),
  ];
  // A case with nothing to send (say, a catalogue without Chinese names) is left out, not run empty.
  return cases.map((c, i) => ({ ...c, pool: spread(shuffle(c.pool, seed * 100 + i), MAX_POOL) })).filter((c) => c.pool.length > 0);
}

/**
 * A subscriber's mix: four reads (list, search, detail, screens in turn) for every write, the
 * writes collecting a screen (PUT /platform/preview/{id}) and removing it again (DELETE).
 */
export function mixedCase(fixtures, token) {
  const reads = readCases(fixtures, token);
  const byKey = Object.fromEntries(reads.map((c) => [c.key, c.pool]));
  const readOrder = ['list', 'search-latin', 'detail', 'previews', 'search-cjk', 'list', 'detail', 'previews'].filter((key) => byKey[key]);
  const ids = shuffle(fixtures.previewIds, 7);
  const pool = [];
  for (let i = 0, read = 0, write = 0; pool.length < MAX_POOL; i++) {
    if (i % 5 === 4 && ids.length > 0) {
      const id = ids[Math.floor(write / 2) % ids.length];
      pool.push(bodiless(write % 2 === 0 ? 'PUT' : 'DELETE', `/platform/preview/${id}`, token));
      write++;
    } else {
      const source = byKey[readOrder[read % readOrder.length]];
      pool.push(source[Math.floor(read / readOrder.length) % source.length]);
      read++;
    }
  }
  return { key: 'mixed', title: 'reads + 20 % collect writes (subscriber)', ratioTarget: null, pool };
}
