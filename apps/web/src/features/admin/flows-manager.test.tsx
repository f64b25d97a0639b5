import type { AdminFlow } from '@shotlib/contract/admin-flows';
import { AdminFlowMessage } from '@shotlib/contract/admin-flows';
import type { AdminScreen } from '@shotlib/contract/ingest';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadNamespace } from '../../i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { useToastStore } from '../../lib/toast';
import './admin-messages';
import { FlowsManager } from './flows-manager';

const shot = (id: number): AdminScreen => ({
  id,
  itemId: 5,
  path: `screens/${id}.png`,
  width: 390,
  height: 844,
  group: null,
  sort: id,
  hash: `h${id}`,
  status: 'ready',
  colors: ['#aabbcc'],
  blurhash: null,
  elements: [],
  text: null,
});

const flow = (id: number, name: string, previewIds: number[]): AdminFlow => ({
  id,
  itemId: 5,
  type: 61,
  name,
  nameCn: null,
  nameTw: null,
  sort: id,
  createdAt: '2026-11-20T10:00:00.000Z',
  steps: previewIds.map((previewId) => ({ previewId, path: `screens/${previewId}.png`, width: 390, height: 844, caption: '', captionCn: null, captionTw: null })),
});

let calls: { method: string; path: string; body: unknown }[] = [];
/** The item's flows as the server keeps them (reordered by the order call). */
let stored: AdminFlow[] = [];
/** The reply of the next POST of a flow (a refusal in one test). */
let createReply: { code: number; message: string } = { code: 0, message: 'ok' };

function reply(data: unknown, code = 0, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data }), { headers: { 'content-type': 'application/json' } }));
}

function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/ui/c-api/v1', '');
  const method = init?.method ?? 'GET';
  calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : null });
  if (path === '/config') return reply({ mediaBase: '/media', supportEmail: 'help@shotlib.test', google: false });
  if (path === '/group/child' && url.searchParams.get('preId') === '8')
    return reply({ arr: [{ id: 61, nameEn: 'Sign-up', nameCn: '注册', nameTw: '註冊', preId: 8, sort: 1, children: [] }], total: 1 });
  if (path === '/admin/items/5/screens') return reply([shot(1), shot(2), shot(3)]);
  if (path === '/admin/items/5/flows' && method === 'GET') return reply(stored);
  if (path === '/admin/items/5/flows' && method === 'POST') return reply(createReply.code === 0 ? flow(9, 'New', [1]) : null, createReply.code, createReply.message);
  if (path === '/admin/items/5/flows/order') {
    const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
    stored = ids.map((id) => stored.find((one) => one.id === id)!);
    return reply(stored);
  }
  if (path.startsWith('/admin/flows/')) return reply(null);
  return reply(null, 404, 'Not Found');
}

beforeEach(async () => {
  calls = [];
  stored = [flow(7, 'Checkout', [1, 2]), flow(8, 'Onboarding', [3])];
  createReply = { code: 0, message: 'ok' };
  vi.stubGlobal('fetch', vi.fn(server));
  await loadNamespace('admin');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  queryClient.clear();
  useToastStore.setState({ toasts: [] });
  await i18n.changeLanguage('enUS');
});

function renderManager() {
  const router = createMemoryRouter([{ path: '/admin/items/:id', element: <FlowsManager itemId={5} /> }], { initialEntries: ['/admin/items/5'] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const sent = (method: string, path: string) => calls.find((call) => call.method === method && call.path === path);

async function openNewFlow() {
  renderManager();
  await screen.findByRole('list', { name: 'Flows in their order' });
  fireEvent.click(await screen.findByRole('button', { name: 'New flow' }));
  const form = screen.getByRole('form', { name: 'New flow' });
  await within(form).findByRole('button', { name: 'Add screen 3 as a step' });
  const type = within(form).getByRole('combobox', { name: 'Flow type' });
  await within(type).findByRole('option', { name: 'Sign-up' });
  return form;
}

describe('the flows manager', { timeout: 30_000 }, () => {
  it('lists the flows in order with their type and step count', async () => {
    renderManager();
    const list = await screen.findByRole('list', { name: 'Flows in their order' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Checkout'), expect.stringContaining('Onboarding')]);
    expect(await within(rows[0]!).findByText(/Sign-up · 2 steps/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Checkout earlier' })).toHaveProperty('disabled', true);
  });

  it('creates a flow from picked screens: the same screen twice, a step moved and one removed, captions in three languages', async () => {
    const form = await openNewFlow();
    fireEvent.change(within(form).getByRole('combobox', { name: 'Flow type' }), { target: { value: '61' } });
    fireEvent.input(within(form).getByLabelText('Flow name (English)'), { target: { value: 'Sign up by e-mail' } });
    fireEvent.input(within(form).getByLabelText('Flow name (Simplified Chinese)'), { target: { value: '邮箱注册' } });
    for (const number of [1, 2, 3, 1]) fireEvent.click(within(form).getByRole('button', { name: `Add screen ${number} as a step` }));
    expect(screen.getByText('Screen 1 added as step 4')).toBeTruthy();
    const steps = within(form).getByRole('list', { name: 'Steps of the flow' });
    expect(within(steps).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Step 1: screen 1',
      'Step 2: screen 2',
      'Step 3: screen 3',
      'Step 4: screen 1',
    ]);

    // Step 3 (screen 3) one place earlier; the focus stays on its button.
    const earlier = within(form).getByRole('button', { name: 'Move step 3 earlier' });
    earlier.focus();
    fireEvent.click(earlier);
    expect(screen.getByText('Step moved to position 2 of 4')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Move step 2 earlier' })));
    // Step 1 removed.
    fireEvent.click(within(form).getByRole('button', { name: 'Remove step 1' }));
    expect(within(steps).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Step 1: screen 3', 'Step 2: screen 2', 'Step 3: screen 1']);

    fireEvent.input(within(form).getByLabelText('Step 1 caption (English)'), { target: { value: 'Pick the plan' } });
    fireEvent.input(within(form).getByLabelText('Step 1 caption (Traditional Chinese)'), { target: { value: '選擇方案' } });
    fireEvent.input(within(form).getByLabelText('Step 3 caption (English)'), { target: { value: 'Done' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create flow' }));

    await waitFor(() => expect(sent('POST', '/admin/items/5/flows')).toBeTruthy());
    expect(sent('POST', '/admin/items/5/flows')?.body).toEqual({
      type: 61,
      name: 'Sign up by e-mail',
      nameCn: '邮箱注册',
      nameTw: null,
      steps: [
        { previewId: 3, caption: 'Pick the plan', captionCn: null, captionTw: '選擇方案' },
        { previewId: 2, caption: '', captionCn: null, captionTw: null },
        { previewId: 1, caption: 'Done', captionCn: null, captionTw: null },
      ],
    });
    // Saved: the editor closes and the list is read again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New flow' })).toBeNull());
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('Flow Sign up by e-mail created');
  });

  it('says what is missing before sending anything', async () => {
    const form = await openNewFlow();
    fireEvent.click(within(form).getByRole('button', { name: 'Create flow' }));
    expect(await within(form).findByText('Choose a flow type.')).toBeTruthy();
    expect(within(form).getByText('Enter the English name (at most 120 characters).')).toBeTruthy();
    expect(within(form).getByText('Add 1 to 60 steps.')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'Flow type' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST', '/admin/items/5/flows')).toBeUndefined();
  });

  it('shows the server’s refusal in the reader’s language and keeps the editor open', async () => {
    await i18n.changeLanguage('zhCN');
    createReply = { code: 400, message: AdminFlowMessage.stepOutsideItem };
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: '新建流程' }));
    const form = screen.getByRole('form', { name: '新建流程' });
    const type = within(form).getByRole('combobox', { name: '流程类型' });
    await within(type).findByRole('option', { name: '注册' });
    fireEvent.change(type, { target: { value: '61' } });
    fireEvent.input(within(form).getByLabelText('流程名称（英文）'), { target: { value: 'Sign up' } });
    fireEvent.click(await within(form).findByRole('button', { name: '将第 2 张截图添加为步骤' }));
    fireEvent.click(within(form).getByRole('button', { name: '创建流程' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('steps：每个步骤都必须是该应用、网站或产品的截图。'));
    expect(screen.getByRole('form', { name: '新建流程' })).toBeTruthy();
  });

  it('reorders the flows by their buttons and keeps the focus on the moved one', async () => {
    renderManager();
    const later = await screen.findByRole('button', { name: 'Move Checkout later' });
    later.focus();
    fireEvent.click(later);
    await waitFor(() => expect(sent('PUT', '/admin/items/5/flows/order')?.body).toEqual({ ids: [8, 7] }));
    expect(screen.getByText('Checkout moved to position 2 of 2')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Flows in their order' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Onboarding'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Checkout earlier' })));
  });

  it('edits a flow from its stored steps and sends it whole', async () => {
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Checkout' }));
    const form = screen.getByRole('form', { name: 'Edit flow Checkout' });
    expect(within(form).getAllByRole('img', { name: /^Step \d/ })).toHaveLength(2);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove step 2' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save flow' }));
    await waitFor(() => expect(sent('PUT', '/admin/flows/7')?.body).toMatchObject({ type: 61, name: 'Checkout', steps: [{ previewId: 1 }] }));
  });

  it('asks once more before deleting a flow', async () => {
    renderManager();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Onboarding' }));
    expect(sent('DELETE', '/admin/flows/8')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Onboarding for good' }));
    await waitFor(() => expect(sent('DELETE', '/admin/flows/8')).toBeTruthy());
  });
});
