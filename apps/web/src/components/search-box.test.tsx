import { SEARCH_DEBOUNCE_MS, STORAGE_KEYS } from '@shotlib/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { useSearchStore } from '../lib/search-store';
import { SearchBox } from './search-box';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, box: screen.getByRole('combobox', { name: 'Search for images' }) as HTMLInputElement };
}

const where = (router: ReturnType<typeof renderAt>['router']) => router.state.location.pathname + router.state.location.search;
const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);

beforeEach(() => {
  useSearchStore.setState({ term: '', nonce: 0, history: [] });
});

describe('search box', () => {
  it('searches 500 ms after the last keystroke: from /points it goes to /app and stores the term', async () => {
    const { router, box } = renderAt('/points');
    fireEvent.change(box, { target: { value: 'Dash' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS - 150)));
    fireEvent.change(box, { target: { value: '  Dashboard ' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS - 150)));
    // Still typing (the timer restarted): nothing yet.
    expect(where(router)).toBe('/points');
    expect(localStorage.getItem(STORAGE_KEYS.searchHistory)).toBeNull();

    await waitFor(() => expect(where(router)).toBe('/app?q=Dashboard'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchHistory) ?? '[]')).toEqual(['Dashboard']);
    expect(useSearchStore.getState()).toMatchObject({ term: 'Dashboard', nonce: 1 });
  });

  it('refines the list in place on /web, keeping other query parameters', async () => {
    const { router, box } = renderAt('/web?rank=H');
    fireEvent.change(box, { target: { value: 'bank' } });
    await waitFor(() => expect(where(router)).toBe('/web?rank=H&q=bank'));
    // The box follows the URL (back, forward, tabs that drop the term).
    await act(() => router.navigate('/web'));
    expect(box.value).toBe('');
  });

  it('on focus lists the history entries containing the typed text, then Clear history', async () => {
    useSearchStore.setState({ history: ['Notion', 'Linear', 'Motion design'] });
    const { box } = renderAt('/app');
    act(() => box.focus());
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['Notion', 'Linear', 'Motion design', 'Clear history']);

    fireEvent.change(box, { target: { value: 'OTION' } });
    expect(options()).toEqual(['Notion', 'Motion design', 'Clear history']);

    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('Clear history empties the list and its storage', () => {
    localStorage.setItem(STORAGE_KEYS.searchHistory, JSON.stringify(['Notion']));
    useSearchStore.setState({ history: ['Notion'] });
    const { box } = renderAt('/app');
    act(() => box.focus());
    fireEvent.click(screen.getByRole('option', { name: 'Clear history' }));
    expect(useSearchStore.getState().history).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.searchHistory)).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  it('keyboard: arrows move through entries, Enter picks and searches, Esc closes', async () => {
    useSearchStore.setState({ history: ['Notion', 'Linear'] });
    const { router, box } = renderAt('/points');
    act(() => box.focus());
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const selected = screen.getByRole('option', { selected: true });
    expect(selected.textContent).toBe('Linear');
    expect(box.getAttribute('aria-activedescendant')).toBe(selected.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    // Wraps from the first entry to the last one, Clear history.
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Clear history');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Linear');
    await waitFor(() => expect(where(router)).toBe('/app?q=Linear'));
    expect(useSearchStore.getState().history).toEqual(['Linear', 'Notion']);
  });

  it('choosing an entry with the pointer fills the box and searches at once', async () => {
    useSearchStore.setState({ history: ['Notion'] });
    const { router, box } = renderAt('/app');
    act(() => box.focus());
    fireEvent.click(screen.getByRole('option', { name: 'Notion' }));
    expect(box.value).toBe('Notion');
    expect(where(router)).toBe('/app?q=Notion');
  });
});
