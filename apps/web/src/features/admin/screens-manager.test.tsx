import type { AdminScreen } from '@shotlib/contract/ingest';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import i18n, { loadNamespace } from '../../i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { adminScreensQueryOptions } from './api/list-screens';
import { ScreenGrid } from './screens-manager';
import { UploadList } from './upload-list';
import type { UploadEntry } from './upload-queue';

const shot = (id: number, group: number | null = null, more: Partial<AdminScreen> = {}): AdminScreen => ({
  id,
  itemId: 5,
  path: `screens/${id}.png`,
  width: 390,
  height: 844,
  group,
  sort: id,
  hash: `h${id}`,
  status: 'ready',
  colors: ['#aabbcc'],
  blurhash: null,
  elements: [],
  text: null,
  ...more,
});

let calls: { method: string; path: string; body: unknown }[] = [];

function reply(data: unknown, code = 0, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname.replace('/ui/c-api/v1', '');
  const method = init?.method ?? 'GET';
  calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null });
  if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 'help@shotlib.test', google: false });
  if (path === '/group/child' && new URL(String(input), 'http://localhost').searchParams.get('preId') === '7')
    return reply({
      arr: [
        { id: 71, nameEn: 'Button', nameCn: '按钮', nameTw: '按鈕', preId: 7, sort: 1, children: [] },
        { id: 72, nameEn: 'Tab bar', nameCn: '标签栏', nameTw: '標籤列', preId: 7, sort: 2, children: [] },
      ],
      total: 2,
    });
  if (path === '/group/child')
    return reply({ arr: [{ id: 31, nameEn: 'Login', nameCn: '登录', nameTw: '登入', preId: 11, sort: 1, children: [] }], total: 1 });
  if (path === '/admin/screens/elements') return reply(null);
  if (path === '/admin/items/5/screens/order') return reply(null);
  if (path === '/admin/screens/category') return reply(null);
  if (path === '/admin/items/5/screens') return reply([shot(1), shot(2), shot(3)]);
  return reply(null, 404, 'Not Found');
}

beforeEach(async () => {
  calls = [];
  vi.stubGlobal('fetch', vi.fn(server));
  await loadNamespace('admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

function renderGrid(screens: AdminScreen[]) {
  queryClient.setQueryData(adminScreensQueryOptions(5).queryKey, screens);
  return render(
    <QueryClientProvider client={queryClient}>
      <ScreenGrid itemId={5} screens={screens} />
    </QueryClientProvider>,
  );
}

describe('the screens grid', () => {
  it('moves a screen by its buttons, saves the order and keeps the focus on it', async () => {
    renderGrid([shot(1), shot(2), shot(3)]);
    const later = screen.getByRole('button', { name: 'Move screen 1 later' });
    expect(screen.getByRole('button', { name: 'Move screen 1 earlier' })).toHaveProperty('disabled', true);
    later.focus();
    fireEvent.click(later);

    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/admin/items/5/screens/order', body: { ids: [2, 1, 3] } }));
    // The cache (and so the grid of the page) holds the new order at once.
    expect(queryClient.getQueryData(adminScreensQueryOptions(5).queryKey)?.map((s) => s.id)).toEqual([2, 1, 3]);
    expect(screen.getByText('Moved to position 2 of 3')).toBeTruthy();
  });

  it('sets the screen category of the selected screens', async () => {
    renderGrid([shot(1), shot(2), shot(3)]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select screen 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select screen 3' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    const select = await screen.findByRole('combobox', { name: 'Screen category' });
    await within(select).findByRole('option', { name: 'Login' });
    fireEvent.change(select, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set category' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/admin/screens/category')?.body).toEqual({ ids: [1, 3], group: 31 }));
  });

  it('tags and untags UI elements on the selected screens, and shows each screen’s elements and OCR text', async () => {
    renderGrid([shot(1, null, { elements: [72], text: 'Sign in\nForgot password?' }), shot(2, null, { text: '' }), shot(3)]);
    expect(await within(screen.getByRole('list', { name: 'UI elements of screen 1' })).findByText('Tab bar')).toBeTruthy();
    // The OCR text in each screen's details: the words, "No words found" when read empty, "Not read" when never read.
    fireEvent.click(screen.getByText('Details of screen 1'));
    expect(screen.getByText(/Forgot password\?/)).toBeTruthy();
    expect(screen.getByText('No words found')).toBeTruthy();
    expect(screen.getByText('Not read')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select screen 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select screen 3' }));
    const tag = screen.getByRole('button', { name: 'Tag elements' });
    expect(tag).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /UI elements/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Button' }));
    fireEvent.click(tag);
    await waitFor(() => expect(calls.find((call) => call.path === '/admin/screens/elements')?.body).toEqual({ ids: [2, 3], add: [71] }));
    fireEvent.click(screen.getByRole('button', { name: 'Untag elements' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/admin/screens/elements').at(-1)?.body).toEqual({ ids: [2, 3], remove: [71] }));
  });

  it('asks once more before deleting the selection', () => {
    renderGrid([shot(1), shot(2)]);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Delete 2 screens for good' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/admin/screens/delete')).toBe(false);
  });
});

describe('the upload list', () => {
  const entry = (change: Partial<UploadEntry>): UploadEntry => ({ key: 1, name: 'a.png', size: 100, status: 'uploading', loaded: 0, total: 100, error: null, ...change });

  it('shows each file’s progress and the reason of a refused one, in the reader’s language when the contract knows it', async () => {
    render(
      <UploadList
        entries={[
          entry({ key: 1, name: 'a.png', loaded: 40, total: 100 }),
          entry({ key: 2, name: 'notes.txt', status: 'failed', error: 'Not an image: expected PNG, JPEG, WebP, GIF, AVIF or HEIF.' }),
          entry({ key: 3, name: 'odd.png', status: 'failed', error: 'Something only the server knows.' }),
        ]}
        onClear={() => {}}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Upload of a.png' }).getAttribute('value')).toBe('40');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['notes.txt: Not an image: expected PNG, JPEG, WebP, GIF, AVIF or HEIF.', 'odd.png: Something only the server knows.']);

    await i18n.changeLanguage('zhCN');
    await loadNamespace('admin');
    expect(await screen.findByText('notes.txt：不是图片：请使用 PNG、JPEG、WebP、GIF、AVIF 或 HEIF。')).toBeTruthy();
    await i18n.changeLanguage('enUS');
  });
});
