import { describe, expect, it } from 'vitest';
import { createReplyCache, etagOf } from './reply-cache';

/** A cache on a hand-moved clock, live, with a loader that counts its calls. */
function setup(options: Parameters<typeof createReplyCache>[0] = {}) {
  const clock = { ms: 0 };
  const cache = createReplyCache({ nowMs: () => clock.ms, ...options });
  cache.setLive(true);
  let loads = 0;
  const load = (body: string) => () => {
    loads++;
    return Promise.resolve(body);
  };
  return { cache, clock, load, loads: () => loads };
}

/** A turn of the event loop (stale replies are made anew after one). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('reply cache', () => {
  it('serves a kept reply with its entity tag until a write invalidates the version', async () => {
    const { cache, load, loads } = setup();
    const first = await cache.get('k', { volatile: false }, load('{"v":1}'));
    expect(first).toEqual({ body: Buffer.from('{"v":1}'), etag: etagOf('{"v":1}') });
    expect(await cache.get('k', { volatile: false }, load('{"v":2}'))).toMatchObject(first);
    expect(loads()).toBe(1);

    cache.invalidate();
    expect((await cache.get('k', { volatile: false }, load('{"v":2}'))).body.toString()).toBe('{"v":2}');
    expect(loads()).toBe(2);
    expect(etagOf('{"v":2}')).not.toBe(first.etag);
  });

  it('keeps a volatile reply 30 s, and 10 s once its scores moved; then serves it once more while it is made anew', async () => {
    const { cache, clock, load, loads } = setup();
    await cache.get('hot', { volatile: true }, load('a'));
    clock.ms = 29_999;
    expect((await cache.get('hot', { volatile: true }, load('b'))).body.toString()).toBe('a');
    expect(loads()).toBe(1);
    clock.ms = 30_000;
    // Past its age: the kept reply answers at once, and one load makes the next (after a turn of the event loop).
    expect((await cache.get('hot', { volatile: true }, load('b'))).body.toString()).toBe('a');
    expect(loads()).toBe(1);
    await turn();
    expect(loads()).toBe(2);
    expect((await cache.get('hot', { volatile: true }, load('x'))).body.toString()).toBe('b');

    cache.touchVolatile();
    clock.ms = 39_999;
    expect((await cache.get('hot', { volatile: true }, load('c'))).body.toString()).toBe('b');
    clock.ms = 40_000;
    expect((await cache.get('hot', { volatile: true }, load('c'))).body.toString()).toBe('b');
    await turn();
    expect((await cache.get('hot', { volatile: true }, load('x'))).body.toString()).toBe('c');
    expect(loads()).toBe(3);
  });

  it('makes a stale volatile reply anew once however many ask, and waits for it when too old or of an older version', async () => {
    const { cache, clock, load, loads } = setup();
    await cache.get('hot', { volatile: true }, load('a'));
    clock.ms = 30_000;
    let release: (body: string) => void = () => {};
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    const asks = await Promise.all(Array.from({ length: 5 }, () => cache.get('hot', { volatile: true }, slow)));
    expect(asks.map((reply) => reply.body.toString())).toEqual(['a', 'a', 'a', 'a', 'a']);
    // Made anew after a turn of the event loop.
    await turn();
    release('b');
    await Promise.resolve();
    expect((await cache.get('hot', { volatile: true }, load('x'))).body.toString()).toBe('b');

    // Older than volatileStaleMs (60 s): not served, the caller waits for the new one.
    clock.ms = 30_000 + 60_000;
    expect((await cache.get('hot', { volatile: true }, load('c'))).body.toString()).toBe('c');
    // A write: never served stale.
    cache.invalidate();
    expect((await cache.get('hot', { volatile: true }, load('d'))).body.toString()).toBe('d');
    expect(loads()).toBe(3);
  });

  it('makes stale replies anew one at a time', async () => {
    const { cache, clock, load } = setup();
    await cache.get('hot 1', { volatile: true }, load('a1'));
    await cache.get('hot 2', { volatile: true }, load('a2'));
    clock.ms = 30_000;
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const slow = (body: string) => () => {
      started.push(body);
      return new Promise<string>((resolve) => releases.push(() => resolve(body)));
    };
    expect((await cache.get('hot 1', { volatile: true }, slow('b1'))).body.toString()).toBe('a1');
    expect((await cache.get('hot 2', { volatile: true }, slow('b2'))).body.toString()).toBe('a2');
    await turn();
    expect(started).toEqual(['b1']);
    await turn();
    expect(started).toEqual(['b1']);
    releases[0]!();
    await turn();
    await turn();
    expect(started).toEqual(['b1', 'b2']);
    releases[1]!();
    await turn();
    expect((await cache.get('hot 1', { volatile: true }, load('x'))).body.toString()).toBe('b1');
    expect((await cache.get('hot 2', { volatile: true }, load('x'))).body.toString()).toBe('b2');
  });

  it('never lets moved scores touch a reply that is not volatile', async () => {
    const { cache, clock, load } = setup();
    await cache.get('news', { volatile: false }, load('a'));
    cache.touchVolatile();
    clock.ms = 3_600_000;
    expect((await cache.get('news', { volatile: false }, load('b'))).body.toString()).toBe('a');
  });

  it('serves nothing from the cache while the change feed is not live, and starts afresh when it is back', async () => {
    const { cache, load, loads } = setup();
    await cache.get('k', { volatile: false }, load('a'));
    cache.setLive(false);
    expect((await cache.get('k', { volatile: false }, load('b'))).body.toString()).toBe('b');
    expect((await cache.get('k', { volatile: false }, load('c'))).body.toString()).toBe('c');
    expect(cache.size).toBe(0);
    cache.setLive(true);
    expect((await cache.get('k', { volatile: false }, load('d'))).body.toString()).toBe('d');
    expect((await cache.get('k', { volatile: false }, load('e'))).body.toString()).toBe('d');
    expect(loads()).toBe(4);
  });

  it('shares one load among concurrent misses of a key', async () => {
    const { cache } = setup();
    let release!: (body: string) => void;
    let loads = 0;
    const slow = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 5 }, () => cache.get('k', { volatile: false }, slow));
    release('x');
    expect((await Promise.all(waiting)).map((r) => r.body.toString())).toEqual(['x', 'x', 'x', 'x', 'x']);
    expect(loads).toBe(1);
  });

  it('does not keep a reply loaded across a write, nor a failed load', async () => {
    const { cache, load, loads } = setup();
    let release!: (body: string) => void;
    const pending = cache.get('k', { volatile: false }, () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(); // a write lands while the old reply is being read
    release('old');
    expect((await pending).body.toString()).toBe('old'); // its caller still gets what it asked for
    expect((await cache.get('k', { volatile: false }, load('new'))).body.toString()).toBe('new');

    await expect(cache.get('bad', { volatile: false }, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('bad', { volatile: false }, load('fine'))).body.toString()).toBe('fine');
    expect(loads()).toBe(2);
  });

  it('drops the least recently used replies beyond its entry and size bounds', async () => {
    const { cache, load } = setup({ maxEntries: 2, maxBytes: 10 });
    await cache.get('a', { volatile: false }, load('1111'));
    await cache.get('b', { volatile: false }, load('2222'));
    await cache.get('a', { volatile: false }, load('xxxx')); // a is now the most recent
    await cache.get('c', { volatile: false }, load('3333')); // over 2 entries: b goes
    expect(cache.size).toBe(2);
    expect((await cache.get('a', { volatile: false }, load('A'))).body.toString()).toBe('1111');
    expect((await cache.get('b', { volatile: false }, load('B'))).body.toString()).toBe('B');
    await cache.get('big', { volatile: false }, load('0123456789')); // alone fills the 10 units
    expect(cache.size).toBe(1);
  });
});
