import { API_PREFIX, type CatalogStats, type Item, type MemberInfo } from '@shotlib/contract';
import { type AdminItem, type AdminMember, type AuditEntry } from '@shotlib/contract/admin';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, member } from '../../db/schema';
import { CATEGORY } from '../../test/fixtures';
import { adminUrl, eventually, type List, useTestApp } from '../../test/helpers';
import { call, createTestApp } from '../../test/test-app';

const t = useTestApp();

const admin = adminUrl;
const api = (path: string) => `${API_PREFIX}${path}`;

/** The newest audit rows of a target. */
async function auditOf(targetType: 'item' | 'member', targetId: number): Promise<AuditEntry[]> {
  const reply = await call<List<AuditEntry>>(t.app, {
    method: 'GET',
    url: admin(`/audit?targetType=${targetType}&targetId=${targetId}`),
    token: t.fixtures.tokens.admin,
  });
  expect(reply.status).toBe(200);
  return reply.body.data.arr;
}

const newItem = {
  name: 'Delta Admin',
  nameCn: '德尔塔',
  nameTw: '德爾塔',
  briefing: 'Made in the console',
  briefingCn: '控制台创建',
  briefingTw: '控制台建立',
  site: 'https://delta.example',
  rating: 4.5,
  platform: false,
  group: [CATEGORY.finance, CATEGORY.tools],
};

describe('access', () => {
  /** Every admin route, with a body a non-admin could use to probe its shape. */
  const routes = () => [
    { method: 'GET' as const, url: admin('/items') },
    { method: 'GET' as const, url: admin(`/items/${t.fixtures.appIds[5]}`) },
    { method: 'POST' as const, url: admin('/items'), payload: { rating: 99 } },
    { method: 'PUT' as const, url: admin(`/items/${t.fixtures.appIds[5]}`), payload: { rating: 99 } },
    { method: 'POST' as const, url: admin(`/items/${t.fixtures.appIds[5]}/unpublish`) },
    { method: 'POST' as const, url: admin(`/items/${t.fixtures.appIds[5]}/publish`) },
    { method: 'POST' as const, url: admin(`/items/${t.fixtures.appIds[5]}/logo`), payload: {} },
    { method: 'GET' as const, url: admin('/members?email=example') },
    { method: 'POST' as const, url: admin(`/members/${t.fixtures.members.regular}/vip`), payload: { action: 'grant' } },
    { method: 'POST' as const, url: admin(`/members/${t.fixtures.members.regular}/role`), payload: { role: 'admin' } },
    { method: 'GET' as const, url: admin('/audit') },
  ];

  it('answers visitors 401 and members (regular, vip, lapsed) 403 with the same short envelope, before any validation', async () => {
    for (const route of routes()) {
      const visitor = await call(t.app, route);
      expect(visitor.status, route.url).toBe(401);
      expect(visitor.body).toMatchObject({ code: 401, data: null });
      for (const token of [t.fixtures.tokens.regular, t.fixtures.tokens.vip, t.fixtures.tokens.lapsed]) {
        const member = await call(t.app, { ...route, token });
        expect(member.status, route.url).toBe(403);
        expect(member.body).toEqual({ code: 403, message: 'Forbidden', data: null });
      }
    }
    // Nothing was written by those calls.
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('lets admins read every list (the audit log starts empty)', async () => {
    for (const [url, rows] of [
      [admin('/items'), 20],
      [admin('/members?email=example'), 4],
      [admin('/audit'), 0],
    ] as const) {
      const reply = await call<List<unknown>>(t.app, { method: 'GET', url, token: t.fixtures.tokens.admin });
      expect(reply.status, url).toBe(200);
      expect(reply.body.code).toBe(0);
      expect(reply.body.data.arr.length, url).toBe(rows);
    }
  });
});

describe('items', () => {
  it('creates an item (unpublished by default), audited with its after state', async () => {
    const created = await call<AdminItem>(t.app, { method: 'POST', url: admin('/items'), payload: newItem, token: t.fixtures.tokens.admin });
    expect(created.status).toBe(200);
    const item = created.body.data;
    expect(item).toMatchObject({ name: 'Delta Admin', nameCn: '德尔塔', nameTw: '德爾塔', rating: 4.5, platform: false, logo: '', screens: 0 });
    expect(item.group).toEqual([CATEGORY.finance, CATEGORY.tools]);
    expect(item.unpublishedAt).not.toBeNull();
    // Not public yet.
    expect((await call(t.app, { method: 'GET', url: api(`/platform/${item.id}`) })).status).toBe(404);

    const [row] = await auditOf('item', item.id);
    expect(row).toMatchObject({ action: 'item.create', actorId: t.fixtures.members.admin, actorEmail: 'admin@example.com', before: null });
    expect(row!.after).toMatchObject({ id: item.id, name: 'Delta Admin' });

    // Read alone (the console's edit page), unpublished as it is.
    const one = await call<AdminItem>(t.app, { method: 'GET', url: admin(`/items/${item.id}`), token: t.fixtures.tokens.admin });
    expect(one.body.data).toEqual(item);
    expect((await call(t.app, { method: 'GET', url: admin('/items/999999'), token: t.fixtures.tokens.admin })).status).toBe(404);

    // Listed for admins, with the unpublished ones.
    const listed = await call<List<AdminItem>>(t.app, { method: 'GET', url: admin('/items?q=delta&status=unpublished'), token: t.fixtures.tokens.admin });
    expect(listed.body.data.arr.map((i) => i.id)).toEqual([item.id]);
    const published = await call<List<AdminItem>>(t.app, { method: 'GET', url: admin('/items?q=delta&status=published'), token: t.fixtures.tokens.admin });
    expect(published.body.data.total).toBe(0);
  });

  it('edits an item; the audit row holds before and after; the next public read shows the edit', async () => {
    const id = t.fixtures.appIds[6]!;
    const warm = await call<Item>(t.app, { method: 'GET', url: api(`/platform/${id}`) });
    expect(warm.body.data.name).toBe('App 06');
    const edit = { name: 'App 06 Renamed', briefingTw: '新的簡介', rating: 5, site: '', group: [CATEGORY.banking], publishedAt: '2025-01-02T03:04:05.000Z' };
    const edited = await call<AdminItem>(t.app, { method: 'PUT', url: admin(`/items/${id}`), payload: edit, token: t.fixtures.tokens.admin });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ ...edit, group: [CATEGORY.banking] });

    const [row] = await auditOf('item', id);
    expect(row!.action).toBe('item.update');
    expect(row!.before).toMatchObject({ name: 'App 06', rating: 3.5, site: 'https://app6.example' });
    expect(row!.after).toMatchObject({ name: 'App 06 Renamed', rating: 5, site: '', briefingTw: '新的簡介', group: [CATEGORY.banking] });

    await eventually(async () => {
      const detail = await call<Item>(t.app, { method: 'GET', url: api(`/platform/${id}`) });
      return detail.body.data.name === 'App 06 Renamed' && detail.body.data.briefingTw === '新的簡介' && detail.body.data.group.join() === String(CATEGORY.banking);
    });
  });

  it('refuses bad input with a 400 envelope naming the field, and unknown items with 404', async () => {
    const token = t.fixtures.tokens.admin;
    const id = t.fixtures.appIds[7]!;
    const bad: Array<[string, 'POST' | 'PUT', string, unknown]> = [
      ['rating above 5', 'PUT', `/items/${id}`, { rating: 5.5 }],
      ['negative rating', 'POST', '/items', { ...newItem, rating: -1 }],
      ['no name', 'POST', '/items', { ...newItem, name: '  ' }],
      ['no platform', 'POST', '/items', { name: 'x' }],
      ['bad site', 'PUT', `/items/${id}`, { site: 'javascript:alert(1)' }],
      ...[
        'JAVASCRIPT:alert(1)',
        ' \t\njavascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
        'file:///etc/passwd',
        '//evil.example',
        'https://user:pass@evil.example',
      ].flatMap((site): Array<[string, 'POST' | 'PUT', string, unknown]> => [
        [`site ${site}`, 'PUT', `/items/${id}`, { site }],
        [`new site ${site}`, 'POST', '/items', { ...newItem, site }],
      ]),
      ['bad date', 'PUT', `/items/${id}`, { publishedAt: 'yesterday' }],
      ['unknown field', 'PUT', `/items/${id}`, { hotScore: 100 }],
      ['empty edit', 'PUT', `/items/${id}`, {}],
      ['screen category', 'PUT', `/items/${id}`, { group: [CATEGORY.screenLogin] }],
      ['missing category', 'POST', '/items', { ...newItem, group: [424242] }],
    ];
    for (const [label, method, path, payload] of bad) {
      const reply = await call(t.app, { method, url: admin(path), payload: payload as object, token });
      expect(reply.status, label).toBe(400);
      expect(reply.body.code, label).toBe(400);
      expect(reply.body.data, label).toBeNull();
    }
    const missing = await call(t.app, { method: 'PUT', url: admin('/items/999999'), payload: { rating: 1 }, token });
    expect(missing.status).toBe(404);
    // Refused calls wrote nothing.
    expect(await auditOf('item', id)).toEqual([]);
  });

  it('unpublishing hides an item from every public read; publishing brings it back', async () => {
    const id = t.fixtures.appIds[1]!; // 'alpha': in search results, with two screens
    const token = t.fixtures.tokens.vip;
    const visible = async () => {
      const [list, search, detail, previews, stats, collection] = await Promise.all([
        call<List<Item>>(t.app, { method: 'POST', url: api('/platform'), payload: { platform: false, rank: 'N', page: 1, pageSize: 50 }, token }),
        call<List<Item>>(t.app, { method: 'POST', url: api('/platform'), payload: { platform: false, rank: 'H', name: 'alpha', page: 1, pageSize: 50 }, token }),
        call<Item>(t.app, { method: 'GET', url: api(`/platform/${id}`), token }),
        call<List<unknown>>(t.app, { method: 'POST', url: api('/platform/app'), payload: { appSiteId: id, page: 1, pageSize: 10 }, token }),
        call<CatalogStats>(t.app, { method: 'GET', url: api('/platform/stats'), token }),
        call<List<{ itemId: number }>>(t.app, { method: 'POST', url: api('/platform/fav'), payload: { page: 1, pageSize: 50 }, token }),
      ]);
      return {
        list: list.body.data.arr.some((i) => i.id === id),
        listTotal: list.body.data.total,
        search: search.body.data.arr.some((i) => i.id === id),
        detail: detail.status,
        previews: previews.status,
        stats: stats.body.data,
        collected: collection.body.data.arr.filter((c) => c.itemId === id).length,
        collectionTotal: collection.body.data.total,
      };
    };
    // The vip collects one of its screens.
    const detail = await call<Item>(t.app, { method: 'GET', url: api(`/platform/${id}`), token });
    const screen = detail.body.data.preview[0]!.id;
    expect((await call(t.app, { method: 'PUT', url: api(`/platform/preview/${screen}`), token })).body.code).toBe(0);

    const before = await visible();
    expect(before).toMatchObject({ list: true, search: true, detail: 200, previews: 200, collected: 1 });

    const off = await call<AdminItem>(t.app, { method: 'POST', url: admin(`/items/${id}/unpublish`), token: t.fixtures.tokens.admin });
    expect(off.status).toBe(200);
    expect(off.body.data.unpublishedAt).not.toBeNull();
    await eventually(async () => (await visible()).detail === 404);
    const hidden = await visible();
    expect(hidden).toMatchObject({ list: false, search: false, detail: 404, previews: 404, collected: 0 });
    expect(hidden.listTotal).toBe(before.listTotal - 1);
    expect(hidden.collectionTotal).toBe(before.collectionTotal - 1);
    expect(hidden.stats).toEqual({ ...before.stats, apps: before.stats.apps - 1, screenshots: before.stats.screenshots - 2 });
    // Its screens cannot be collected meanwhile.
    expect((await call(t.app, { method: 'PUT', url: api(`/platform/preview/${screen}`), token })).status).toBe(404);
    // Unpublishing again changes nothing (and is still audited).
    expect((await call(t.app, { method: 'POST', url: admin(`/items/${id}/unpublish`), token: t.fixtures.tokens.admin })).status).toBe(200);

    const on = await call<AdminItem>(t.app, { method: 'POST', url: admin(`/items/${id}/publish`), token: t.fixtures.tokens.admin });
    expect(on.body.data.unpublishedAt).toBeNull();
    await eventually(async () => (await visible()).detail === 200);
    expect(await visible()).toEqual(before);

    const rows = await auditOf('item', id);
    expect(rows.map((r) => r.action)).toEqual(['item.publish', 'item.unpublish', 'item.unpublish']);
    expect((rows[2]!.before as AdminItem).unpublishedAt).toBeNull();
    expect((rows[2]!.after as AdminItem).unpublishedAt).not.toBeNull();
  });

  it('stores an uploaded logo re-encoded as WebP under logos/<hash>.webp, audited; refuses what is not an image', async () => {
    const id = t.fixtures.appIds[8]!;
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const form = (body: Buffer, name = 'file') => {
      const boundary = 'logo-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const reply = await call<AdminItem>(t.app, { method: 'POST', url: admin(`/items/${id}/logo`), ...form(png), token: t.fixtures.tokens.admin });
    expect(reply.status).toBe(200);
    const logo = reply.body.data.logo;
    expect(logo).toMatch(/^logos\/[0-9a-f]{64}\.webp$/);
    expect(await t.media.exists(logo)).toBe(true);
    const stored = await t.media.open(logo);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
    const [row] = await auditOf('item', id);
    expect(row).toMatchObject({ action: 'item.logo', before: expect.objectContaining({ logo: `logos/app-8.webp` }), after: expect.objectContaining({ logo }) });

    const text = await call(t.app, { method: 'POST', url: admin(`/items/${id}/logo`), ...form(Buffer.from('<svg/>')), token: t.fixtures.tokens.admin });
    expect(text.status).toBe(400);
    const wrongField = await call(t.app, { method: 'POST', url: admin(`/items/${id}/logo`), ...form(png, 'image'), token: t.fixtures.tokens.admin });
    expect(wrongField.status).toBe(400);
    const missing = await call(t.app, { method: 'POST', url: admin('/items/999999/logo'), ...form(png), token: t.fixtures.tokens.admin });
    expect(missing.status).toBe(404);
  });
});

describe('members', () => {
  const info = async (token: string) => (await call<MemberInfo>(t.app, { method: 'GET', url: api('/member/info'), token })).body.data;
  const vip = (id: number, payload: object) =>
    call<AdminMember>(t.app, { method: 'POST', url: admin(`/members/${id}/vip`), payload, token: t.fixtures.tokens.admin });

  it('finds members by a part of the address, any case', async () => {
    const reply = await call<List<AdminMember>>(t.app, { method: 'GET', url: admin('/members?email=LAPSED@'), token: t.fixtures.tokens.admin });
    expect(reply.body.data.total).toBe(1);
    expect(reply.body.data.arr[0]).toMatchObject({ id: t.fixtures.members.lapsed, email: 'lapsed@example.com', role: 'member', vip: false });
    const none = await call<List<AdminMember>>(t.app, { method: 'GET', url: admin('/members?email=%25'), token: t.fixtures.tokens.admin });
    expect(none.body.data.total).toBe(0);
  });

  it('lists every member, the newest first, without a search (the console’s first view, issue 29)', async () => {
    const [newest] = await t.db.insert(member).values({ email: 'newest.member@example.com', createdAt: new Date(Date.now() + 60_000) }).returning();
    for (const url of ['/members', '/members?email=', '/members?email=%20']) {
      const reply = await call<List<AdminMember>>(t.app, { method: 'GET', url: admin(url), token: t.fixtures.tokens.admin });
      expect(reply.status, url).toBe(200);
      const { arr, total } = reply.body.data;
      expect(total).toBe((await t.db.select({ id: member.id }).from(member)).length);
      expect(arr[0]).toMatchObject({ id: newest!.id, email: 'newest.member@example.com' });
      const byAge = [...arr].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      expect(arr.map((row) => row.id)).toEqual(byAge.map((row) => row.id));
    }
  });

  it('grants, extends and revokes a membership with a reason; /member/info follows; each change is audited', async () => {
    const id = t.fixtures.members.regular;
    const token = t.fixtures.tokens.regular;
    expect((await info(token)).expired).toBeNull();

    expect((await vip(id, { action: 'grant', months: 1 })).status).toBe(400); // no reason
    expect((await vip(id, { action: 'grant', reason: 'support ticket 12' })).status).toBe(400); // neither months nor until
    expect((await vip(id, { action: 'grant', months: 1, until: '2030-01-01T00:00:00Z', reason: 'both' })).status).toBe(400);
    expect((await vip(id, { action: 'grant', months: 0, reason: 'zero' })).status).toBe(400);
    expect((await vip(id, { action: 'revoke', reason: 'not a subscriber' })).body.code).toBe(1001);

    const granted = await vip(id, { action: 'grant', months: 1, reason: 'support ticket 12' });
    expect(granted.status).toBe(200);
    expect(granted.body.data.vip).toBe(true);
    const firstExpiry = new Date((await info(token)).expired!);
    expect(firstExpiry.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    // A second grant would shorten or hide a running membership: extend instead.
    expect((await vip(id, { action: 'grant', months: 1, reason: 'again' })).body.code).toBe(1001);

    await vip(id, { action: 'extend', months: 2, reason: 'goodwill' });
    const extended = new Date((await info(token)).expired!);
    expect(extended.getTime() - firstExpiry.getTime()).toBeGreaterThan(58 * 86_400_000);
    expect((await vip(id, { action: 'extend', until: '2020-01-01T00:00:00Z', reason: 'backwards' })).body.code).toBe(1001);

    const revoked = await vip(id, { action: 'revoke', reason: 'chargeback' });
    expect(revoked.body.data.vip).toBe(false);
    expect(new Date((await info(token)).expired!).getTime()).toBeLessThanOrEqual(Date.now());

    const rows = await auditOf('member', id);
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['member.vip.revoke', 'chargeback'],
      ['member.vip.extend', 'goodwill'],
      ['member.vip.grant', 'support ticket 12'],
    ]);
    expect(rows[2]).toMatchObject({ before: expect.objectContaining({ vip: false, vipExpiresAt: null }), after: expect.objectContaining({ vip: true }) });
    expect(rows[0]).toMatchObject({ before: expect.objectContaining({ vip: true }), after: expect.objectContaining({ vip: false }) });
  });

  it('lets admins name admins and take the role back, never from the last admin', async () => {
    const role = (id: number, payload: object, token = t.fixtures.tokens.admin) =>
      call<AdminMember>(t.app, { method: 'POST', url: admin(`/members/${id}/role`), payload, token });
    const { lapsed, admin: adminId } = t.fixtures.members;
    expect((await role(lapsed, { role: 'admin' })).status).toBe(400); // no reason
    expect((await role(adminId, { role: 'member', reason: 'leaving' })).body.code).toBe(1001); // the last admin
    expect((await role(adminId, { role: 'admin', reason: 'same' })).body.code).toBe(1001);

    const named = await role(lapsed, { role: 'admin', reason: 'new editor' });
    expect(named.body.data.role).toBe('admin');
    // The new admin's session is an admin's at once.
    expect((await call(t.app, { method: 'GET', url: admin('/items'), token: t.fixtures.tokens.lapsed })).status).toBe(200);
    // Now the first admin may step down (by the new admin's hand or their own).
    expect((await role(adminId, { role: 'member', reason: 'rotation' })).body.data.role).toBe('member');
    expect((await call(t.app, { method: 'GET', url: admin('/items'), token: t.fixtures.tokens.admin })).status).toBe(403);
    // And the remaining admin cannot leave.
    expect((await role(lapsed, { role: 'member', reason: 'leaving' }, t.fixtures.tokens.lapsed)).body.code).toBe(1001);
    // Restore for the other tests.
    expect((await role(adminId, { role: 'admin', reason: 'restore' }, t.fixtures.tokens.lapsed)).status).toBe(200);

    const rows = await auditOf('member', adminId);
    expect(rows.map((r) => [r.action, r.actorId, (r.before as AdminMember).role, (r.after as AdminMember).role])).toEqual([
      ['member.role', lapsed, 'member', 'admin'],
      ['member.role', t.fixtures.members.admin, 'admin', 'member'],
    ]);
  });
});

describe('audit log', () => {
  it('filters by actor, action, target and time range, newest first, paged', async () => {
    const token = t.fixtures.tokens.admin;
    const get = async (query: string) => {
      const reply = await call<List<AuditEntry>>(t.app, { method: 'GET', url: admin(`/audit?${query}`), token });
      expect(reply.status, query).toBe(200);
      return reply.body.data;
    };
    const all = await get('pageSize=50');
    expect(all.total).toBeGreaterThanOrEqual(10);
    const times = all.arr.map((r) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byAction = await get('action=item.unpublish');
    expect(byAction.arr.every((r) => r.action === 'item.unpublish')).toBe(true);
    expect(byAction.total).toBe(2);
    const byActor = await get(`actorId=${t.fixtures.members.lapsed}`);
    expect(byActor.arr.every((r) => r.actorId === t.fixtures.members.lapsed)).toBe(true);
    expect(byActor.total).toBeGreaterThan(0);
    expect((await get('actorEmail=LAPSED@example.com')).total).toBe(byActor.total);
    expect((await get(`targetType=member&targetId=${t.fixtures.members.regular}`)).total).toBe(3);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await get(`to=${encodeURIComponent(future)}&pageSize=50`)).total).toBe(all.total);

    const page1 = await get('page=1&pageSize=3');
    const page2 = await get('page=2&pageSize=3');
    expect(page1.arr.map((r) => r.id)).toEqual(all.arr.slice(0, 3).map((r) => r.id));
    expect(page2.arr.map((r) => r.id)).toEqual(all.arr.slice(3, 6).map((r) => r.id));

    for (const bad of ['action=item.delete', 'from=yesterday', 'targetId=0', 'pageSize=500', 'actorEmail=nobody']) {
      const reply = await call(t.app, { method: 'GET', url: admin(`/audit?${bad}`), token });
      expect(reply.status, bad).toBe(400);
    }
  });
});

describe('ADMIN_EMAIL', () => {
  it('makes an existing member an admin at start, audited and idempotent', async () => {
    const other = await createTestApp({ env: { ADMIN_EMAIL: 'Member@Example.com' } });
    try {
      const reply = await call<MemberInfo>(other.app, { method: 'GET', url: api('/member/info'), token: other.fixtures.tokens.regular });
      expect(reply.body.data.role).toBe('admin');
      expect((await call(other.app, { method: 'GET', url: admin('/items'), token: other.fixtures.tokens.regular })).status).toBe(200);
      const rows = await other.db.select().from(auditLog);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: null, action: 'member.role', targetId: other.fixtures.members.regular, reason: 'ADMIN_EMAIL at start' });
      // A second start changes nothing.
      await other.services.start();
      expect(await other.db.select().from(auditLog)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('creates the account when the address has none, so its owner can sign in by code as an admin', async () => {
    const other = await createTestApp({ env: { ADMIN_EMAIL: 'boss@example.org' } });
    try {
      const [row] = await other.db.select().from(member).where(eq(member.email, 'boss@example.org'));
      expect(row).toMatchObject({ role: 'admin', nickname: 'boss' });
      const [audit] = await other.db.select().from(auditLog);
      expect(audit).toMatchObject({ targetId: row!.id, before: null, actorEmail: 'system (ADMIN_EMAIL)' });
    } finally {
      await other.close();
    }
  });
});
