import { describe, expect, it } from 'vitest';
import { parseGroups, parseRank, withListParams, withScreenTypes } from './list-params';

describe('list parameters in the URL', () => {
  it('reads the rank, Latest (N) by default', () => {
    expect(parseRank('H')).toBe('H');
    expect(parseRank('N')).toBe('N');
    expect(parseRank(null)).toBe('N');
    expect(parseRank('x')).toBe('N');
  });

  it('reads category ids, ignoring junk and repeats', () => {
    expect(parseGroups('12,15')).toEqual([12, 15]);
    expect(parseGroups(' 12, x, -3, 15, 12 ,1.5')).toEqual([12, 15]);
    expect(parseGroups(null)).toEqual([]);
  });

  it('a tab switch sets the rank and drops the search, keeping the rest', () => {
    const next = withListParams(new URLSearchParams('q=bank&group=12&x=1'), { rank: 'H', clearSearch: true });
    expect(next.toString()).toBe('group=12&x=1&rank=H');
    expect(withListParams(next, { rank: 'N' }).toString()).toBe('group=12&x=1');
  });

  it('writes categories, and removes the parameter when none are chosen', () => {
    expect(withListParams(new URLSearchParams('q=a'), { group: [12, 15] }).toString()).toBe('q=a&group=12%2C15');
    expect(withListParams(new URLSearchParams('q=a&group=12'), { group: [] }).toString()).toBe('q=a');
  });
});

describe('the flows list’s kind in the URL', () => {
  it('reads app, web and b; anything else is every kind', async () => {
    const { parseKind } = await import('./list-params');
    expect(parseKind('app')).toBe('app');
    expect(parseKind('web')).toBe('web');
    expect(parseKind('b')).toBe('b');
    expect(parseKind('B')).toBeNull();
    expect(parseKind(null)).toBeNull();
  });

  it('the detail page’s screen types go in ?type=, the rest kept; none drops it', () => {
    expect(withScreenTypes(new URLSearchParams('flow=3&step=2'), [27, 28]).toString()).toBe('flow=3&step=2&type=27%2C28');
    expect(withScreenTypes(new URLSearchParams('type=27&flow=3'), []).toString()).toBe('flow=3');
  });
});
