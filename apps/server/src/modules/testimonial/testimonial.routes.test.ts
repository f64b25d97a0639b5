import { API_PREFIX, ReplyCode } from '@shotlib/contract';
import type { AuditEntry } from '@shotlib/contract/admin';
import { ADMIN_TESTIMONIAL_PATHS as P, TestimonialMessage, type AdminTestimonial, type Testimonial } from '@shotlib/contract/testimonials';
import { describe, expect, it } from 'vitest';
import { auditLog, testimonial } from '../../db/schema';
import { adminUrl, type List, useTestApp } from '../../test/helpers';
import { call } from '../../test/test-app';

/**
 * Testimonials of the plans page (issue 29.6, decision 053): none to begin with, managed by admins
 * only (visitors 401, members 403, before validation), each write audited, read by everyone in their
 * language, in the console's order.
 */
const t = useTestApp();

const asAdmin = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  call<T>(t.app, { method, url: adminUrl(path), ...(payload === undefined ? {} : { payload }), token: t.fixtures.tokens.admin });
const publicList = async (locale: string) => (await call<List<Testimonial>>(t.app, { method: 'GET', url: `${API_PREFIX}/testimonials?locale=${locale}` })).body.data;
const auditOf = async (action: string) =>
  (await asAdmin<List<AuditEntry>>('GET', `/audit?action=${action}&targetType=testimonial&pageSize=50`)).body.data.arr;

describe('testimonials', () => {
  it('start empty: nothing ships, so the plans page shows none', async () => {
    expect(await t.db.select().from(testimonial)).toEqual([]);
    expect(await publicList('enUS')).toEqual({ arr: [], total: 0 });
  });

  it('answers visitors 401 and members 403 on every admin route, before validation, and writes nothing', async () => {
    const routes = [
      { method: 'GET' as const, url: adminUrl(P.list) },
      { method: 'POST' as const, url: adminUrl(P.list), payload: { quote: 1 } },
      { method: 'PUT' as const, url: adminUrl(P.one(1)), payload: {} },
      { method: 'DELETE' as const, url: adminUrl(P.one(1)) },
      { method: 'PUT' as const, url: adminUrl(P.order), payload: { ids: 'x' } },
    ];
    const before = (await t.db.select().from(auditLog)).length;
    for (const route of routes) {
      expect((await call(t.app, route)).status, `${route.method} ${route.url}`).toBe(401);
      for (const token of [t.fixtures.tokens.regular, t.fixtures.tokens.vip]) {
        const member = await call(t.app, { ...route, token });
        expect(member.status, `${route.method} ${route.url}`).toBe(403);
      }
    }
    expect((await t.db.select().from(auditLog)).length).toBe(before);
    expect(await t.db.select().from(testimonial)).toEqual([]);
  });

  it('refuses a missing quote or name, an unknown language and text too long, naming the field', async () => {
    for (const payload of [
      { locale: 'enUS', quote: '  ', name: 'Ann' },
      { locale: 'enUS', quote: 'Good', name: '' },
      { locale: 'frFR', quote: 'Bien', name: 'Anne' },
      { locale: 'enUS', quote: 'x'.repeat(401), name: 'Ann' },
    ]) {
      const reply = await asAdmin('POST', P.list, payload);
      expect(reply.status, JSON.stringify(payload)).toBe(400);
      expect(reply.body.code).toBe(ReplyCode.badRequest);
    }
    expect(await t.db.select().from(testimonial)).toEqual([]);
  });

  it('are created, edited, reordered and deleted by an admin, each audited, and read in the reader’s language in order', async () => {
    const first = (await asAdmin<AdminTestimonial>('POST', P.list, { locale: 'enUS', quote: ' Saved me a day. ', name: 'Ann Lee', role: 'Product designer' })).body.data;
    const second = (await asAdmin<AdminTestimonial>('POST', P.list, { locale: 'enUS', quote: 'Every paywall side by side.', name: 'Bo Chen' })).body.data;
    const chinese = (await asAdmin<AdminTestimonial>('POST', P.list, { locale: 'zhCN', quote: '省了很多时间。', name: '王芳', role: '设计师' })).body.data;
    expect(first).toMatchObject({ locale: 'enUS', quote: 'Saved me a day.', name: 'Ann Lee', role: 'Product designer', sort: 1 });
    expect(second).toMatchObject({ role: '', sort: 2 });
    expect(await publicList('enUS')).toEqual({
      arr: [
        { id: first.id, quote: 'Saved me a day.', name: 'Ann Lee', role: 'Product designer' },
        { id: second.id, quote: 'Every paywall side by side.', name: 'Bo Chen', role: '' },
      ],
      total: 2,
    });
    expect((await publicList('zhCN')).arr.map((row) => row.name)).toEqual(['王芳']);
    expect(await publicList('zhTW')).toEqual({ arr: [], total: 0 });
    const created = await auditOf('testimonial.create');
    expect(created.map((row) => row.targetId).sort()).toEqual([first.id, second.id, chinese.id].sort());
    expect(created.find((row) => row.targetId === first.id)).toMatchObject({ actorEmail: 'admin@example.com', before: null, after: { quote: 'Saved me a day.', name: 'Ann Lee' } });

    const edited = await asAdmin<AdminTestimonial>('PUT', P.one(second.id), { locale: 'enUS', quote: 'Every paywall, side by side.', name: 'Bo Chen', role: 'UX lead' });
    expect(edited.body.data).toMatchObject({ quote: 'Every paywall, side by side.', role: 'UX lead' });
    expect(await auditOf('testimonial.update')).toEqual([
      expect.objectContaining({ targetId: second.id, before: expect.objectContaining({ quote: 'Every paywall side by side.' }), after: expect.objectContaining({ role: 'UX lead' }) }),
    ]);

    const mismatch = await asAdmin('PUT', P.order, { ids: [second.id, first.id] });
    expect(mismatch.body).toEqual({ code: ReplyCode.rule, message: TestimonialMessage.orderMismatch, data: null });
    const ordered = await asAdmin<List<AdminTestimonial>>('PUT', P.order, { ids: [second.id, first.id, chinese.id] });
    expect(ordered.body.data.arr.map((row) => row.id)).toEqual([second.id, first.id, chinese.id]);
    expect((await publicList('enUS')).arr.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(await auditOf('testimonial.update')).toHaveLength(3); // the edit, then two moved places

    const deleted = await asAdmin<AdminTestimonial>('DELETE', P.one(first.id));
    expect(deleted.body.data.id).toBe(first.id);
    expect(await auditOf('testimonial.delete')).toEqual([expect.objectContaining({ targetId: first.id, after: null })]);
    const again = await asAdmin('DELETE', P.one(first.id));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: ReplyCode.notFound, message: TestimonialMessage.missing, data: null });
    expect((await asAdmin('PUT', P.one(first.id), { locale: 'enUS', quote: 'x', name: 'y' })).status).toBe(404);
    expect((await asAdmin<List<AdminTestimonial>>('GET', P.list)).body.data.arr.map((row) => row.id)).toEqual([second.id, chinese.id]);
  });
});
