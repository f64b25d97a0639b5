import { CATEGORY_ROOT } from '@shotlib/contract';
import { AdminMessage, type AdminItem, type AuditEntry } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS, AdminContentMessage, type AdminCategoryRow, type AdminCategoryTreeReply } from '@shotlib/contract/admin-content';
import { ADMIN_FLOW_PATHS as P, AdminFlowMessage, type AdminFlow } from '@shotlib/contract/admin-flows';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, category, flow, flowStep, preview } from '../../db/schema';
import { CATEGORY } from '../../test/fixtures';
import { adminUrl, type List, useTestApp } from '../../test/helpers';
import { call } from '../../test/test-app';

/**
 * The console's flow editor and business software (issue 13, decision 045), on PGlite and on
 * PostgreSQL: access, the flow and business category trees, flow create/replace/order/delete with
 * their audit rows and refusals, deleting screens that flows use, and the item's business flag.
 */
const t = useTestApp();

const admin = adminUrl;
const asAdmin = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  call<T>(t.app, { method, url: admin(path), ...(payload === undefined ? {} : { payload }), token: t.fixtures.tokens.admin });

async function auditOf(action: string): Promise<AuditEntry[]> {
  const reply = await asAdmin<List<AuditEntry>>('GET', `/audit?action=${action}&targetType=flow&pageSize=50`);
  expect(reply.status).toBe(200);
  return reply.body.data.arr;
}

/** Alpha's screens (by sort), the item the flows below are made of. */
async function alphaScreens(): Promise<number[]> {
  const rows = await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, t.fixtures.alphaId)).orderBy(asc(preview.sort), asc(preview.id));
  return rows.map((row) => row.id);
}

async function newCategory(tree: 'flow' | 'business', nameEn: string): Promise<number> {
  const reply = await asAdmin<AdminCategoryRow>('POST', ADMIN_CONTENT_PATHS.categories, { tree, nameEn, nameCn: `${nameEn}（简）`, nameTw: `${nameEn}（繁）` });
  expect(reply.body.code).toBe(0);
  return reply.body.data.id;
}

let signUp: number;
let checkout: number;
let crm: number;
beforeAll(async () => {
  // A missing flow or business root is created by the first category of its tree.
  signUp = await newCategory('flow', 'Console sign-up');
  checkout = await newCategory('flow', 'Console checkout');
  crm = await newCategory('business', 'Console CRM');
});

describe('access', () => {
  it('answers visitors 401 and members 403 on every flow route, before validation, and writes nothing', async () => {
    const routes = [
      { method: 'GET' as const, url: admin(P.itemFlows(t.fixtures.alphaId)) },
      { method: 'POST' as const, url: admin(P.itemFlows(t.fixtures.alphaId)), payload: { type: 'x' } },
      { method: 'PUT' as const, url: admin(P.flow(1)), payload: {} },
      { method: 'DELETE' as const, url: admin(P.flow(1)) },
      { method: 'PUT' as const, url: admin(P.flowOrder(t.fixtures.alphaId)), payload: { ids: 'x' } },
    ];
    const before = (await t.db.select().from(auditLog)).length;
    for (const route of routes) {
      const visitor = await call(t.app, route);
      expect(visitor.status, `${route.method} ${route.url}`).toBe(401);
      for (const token of [t.fixtures.tokens.regular, t.fixtures.tokens.vip]) {
        const member = await call(t.app, { ...route, token });
        expect(member.status, `${route.method} ${route.url}`).toBe(403);
        expect(member.body).toEqual({ code: 403, message: 'Forbidden', data: null });
      }
    }
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });
});

describe('category trees', () => {
  it('has the five roots (the flow, business and element ones created on demand) and lists each tree', async () => {
    const roots = await t.db.select().from(category).where(eq(category.preId, 0)).orderBy(asc(category.id));
    expect(roots.map((row) => [row.id, row.kind])).toEqual([
      [CATEGORY_ROOT.element, 'element'],
      [CATEGORY_ROOT.flow, 'flow'],
      [CATEGORY_ROOT.list, 'list'],
      [CATEGORY_ROOT.business, 'business'],
      [CATEGORY_ROOT.screen, 'screen'],
    ]);
    const inTree = async (tree: 'flow' | 'business') => {
      const reply = await asAdmin<AdminCategoryTreeReply>('GET', `${ADMIN_CONTENT_PATHS.categories}?tree=${tree}`);
      expect(reply.body.data).toMatchObject({ tree, rootId: CATEGORY_ROOT[tree] });
      const kinds = await t.db.select().from(category).where(eq(category.kind, tree));
      expect(reply.body.data.total).toBe(kinds.length - 1);
      return reply.body.data.arr;
    };
    const flows = await inTree('flow');
    expect(flows.filter((node) => node.id === signUp || node.id === checkout).map((node) => node.nameEn)).toEqual(['Console sign-up', 'Console checkout']);
    expect(flows.find((node) => node.id === signUp)).toMatchObject({ preId: CATEGORY_ROOT.flow, nameCn: 'Console sign-up（简）', uses: 0, children: [] });
    const business = await inTree('business');
    expect(business.find((node) => node.id === crm)).toMatchObject({ nameEn: 'Console CRM', uses: 0, preId: CATEGORY_ROOT.business });
    // A parent of another tree is refused; the new roots are fixed like the others.
    const outside = await asAdmin('POST', ADMIN_CONTENT_PATHS.categories, { tree: 'flow', parentId: CATEGORY.finance, nameEn: 'x', nameCn: 'x', nameTw: 'x' });
    expect(outside.body).toMatchObject({ code: 400, message: AdminContentMessage.parentOutsideTree });
    for (const root of [CATEGORY_ROOT.flow, CATEGORY_ROOT.business]) {
      expect((await asAdmin('DELETE', ADMIN_CONTENT_PATHS.category(root))).body.message).toBe(AdminContentMessage.categoryRoot);
    }
  });
});

describe('flows', () => {
  const input = (screens: number[], type = signUp) => ({
    type,
    name: ' Sign up ',
    nameCn: '注册',
    nameTw: '',
    steps: screens.map((previewId, index) => ({ previewId, caption: index === 0 ? 'Enter e-mail' : '', captionCn: index === 0 ? '输入邮箱' : null })),
  });

  it('creates, replaces, reorders and deletes flows; each write is audited and moves the catalogue on', async () => {
    const screens = await alphaScreens();
    const version = () => t.services.catalogCache.version;

    let seen = version();
    const created = await asAdmin<AdminFlow>('POST', P.itemFlows(t.fixtures.alphaId), input([screens[0]!, screens[1]!, screens[0]!]));
    expect(created.status).toBe(200);
    const first = created.body.data;
    expect(first).toMatchObject({ itemId: t.fixtures.alphaId, type: signUp, name: 'Sign up', nameCn: '注册', nameTw: null, sort: 1 });
    expect(first.steps.map((step) => [step.previewId, step.caption, step.captionCn, step.captionTw])).toEqual([
      [screens[0], 'Enter e-mail', '输入邮箱', null],
      [screens[1], '', null, null],
      [screens[0], '', null, null],
    ]);
    // The console's screens are signed like its screen list; the audit row keeps the media keys.
    expect(first.steps[0]!.path).toMatch(new RegExp(`^_s\\d+\\.[\\w-]{22}/shots/${t.fixtures.alphaId}/\\d+\\.webp$`));
    expect(version()).toBeGreaterThan(seen);
    const [createdAudit] = await auditOf('flow.create');
    expect(createdAudit).toMatchObject({ actorEmail: 'admin@example.com', targetType: 'flow', targetId: first.id, before: null });
    expect((createdAudit!.after as AdminFlow).steps[0]!.path).toMatch(/^shots\/\d+\/\d+\.webp$/);

    const second = (await asAdmin<AdminFlow>('POST', P.itemFlows(t.fixtures.alphaId), { ...input([screens[2]!], checkout), name: 'Pay' })).body.data;
    expect(second.sort).toBe(2);

    seen = version();
    const replaced = await asAdmin<AdminFlow>('PUT', P.flow(first.id), { ...input([screens[3]!, screens[4]!], checkout), name: 'Buy' });
    expect(replaced.body.data).toMatchObject({ id: first.id, type: checkout, name: 'Buy', sort: 1 });
    expect(replaced.body.data.steps.map((step) => step.previewId)).toEqual([screens[3], screens[4]]);
    expect(version()).toBeGreaterThan(seen);
    const [updateAudit] = await auditOf('flow.update');
    expect(updateAudit).toMatchObject({ targetId: first.id, before: { name: 'Sign up' }, after: { name: 'Buy' } });

    const ordered = await asAdmin<AdminFlow[]>('PUT', P.flowOrder(t.fixtures.alphaId), { ids: [second.id, first.id] });
    expect(ordered.body.data.map((row) => [row.id, row.sort])).toEqual([
      [second.id, 1],
      [first.id, 2],
    ]);
    const listed = await asAdmin<AdminFlow[]>('GET', P.itemFlows(t.fixtures.alphaId));
    expect(listed.body.data.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(listed.body.data[1]!.steps).toHaveLength(2);

    seen = version();
    const deleted = await asAdmin<AdminFlow>('DELETE', P.flow(second.id));
    expect(deleted.body.data).toMatchObject({ id: second.id, name: 'Pay' });
    expect(version()).toBeGreaterThan(seen);
    expect(await t.db.select().from(flowStep).where(eq(flowStep.flowId, second.id))).toEqual([]);
    const [deleteAudit] = await auditOf('flow.delete');
    expect(deleteAudit).toMatchObject({ targetId: second.id, before: { name: 'Pay' }, after: null });
    expect((await asAdmin('DELETE', P.flow(second.id))).body).toMatchObject({ code: 404, message: AdminFlowMessage.flowMissing });

    // The item reports its flows.
    expect((await asAdmin<AdminItem>('GET', `/items/${t.fixtures.alphaId}`)).body.data.flows).toBe(1);
    // A flow type in use cannot be deleted.
    const inUse = await asAdmin('DELETE', ADMIN_CONTENT_PATHS.category(checkout));
    expect(inUse.body).toMatchObject({ code: 1001, message: AdminContentMessage.categoryInUse(1, 'flow') });
  });

  it('refuses a type outside the flow tree, a screen of another item, bad orders and bad input', async () => {
    const screens = await alphaScreens();
    const other = await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, t.fixtures.appIds[1]!));
    const cases: Array<[string, 'POST' | 'PUT', string, object, number, string | RegExp]> = [
      ['list category as type', 'POST', P.itemFlows(t.fixtures.alphaId), input([screens[0]!], CATEGORY.finance), 400, AdminFlowMessage.unknownType],
      ['the flow root as type', 'POST', P.itemFlows(t.fixtures.alphaId), input([screens[0]!], CATEGORY_ROOT.flow), 400, AdminFlowMessage.unknownType],
      ['screen of another item', 'POST', P.itemFlows(t.fixtures.alphaId), input([screens[0]!, other[0]!.id]), 400, AdminFlowMessage.stepOutsideItem],
      ['no such screen', 'POST', P.itemFlows(t.fixtures.alphaId), input([999_999]), 400, AdminFlowMessage.stepOutsideItem],
      ['no steps', 'POST', P.itemFlows(t.fixtures.alphaId), input([]), 400, /steps/],
      ['no name', 'POST', P.itemFlows(t.fixtures.alphaId), { ...input([screens[0]!]), name: '  ' }, 400, /name/],
      ['type not a number', 'POST', P.itemFlows(t.fixtures.alphaId), { ...input([screens[0]!]), type: 'abc' }, 400, /type/],
      ['no such item', 'POST', P.itemFlows(999_999), input([screens[0]!]), 404, AdminMessage.itemMissing],
      ['no such flow', 'PUT', P.flow(999_999), input([screens[0]!]), 404, AdminFlowMessage.flowMissing],
      ['order of another item', 'PUT', P.flowOrder(t.fixtures.appIds[1]!), { ids: [1] }, 400, AdminFlowMessage.orderMismatch],
      ['order with a flow twice', 'PUT', P.flowOrder(t.fixtures.alphaId), { ids: [1, 1] }, 400, AdminFlowMessage.orderMismatch],
    ];
    const flows = (await t.db.select().from(flow)).length;
    for (const [label, method, path, payload, status, message] of cases) {
      const reply = await asAdmin(method, path, payload);
      expect(reply.status, label).toBe(status);
      expect(reply.body.code, label).not.toBe(0);
      expect(reply.body.message, label).toMatch(message);
    }
    expect((await t.db.select().from(flow)).length).toBe(flows);
    expect((await asAdmin('GET', P.itemFlows(999_999))).status).toBe(404);
  });

  it('mends flows when their screens are deleted: steps renumbered, a flow left empty deleted, each audited', async () => {
    const item = t.fixtures.appIds[2]!;
    const screens = (await t.db.select({ id: preview.id }).from(preview).where(eq(preview.itemId, item)).orderBy(asc(preview.sort))).map((row) => row.id);
    const [a, b] = screens as [number, number];
    const kept = (await asAdmin<AdminFlow>('POST', P.itemFlows(item), input([a, b, a, b]))).body.data;
    const emptied = (await asAdmin<AdminFlow>('POST', P.itemFlows(item), input([a, a]))).body.data;

    const reply = await asAdmin<{ deleted: number }>('POST', '/screens/delete', { ids: [a] });
    expect(reply.body.data).toEqual({ deleted: 1 });
    const steps = await t.db.select().from(flowStep).where(eq(flowStep.flowId, kept.id)).orderBy(asc(flowStep.position));
    expect(steps.map((step) => [step.position, step.previewId])).toEqual([
      [1, b],
      [2, b],
    ]);
    expect(await t.db.select().from(flow).where(eq(flow.id, emptied.id))).toEqual([]);
    expect((await auditOf('flow.update')).find((row) => row.targetId === kept.id)).toMatchObject({ before: { steps: [{}, {}, {}, {}] }, after: { steps: [{}, {}] } });
    expect((await auditOf('flow.delete')).find((row) => row.targetId === emptied.id)).toMatchObject({ after: null });
    expect((await asAdmin<AdminFlow[]>('GET', P.itemFlows(item))).body.data.map((row) => row.id)).toEqual([kept.id]);
  });
});

describe('business software', () => {
  const base = { name: 'Ledgerly', platform: true, business: true };

  it('creates, edits and lists business software with categories of the business tree', async () => {
    const created = await asAdmin<AdminItem>('POST', '/items', { ...base, group: [crm] });
    expect(created.body.data).toMatchObject({ business: true, platform: true, group: [crm], flows: 0 });
    const id = created.body.data.id;

    // A list category is not a business one (and the other way round).
    expect((await asAdmin('POST', '/items', { ...base, group: [CATEGORY.finance] })).body).toMatchObject({ code: 400, message: AdminMessage.unknownBusinessCategory });
    expect((await asAdmin('POST', '/items', { ...base, business: false, group: [crm] })).body).toMatchObject({ code: 400, message: AdminMessage.unknownCategory });

    const businessOnly = await asAdmin<List<AdminItem>>('GET', '/items?business=true');
    expect(businessOnly.body.data.arr.map((row) => row.id)).toEqual([id]);
    const others = await asAdmin<List<AdminItem>>('GET', '/items?business=false&pageSize=50');
    expect(others.body.data.arr.some((row) => row.id === id)).toBe(false);
    expect(others.body.data.total).toBe(t.fixtures.appIds.length + t.fixtures.siteIds.length);
    expect((await asAdmin('GET', '/items?business=maybe')).status).toBe(400);

    const inUse = await asAdmin('DELETE', ADMIN_CONTENT_PATHS.category(crm));
    expect(inUse.body).toMatchObject({ code: 1001, message: AdminContentMessage.categoryInUse(1, 'business') });

    // Back to an app: its business categories go (they belong to the other tree) unless new ones are sent.
    const app = await asAdmin<AdminItem>('PUT', `/items/${id}`, { business: false, platform: false });
    expect(app.body.data).toMatchObject({ business: false, platform: false, group: [] });
    const again = await asAdmin<AdminItem>('PUT', `/items/${id}`, { business: true, group: [crm] });
    expect(again.body.data).toMatchObject({ business: true, group: [crm] });
    const audit = await asAdmin<List<AuditEntry>>('GET', `/audit?action=item.update&targetId=${id}`);
    expect(audit.body.data.arr[0]).toMatchObject({ before: { business: false }, after: { business: true, group: [crm] } });
  });
});
