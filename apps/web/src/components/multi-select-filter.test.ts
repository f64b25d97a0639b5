import { describe, expect, it } from 'vitest';
import { filterOptions, toggleValue } from './multi-select-filter';

const options = [
  { key: 12, label: 'Finance' },
  { key: 16, label: 'Health & Fitness' },
  { key: 21, label: 'Music & Audio' },
  { key: 23, label: 'Photo & Video' },
];

describe('multi-select filtering', () => {
  it('keeps the options whose label contains the text, ignoring case and outer spaces', () => {
    expect(filterOptions(options, 'fIt').map((o) => o.key)).toEqual([16]);
    expect(filterOptions(options, '  & ').map((o) => o.key)).toEqual([16, 21, 23]);
    expect(filterOptions(options, 'IO').map((o) => o.key)).toEqual([21]);
  });

  it('shows everything for an empty text, and nothing when no label matches', () => {
    expect(filterOptions(options, '')).toEqual(options);
    expect(filterOptions(options, '   ')).toEqual(options);
    expect(filterOptions(options, 'zzz')).toEqual([]);
  });

  it('matches Chinese labels', () => {
    const zh = [
      { key: 1, label: '健康健身' },
      { key: 2, label: '音乐与音频' },
    ];
    expect(filterOptions(zh, '音频').map((o) => o.key)).toEqual([2]);
  });

  it('toggles a value and keeps the options order', () => {
    expect(toggleValue(options, [], 21)).toEqual([21]);
    expect(toggleValue(options, [21], 12)).toEqual([12, 21]);
    expect(toggleValue(options, [12, 21], 12)).toEqual([21]);
    // A value not (yet) among the options stays until cleared.
    expect(toggleValue(options, [99], 16)).toEqual([16, 99]);
  });
});
