import { SEARCH_DEBOUNCE_MS, STORAGE_KEYS } from '@shotlib/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { useSearchStore } from '../lib/search-store';
import { SearchBox } from './search-box';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SearchBox id="search" /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, box: screen.getByRole('combobox', { name: 'Search for images' }) as HTMLInputElement };
}

const where = (router: ReturnType<typeof renderAt>['router']) => router.state.location.pathname + router.state.location.search;
const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);

/** Move the (fake) clock on by `ms`, running what falls due and the renders it causes. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  // The debounce runs on the fake clock: the tests say when time passes, to the millisecond.
  vi.useFakeTimers();
  useSearchStore.setState({ term: '', nonce: 0, history: [] });
});
afterEach(() => vi.useRealTimers());

describe('search box', () => {
  it('keeps and searches for what was typed into the server’s page before the app took the box over', async () => {
    // The server's box, typed into before the app ran: the element the app takes over.
    const early = Object.assign(document.createElement('input'), { id: 'search-input', value: 'ledger' });
    document.body.append(early);
    const { router, box } = renderAt('/points');
    early.remove();
    expect(box.value).toBe('ledger');
    await elapse(SEARCH_DEBOUNCE_MS);
    expect(where(router)).toBe('/app?q=ledger');
  });

  it('searches 500 ms after the last keystroke: from /points it goes to /app and stores the term', async () => {
    const { router, box } = renderAt('/points');
    fireEvent.input(box, { target: { value: 'Dash' } });
    await elapse(SEARCH_DEBOUNCE_MS - 1);
    expect(where(router)).toBe('/points');
    fireEvent.input(box, { target: { value: '  Dashboard ' } });
    await elapse(SEARCH_DEBOUNCE_MS - 1);
    // Twice the delay since the first keystroke, but 1 ms short of it since the last: the timer restarted.
    expect(where(router)).toBe('/points');
    expect(localStorage.getItem(STORAGE_KEYS.searchHistory)).toBeNull();
    expect(useSearchStore.getState()).toMatchObject({ term: '', nonce: 0 });

    await elapse(1);
    expect(where(router)).toBe('/app?q=Dashboard');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchHistory) ?? '[]')).toEqual(['Dashboard']);
    expect(useSearchStore.getState()).toMatchObject({ term: 'Dashboard', nonce: 1 });
    // One search for the pause, not one per keystroke.
    await elapse(10 * SEARCH_DEBOUNCE_MS);
    expect(useSearchStore.getState().nonce).toBe(1);
  });

  it('refines the list in place on /web, keeping other query parameters', async () => {
    const { router, box } = renderAt('/web?rank=H');
    fireEvent.input(box, { target: { value: 'bank' } });
    await elapse(SEARCH_DEBOUNCE_MS);
    expect(where(router)).toBe('/web?rank=H&q=bank');
    // In place: the entry is replaced, so Back does not step through the pauses of typing.
    expect(router.state.historyAction).toBe('REPLACE');
    // The box follows the URL (back, forward, tabs that drop the term).
    await act(() => router.navigate('/web'));
    expect(box.value).toBe('');
  });

  it('filters the Screens view in place, keeping its filters (issue 14)', async () => {
    const { router, box } = renderAt('/screens?type=31&color=blue');
    fireEvent.input(box, { target: { value: '登录' } });
    await elapse(SEARCH_DEBOUNCE_MS);
    expect(decodeURIComponent(where(router))).toBe('/screens?type=31&color=blue&q=登录');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('on focus lists the history entries containing the typed text, then Clear history', async () => {
    useSearchStore.setState({ history: ['Notion', 'Linear', 'Motion design'] });
    const { box } = renderAt('/app');
    act(() => box.focus());
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['Notion', 'Linear', 'Motion design', 'Clear history']);

    fireEvent.input(box, { target: { value: 'OTION' } });
    expect(options()).toEqual(['Notion', 'Motion design', 'Clear history']);

    fireEvent.input(box, { target: { value: 'zzz' } });
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
    // At once: no time passes on the clock.
    expect(where(router)).toBe('/app?q=Linear');
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
