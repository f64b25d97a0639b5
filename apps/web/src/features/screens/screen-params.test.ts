import { describe, expect, it } from 'vitest';
import { screenListBody } from '../../lib/screen-list';
import { isFiltered, parseScreenFilters, parseTheme, screenListParams, withScreenFilters } from './screen-params';

describe('light or dark in the URL (decision 056)', () => {
  it('reads theme=light|dark, ignores anything else, and sends it only when chosen', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('grey')).toBeNull();
    expect(parseTheme(null)).toBeNull();
    const params = screenListParams(new URLSearchParams('theme=dark&color=blue'), 0);
    expect(screenListBody(params, 1, 24)).toMatchObject({ theme: 'dark', color: 'blue' });
    expect(screenListBody(screenListParams(new URLSearchParams(''), 0), 1, 24)).not.toHaveProperty('theme');
    expect(isFiltered(parseScreenFilters(new URLSearchParams('theme=light')), '')).toBe(true);
  });

  it('sets and clears theme, keeping the other filters', () => {
    const dark = withScreenFilters(new URLSearchParams('q=login&color=blue'), { theme: 'dark' });
    expect(dark.toString()).toBe('q=login&color=blue&theme=dark');
    expect(withScreenFilters(dark, { theme: null }).toString()).toBe('q=login&color=blue');
  });
});
