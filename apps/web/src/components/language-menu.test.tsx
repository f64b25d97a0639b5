import { STORAGE_KEYS } from '@shotlib/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { setLocale } from '../i18n/i18n';
import { LanguageMenu } from './language-menu';

function renderMenu() {
  const router = createMemoryRouter([{ path: '*', element: <><LanguageMenu /><p>outside</p></> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('button', { name: 'Language: English' });
}

afterEach(async () => {
  await act(() => setLocale('enUS'));
});

describe('language menu (menu button pattern)', () => {
  it('opens on click with focus on the checked language; arrows move; Esc closes and refocuses the trigger', () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-checked')])).toEqual([
      ['English', 'true'],
      ['简体中文', 'false'],
      ['繁體中文', 'false'],
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('switches language, remembers it and sets <html lang>', async () => {
    const trigger = renderMenu();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await act(async () => fireEvent.click(screen.getByRole('menuitemradio', { name: '繁體中文' })));
    // Chinese texts are a chunk of their own (docs/decisions/035): the switch lands once it is loaded.
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('zhTW'));
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zhTW');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(screen.getByRole('button', { name: '語言: 繁體中文' })).toBe(document.activeElement);
  });
});
