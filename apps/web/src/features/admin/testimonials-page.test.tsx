import { TESTIMONIAL_QUOTE_MAX, TESTIMONIAL_ROLE_MAX, TestimonialMessage, type AdminTestimonial } from '@shotlib/contract/testimonials';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadNamespace } from '../../i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { useToastStore } from '../../lib/toast';
import './admin-messages';
import TestimonialsPage, { parseTestimonialForm } from './testimonials-page';

const testimonial = (id: number, name: string, locale: AdminTestimonial['locale'], quote: string): AdminTestimonial => ({
  id,
  locale,
  quote,
  name,
  role: 'Product designer',
  sort: id,
  updatedAt: '2026-12-01T10:00:00.000Z',
});

let calls: { method: string; path: string; body: unknown }[] = [];
/** The testimonials as the server keeps them (reordered by the order call). */
let stored: AdminTestimonial[] = [];
/** The reply of the next write (a refusal in one test). */
let writeReply: { code: number; message: string } = { code: 0, message: 'ok' };

function reply(data: unknown, code = 0, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/ui/c-api/v1', '');
  const method = init?.method ?? 'GET';
  const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
  calls.push({ method, path, body });
  if (path === '/admin/testimonials' && method === 'GET') return reply({ arr: stored, total: stored.length });
  if (writeReply.code !== 0) return reply(null, writeReply.code, writeReply.message);
  if (path === '/admin/testimonials' && method === 'POST') return reply({ ...testimonial(9, 'x', 'enUS', 'x'), ...(body as object) });
  if (path === '/admin/testimonials/order') {
    const { ids } = body as { ids: number[] };
    stored = ids.map((id) => stored.find((one) => one.id === id)!);
    return reply({ arr: stored, total: stored.length });
  }
  if (path.startsWith('/admin/testimonials/')) return reply(stored.find((one) => path.endsWith(`/${one.id}`)) ?? null);
  return reply(null, 404, 'Not Found');
}

beforeEach(async () => {
  calls = [];
  stored = [testimonial(7, 'Ada', 'enUS', 'The flows saved me a week.'), testimonial(8, '林', 'zhCN', '找参考快多了。')];
  writeReply = { code: 0, message: 'ok' };
  vi.stubGlobal('fetch', vi.fn(server));
  await loadNamespace('admin');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  queryClient.clear();
  useToastStore.setState({ toasts: [] });
  await i18n.changeLanguage('enUS');
});

function renderPage() {
  return render(
    <QueryClientProvider client={queryClient}>
      <TestimonialsPage />
    </QueryClientProvider>,
  );
}

const sent = (method: string, path: string) => calls.find((call) => call.method === method && call.path === path);
const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);

describe('the testimonial form’s reading (the contract’s schema)', () => {
  it('trims what is sent and keeps an empty role', () => {
    expect(parseTestimonialForm({ locale: 'zhTW', quote: '  很好用。 ', name: ' 陳 ', role: '   ' })).toEqual({
      input: { locale: 'zhTW', quote: '很好用。', name: '陳', role: '' },
    });
  });

  it('names the wrong fields: an empty quote or name, a quote or role too long', () => {
    expect(parseTestimonialForm({ locale: 'enUS', quote: ' ', name: '', role: '' })).toEqual({ errors: { quote: true, name: true } });
    expect(parseTestimonialForm({ locale: 'enUS', quote: 'q'.repeat(TESTIMONIAL_QUOTE_MAX + 1), name: 'Ada', role: 'r'.repeat(TESTIMONIAL_ROLE_MAX + 1) })).toEqual({
      errors: { quote: true, role: true },
    });
    expect('input' in parseTestimonialForm({ locale: 'enUS', quote: 'q'.repeat(TESTIMONIAL_QUOTE_MAX), name: 'Ada', role: '' })).toBe(true);
  });
});

describe('the testimonials page', { timeout: 30_000 }, () => {
  it('lists the testimonials in order with their language, quote, name and role', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Testimonials in their order' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('English');
    expect(rows[0]!.textContent).toContain('The flows saved me a week.');
    expect(rows[0]!.textContent).toContain('Ada · Product designer');
    expect(rows[1]!.textContent).toContain('Simplified Chinese');
    expect(within(rows[1]!).getByText('找参考快多了。').closest('blockquote')?.getAttribute('lang')).toBe('zh-CN');
    expect(screen.getByRole('button', { name: 'Move the testimonial of Ada earlier' })).toHaveProperty('disabled', true);
  });

  it('adds a testimonial in the chosen language, sent as the contract reads it; the form empties', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a testimonial' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Language' }), { target: { value: 'zhTW' } });
    fireEvent.input(within(form).getByLabelText('Quote, as it was given'), { target: { value: '  截圖清楚，找靈感很快。 ' } });
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: '陳小姐' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add testimonial' }));
    await waitFor(() => expect(sent('POST', '/admin/testimonials')?.body).toEqual({ locale: 'zhTW', quote: '截圖清楚，找靈感很快。', name: '陳小姐', role: '' }));
    await waitFor(() => expect(toasts()).toContain('Testimonial added'));
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('says what is wrong before sending anything, and focuses the first wrong field', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a testimonial' });
    fireEvent.input(within(form).getByLabelText('Role (optional)'), { target: { value: 'x'.repeat(TESTIMONIAL_ROLE_MAX + 1) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add testimonial' }));
    expect(await within(form).findByText('Enter the quote (at most 400 characters).')).toBeTruthy();
    expect(within(form).getByText('Enter a name (at most 80 characters).')).toBeTruthy();
    expect(within(form).getByText('Keep the role to at most 80 characters.')).toBeTruthy();
    const quote = within(form).getByLabelText('Quote, as it was given');
    expect(quote.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(quote));
    expect(sent('POST', '/admin/testimonials')).toBeUndefined();
  });

  it('edits a testimonial from its stored fields and sends it whole', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the testimonial of Ada' }));
    const form = screen.getByRole('form', { name: 'Edit the testimonial of Ada' });
    expect((within(form).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('enUS');
    fireEvent.input(within(form).getByLabelText('Role (optional)'), { target: { value: 'Design lead' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent('PUT', '/admin/testimonials/7')?.body).toEqual({ locale: 'enUS', quote: 'The flows saved me a week.', name: 'Ada', role: 'Design lead' }),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the testimonial of Ada' })).toBeNull());
  });

  it('shows the server’s refusal in the reader’s language and keeps the form', async () => {
    await i18n.changeLanguage('zhCN');
    writeReply = { code: 404, message: TestimonialMessage.missing };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '编辑 Ada 的评价' }));
    const form = screen.getByRole('form', { name: '编辑 Ada 的评价' });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toasts()).toContain('找不到该用户评价。'));
    expect(screen.getByRole('form', { name: '编辑 Ada 的评价' })).toBeTruthy();
  });

  it('asks once more before deleting a testimonial', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the testimonial of 林' }));
    expect(sent('DELETE', '/admin/testimonials/8')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the testimonial of 林 for good' }));
    await waitFor(() => expect(sent('DELETE', '/admin/testimonials/8')).toBeTruthy());
    await waitFor(() => expect(toasts()).toContain('Testimonial deleted'));
  });

  it('reorders by the move buttons, says where the testimonial went and keeps the focus on it', async () => {
    renderPage();
    const later = await screen.findByRole('button', { name: 'Move the testimonial of Ada later' });
    later.focus();
    fireEvent.click(later);
    await waitFor(() => expect(sent('PUT', '/admin/testimonials/order')?.body).toEqual({ ids: [8, 7] }));
    expect(screen.getByText('The testimonial of Ada moved to position 2 of 2')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Testimonials in their order' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('林'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move the testimonial of Ada earlier' })));
  });

  it('says so when there are none: the plans page then shows no testimonials section', async () => {
    stored = [];
    renderPage();
    expect(await screen.findByText('No testimonials yet')).toBeTruthy();
    expect(screen.getByText('The plans page shows no testimonials section until one is added.')).toBeTruthy();
  });
});
