import { CATEGORY_ROOT } from '@shotlib/contract';
import type { AdminItemListEntry, AuditEntry } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, AdminContentMessage, type AdminCategoryRow, type AdminCategoryTreeReply } from '@shotlib/contract/admin-content';
import { IngestMessage, SCREEN_MAX_BYTES, ScreenMessage, type AdminScreen, type ScreenUploadResult } from '@shotlib/contract/ingest';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { collect, preview } from '../../db/schema';
import { CATEGORY } from '../../test/fixtures';
import { SCREEN_PRIORITY, ingestScreen } from '../ingest/ingest.service';
import { adminUrl, type List, useTestApp } from '../../test/helpers';
import { call, multipart } from '../../test/test-app';

const t = useTestApp();

const admin = adminUrl;

/** A screenshot-like PNG whose content depends on `seed`. */
const png = (seed: number, width = 320, height = 640) =>
  sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 200 } } })
    .composite([{ input: { create: { width: 16, height: 16, channels: 3, background: { r: 255, g: 255, b: 255 } } }, left: 4, top: 4 }])
    .png()
    .toBuffer();

const upload = async (itemId: number, data: Buffer, fields: Record<string, string> = {}, token = t.fixtures.tokens.admin) =>
  call<ScreenUploadResult>(t.app, {
    method: 'POST',
    url: admin(`/items/${itemId}/screens`),
    ...(await multipart({ ...fields, file: { data, name: 'shot.png', type: 'image/png' } })),
    token,
  });

/** A new item of its own (the fixtures' items have screens already). */
async function freshItem(): Promise<number> {
  const reply = await call<{ id: number }>(t.app, { method: 'POST', url: admin('/items'), payload: { name: 'Screens Test', platform: false }, token: t.fixtures.tokens.admin });
  return reply.body.data.id;
}

const list = async (itemId: number) =>
  (await call<AdminScreen[]>(t.app, { method: 'GET', url: admin(`/items/${itemId}/screens`), token: t.fixtures.tokens.admin })).body.data;

async function auditOf(itemId: number, action: string): Promise<AuditEntry[]> {
  const reply = await call<List<AuditEntry>>(t.app, {
    method: 'GET',
    url: admin(`/audit?targetType=item&targetId=${itemId}&action=${action}`),
    token: t.fixtures.tokens.admin,
  });
  return reply.body.data.arr;
}

describe('admin screens: access', () => {
  it('refuses visitors (401) and members (403) before reading anything', async () => {
    const id = await freshItem();
    const routes = [
      { method: 'GET' as const, url: admin(`/items/${id}/screens`) },
      { method: 'POST' as const, url: admin(`/items/${id}/screens`), payload: {} },
      { method: 'PUT' as const, url: admin(`/items/${id}/screens/order`), payload: { ids: [1] } },
      { method: 'POST' as const, url: admin('/screens/category'), payload: { ids: [1], group: null } },
      { method: 'POST' as const, url: admin('/screens/elements'), payload: { ids: [1], add: [1] } },
      { method: 'POST' as const, url: admin('/screens/delete'), payload: { ids: [1] } },
    ];
    for (const route of routes) {
      expect((await call(t.app, route)).status, route.url).toBe(401);
      for (const token of [t.fixtures.tokens.regular, t.fixtures.tokens.vip]) {
        const reply = await call(t.app, { ...route, token });
        expect(reply.status, route.url).toBe(403);
        expect(reply.body).toEqual({ code: 403, message: 'Forbidden', data: null });
      }
    }
    const file = await upload(id, await png(1), {}, t.fixtures.tokens.regular);
    expect(file.status).toBe(403);
    expect((await t.db.select().from(preview).where(eq(preview.itemId, id))).length).toBe(0);
  });
});

describe('admin screens: upload', () => {
  it('adds a screen (processing), audits it, and its queued job makes the variants, colours and blurhash', async () => {
    const id = await freshItem();
    const reply = await upload(id, await png(2), { group: String(CATEGORY.screenHome) });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(0);
    const { screen, duplicate } = reply.body.data;
    expect(duplicate).toBe(false);
    expect(screen).toMatchObject({ itemId: id, width: 320, height: 640, group: CATEGORY.screenHome, sort: 1, status: 'processing', colors: [], blurhash: null });
    expect(screen.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(screen.path).toMatch(new RegExp(`^_s\\d+\\.[\\w-]{22}/shots/${id}/${screen.hash}\\.png$`));
    expect(await t.media.exists(`shots/${id}/${screen.hash}.png`)).toBe(true);

    const [added] = await auditOf(id, 'screen.add');
    expect(added).toMatchObject({ actorId: t.fixtures.members.admin, targetType: 'item', targetId: id, before: null, after: expect.objectContaining({ id: screen.id }) });

    // Public reads see it while it is processing (it has its size already).
    expect((await list(id)).map((s) => s.status)).toEqual(['processing']);

    expect(await t.services.jobs.runUntilIdle()).toBe(1);
    const [ready] = await list(id);
    expect(ready).toMatchObject({ id: screen.id, status: 'ready' });
    expect(ready!.colors.length).toBeGreaterThan(0);
    expect(ready!.colors.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    expect(ready!.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{10,}$/);
    // Variants at the widths the web app asks for (320 wide: 160 and 320), ready before any request.
    expect(await t.media.exists(`variants/w160/shots/${id}/${screen.hash}.png.webp`)).toBe(true);
    expect(await t.media.exists(`variants/w320/shots/${id}/${screen.hash}.png.webp`)).toBe(true);
    expect(await t.media.exists(`variants/w480/shots/${id}/${screen.hash}.png.webp`)).toBe(false);
  });

  it('processes a console upload before an operator import queued earlier, and that before the demo backlog (issue 29)', async () => {
    await t.services.jobs.runUntilIdle();
    const id = await freshItem();
    const deps = { db: t.db, media: t.media, jobs: t.services.jobs, reader: t.services.reader };
    // The first start's demo and an operator's import, queued before the upload (the importer's two priorities).
    const demo = await ingestScreen(deps, id, await png(80), { priority: SCREEN_PRIORITY.demo });
    const imported = await ingestScreen(deps, id, await png(81));
    const uploaded = (await upload(id, await png(82))).body.data.screen;
    const readyAfterEachJob: number[][] = [];
    for (let k = 0; k < 3; k++) {
      const stop = new AbortController();
      expect(await t.services.jobs.runUntilIdle({ signal: stop.signal, onJob: () => stop.abort() })).toBe(1);
      readyAfterEachJob.push((await list(id)).filter((screen) => screen.status === 'ready').map((screen) => screen.id));
    }
    expect(readyAfterEachJob).toEqual([
      [uploaded.id],
      [imported.screen.id, uploaded.id].sort((a, b) => a - b),
      [demo.screen.id, imported.screen.id, uploaded.id].sort((a, b) => a - b),
    ]);
  });

  it('shows each item of the console list with its first screen, signed like the item’s screens (issue 29)', async () => {
    const id = await freshItem();
    const listed = async () => {
      const reply = await call<List<AdminItemListEntry>>(t.app, { method: 'GET', url: admin('/items?q=Screens%20Test'), token: t.fixtures.tokens.admin });
      expect(reply.body.code, reply.body.message).toBe(0);
      return reply.body.data.arr.find((entry) => entry.id === id)!;
    };
    expect((await listed()).cover).toBeNull();
    await upload(id, await png(90, 640, 360));
    await upload(id, await png(91));
    const [first] = await list(id);
    expect((await listed()).cover).toEqual({ path: first!.path, width: 640, height: 360 });
    expect(first!.path).toMatch(/^_s\d+\.[\w-]{22}\/shots\//);
  });

  it('reports the same content again as a duplicate and adds nothing', async () => {
    const id = await freshItem();
    const first = await upload(id, await png(3));
    const again = await upload(id, await png(3));
    expect(again.body.code).toBe(0);
    expect(again.body.data).toMatchObject({ duplicate: true, screen: { id: first.body.data.screen.id } });
    expect((await list(id)).length).toBe(1);
    expect((await auditOf(id, 'screen.add')).length).toBe(1);
    // Another item may hold the same content.
    expect((await upload(t.fixtures.appIds[8]!, await png(3))).body.data.duplicate).toBe(false);
  });

  it('refuses what is not an image, a decompression bomb, a tiny image, a bad group: reasons, never 500, nothing written', async () => {
    const id = await freshItem();
    const text = await upload(id, Buffer.from('hello, this is not a picture'));
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ message: IngestMessage.notAnImage, data: null });
    expect(text.body.code).not.toBe(0);

    // A PNG header that claims 100,000 × 100,000 pixels (a few dozen bytes).
    const header = Buffer.from(await png(4, 64, 64));
    header.writeUInt32BE(100_000, 16);
    header.writeUInt32BE(100_000, 20);
    header.writeUInt32BE(crc32(header.subarray(12, 29)), 29); // the IHDR chunk's CRC, so only the size is wrong
    const bomb = await upload(id, header);
    expect(bomb.body).toMatchObject({ message: IngestMessage.tooManyPixels, data: null });
    expect(bomb.body.code).not.toBe(0);

    // A real image, tiny in bytes, huge once decoded.
    const wide = await sharp({ create: { width: 20_001, height: 64, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
    expect(wide.length).toBeLessThan(100_000);
    expect((await upload(id, wide)).body.message).toBe(IngestMessage.tooManyPixels);

    // Truncated: the header of an image, the data cut off.
    const truncated = (await png(5)).subarray(0, 200);
    expect((await upload(id, truncated)).body.message).toBe(IngestMessage.notAnImage);

    expect((await upload(id, await png(6, 40, 40))).body.message).toBe(IngestMessage.tooSmall);

    const badGroup = await upload(id, await png(7), { group: String(CATEGORY.finance) });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.message).toBe(ScreenMessage.unknownGroup);

    expect((await list(id)).length).toBe(0);
    expect(await auditOf(id, 'screen.add')).toEqual([]);
  });

  it('answers 413 with the limit for a file over SCREEN_MAX_BYTES, and 404 for an unknown item', async () => {
    const big = Buffer.alloc(SCREEN_MAX_BYTES + 1, 1);
    const reply = await upload(t.fixtures.appIds[9]!, big);
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ message: IngestMessage.tooLarge, data: null });
    expect((await upload(999_999, await png(8))).status).toBe(404);
  });
});

describe('admin screens: order, category, delete', () => {
  it('reorders every screen of an item, and refuses a partial or foreign list; audited', async () => {
    const id = await freshItem();
    const ids: number[] = [];
    for (const seed of [20, 21, 22]) ids.push((await upload(id, await png(seed))).body.data.screen.id);
    expect((await list(id)).map((s) => s.id)).toEqual(ids);

    const reversed = [...ids].reverse();
    const reply = await call<AdminScreen[]>(t.app, { method: 'PUT', url: admin(`/items/${id}/screens/order`), payload: { ids: reversed }, token: t.fixtures.tokens.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.data.map((s) => [s.id, s.sort])).toEqual(reversed.map((sid, i) => [sid, i + 1]));
    expect((await list(id)).map((s) => s.id)).toEqual(reversed);
    const [row] = await auditOf(id, 'screen.order');
    expect(row).toMatchObject({ before: ids, after: reversed });

    for (const bad of [[ids[0]], [...ids, ids[0]], [...ids.slice(0, 2), t.fixtures.appIds[0]!]]) {
      const refused = await call(t.app, { method: 'PUT', url: admin(`/items/${id}/screens/order`), payload: { ids: bad }, token: t.fixtures.tokens.admin });
      expect(refused.status).toBe(400);
    }
    expect((await call(t.app, { method: 'PUT', url: admin(`/items/${id}/screens/order`), payload: { ids: 'x' }, token: t.fixtures.tokens.admin })).status).toBe(400);
    expect((await list(id)).map((s) => s.id)).toEqual(reversed);
  });

  it('sets and clears the screen category of screens; only screen categories; audited per item', async () => {
    const id = await freshItem();
    const a = (await upload(id, await png(30))).body.data.screen.id;
    const b = (await upload(id, await png(31))).body.data.screen.id;
    const set = await call<AdminScreen[]>(t.app, { method: 'POST', url: admin('/screens/category'), payload: { ids: [a, b], group: CATEGORY.screenLogin }, token: t.fixtures.tokens.admin });
    expect(set.status).toBe(200);
    expect(set.body.data.map((s) => s.group)).toEqual([CATEGORY.screenLogin, CATEGORY.screenLogin]);
    const cleared = await call<AdminScreen[]>(t.app, { method: 'POST', url: admin('/screens/category'), payload: { ids: [a], group: null }, token: t.fixtures.tokens.admin });
    expect(cleared.body.data[0]).toMatchObject({ id: a, group: null });
    const rows = await auditOf(id, 'screen.category');
    expect(rows.length).toBe(2);
    expect(rows[0]).toMatchObject({ before: [expect.objectContaining({ id: a, group: CATEGORY.screenLogin })], after: [expect.objectContaining({ id: a, group: null })] });

    const listCategory = await call(t.app, { method: 'POST', url: admin('/screens/category'), payload: { ids: [a], group: CATEGORY.finance }, token: t.fixtures.tokens.admin });
    expect(listCategory.status).toBe(400);
    const missing = await call(t.app, { method: 'POST', url: admin('/screens/category'), payload: { ids: [a, 999_999], group: null }, token: t.fixtures.tokens.admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ScreenMessage.screenMissing);
  });

  it('tags and untags UI elements on screens (only elements of the element tree), audited; an element in use cannot be deleted', async () => {
    const id = await freshItem();
    const a = (await upload(id, await png(50))).body.data.screen.id;
    const b = (await upload(id, await png(51))).body.data.screen.id;
    const element = async (nameEn: string) =>
      (await call<AdminCategoryRow>(t.app, { method: 'POST', url: admin(ADMIN_CONTENT_PATHS.categories), payload: { tree: 'element', nameEn, nameCn: '按钮', nameTw: '按鈕' }, token: t.fixtures.tokens.admin })).body.data.id;
    // The first element creates the tree's root (7) on demand.
    const button = await element('Console button');
    const card = await element('Console card');
    const tree = await call<AdminCategoryTreeReply>(t.app, { method: 'GET', url: admin(`${ADMIN_CONTENT_PATHS.categories}?tree=element`), token: t.fixtures.tokens.admin });
    expect(tree.body.data).toMatchObject({ tree: 'element', rootId: CATEGORY_ROOT.element });
    expect(tree.body.data.arr.map((row) => row.id)).toEqual(expect.arrayContaining([button, card]));

    const change = (payload: object) => call<AdminScreen[]>(t.app, { method: 'POST', url: admin('/screens/elements'), payload, token: t.fixtures.tokens.admin });
    const tagged = await change({ ids: [a, b], add: [card, button] });
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.map((s) => [s.id, s.elements])).toEqual([
      [a, [button, card].sort((x, y) => x - y)],
      [b, [button, card].sort((x, y) => x - y)],
    ]);
    expect(tagged.body.data[0]!.text).toBeNull();
    // Adding again keeps one tag; an element both added and removed is removed.
    const untagged = await change({ ids: [a], add: [button, card], remove: [card] });
    expect(untagged.body.data).toEqual([expect.objectContaining({ id: a, elements: [button] })]);
    expect((await list(id)).map((s) => s.elements)).toEqual([[button], [button, card].sort((x, y) => x - y)]);
    const rows = await auditOf(id, 'screen.category');
    expect(rows[0]).toMatchObject({ before: [expect.objectContaining({ id: a, elements: [button, card].sort((x, y) => x - y) })], after: [expect.objectContaining({ id: a, elements: [button] })] });

    for (const payload of [{ ids: [a], add: [CATEGORY.screenLogin] }, { ids: [a], remove: [CATEGORY.finance] }, { ids: [a], add: [CATEGORY_ROOT.element] }, { ids: [a], add: [999_999] }]) {
      const refused = await change(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body).toEqual({ code: 400, message: ScreenMessage.unknownElement, data: null });
    }
    for (const payload of [{ ids: [a] }, { ids: [], add: [button] }, { ids: [a], add: ['x'] }, { ids: [a], add: Array.from({ length: 31 }, (_, i) => i + 1) }]) {
      expect((await change(payload)).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await change({ ids: [a, 999_999], add: [button] })).status).toBe(404);

    const inUse = await call(t.app, { method: 'DELETE', url: admin(ADMIN_CONTENT_PATHS.category(card)), token: t.fixtures.tokens.admin });
    expect(inUse.body).toMatchObject({ code: 1001, message: AdminContentMessage.categoryInUse(1, 'element') });
    await change({ ids: [b], remove: [card] });
    expect((await call(t.app, { method: 'DELETE', url: admin(ADMIN_CONTENT_PATHS.category(card)), token: t.fixtures.tokens.admin })).body.code).toBe(0);
  });

  it('keeps each screen\'s position in its item (the Screens view\'s paywall) through uploads, reorders and deletes', async () => {
    const id = await freshItem();
    const ids: number[] = [];
    for (let k = 0; k < 4; k++) ids.push((await upload(id, await png(60 + k))).body.data.screen.id);
    const positions = async () =>
      new Map((await t.db.select({ id: preview.id, position: preview.position }).from(preview).where(eq(preview.itemId, id))).map((row) => [row.id, row.position]));
    expect([...(await positions()).entries()].sort((x, y) => x[1] - y[1]).map(([screen]) => screen)).toEqual(ids);
    const order = [ids[3]!, ids[1]!, ids[0]!, ids[2]!];
    await call(t.app, { method: 'PUT', url: admin(`/items/${id}/screens/order`), payload: { ids: order }, token: t.fixtures.tokens.admin });
    let now = await positions();
    expect(order.map((screen) => now.get(screen))).toEqual([0, 1, 2, 3]);
    await call(t.app, { method: 'POST', url: admin('/screens/delete'), payload: { ids: [ids[1]!] }, token: t.fixtures.tokens.admin });
    now = await positions();
    expect([ids[3]!, ids[0]!, ids[2]!].map((screen) => now.get(screen))).toEqual([0, 1, 2]);
  });

  it('deletes screens with the collects of them and their files and variants; audited', async () => {
    const id = await freshItem();
    const { screen } = (await upload(id, await png(40))).body.data;
    const keep = (await upload(id, await png(41))).body.data.screen;
    await t.services.jobs.runUntilIdle();
    const key = `shots/${id}/${screen.hash}.png`;
    expect(await t.media.exists(`variants/w160/${key}.webp`)).toBe(true);
    await t.db.insert(collect).values({ memberId: t.fixtures.members.vip, previewId: screen.id });

    const reply = await call<{ deleted: number }>(t.app, { method: 'POST', url: admin('/screens/delete'), payload: { ids: [screen.id] }, token: t.fixtures.tokens.admin });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ deleted: 1 });
    expect((await list(id)).map((s) => s.id)).toEqual([keep.id]);
    expect(await t.db.select().from(collect).where(eq(collect.previewId, screen.id))).toEqual([]);
    expect(await t.media.exists(key)).toBe(false);
    expect(await t.media.exists(`variants/w160/${key}.webp`)).toBe(false);
    expect(await t.media.exists(`shots/${id}/${keep.hash}.png`)).toBe(true);
    const [row] = await auditOf(id, 'screen.delete');
    expect(row).toMatchObject({ before: [expect.objectContaining({ id: screen.id, path: key })], after: null });

    const again = await call(t.app, { method: 'POST', url: admin('/screens/delete'), payload: { ids: [screen.id] }, token: t.fixtures.tokens.admin });
    expect(again.status).toBe(404);
  });
});
