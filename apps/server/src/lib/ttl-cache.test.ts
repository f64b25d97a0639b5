import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('loads once per key until the entry expires', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 100, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    clock = 150;
    expect(await cache.get('a', load)).toBe(3);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000 });
    let loads = 0;
    let release!: (v: string) => void;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    release('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('forgets a failed load', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});
