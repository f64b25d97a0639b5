import { API_PREFIX, CATEGORY_ROOT, type Article, type ArticleListItem, type Category, type PayReply, type Plan } from '@shotlib/contract';
import { type AuditEntry, type AuditTarget } from '@shotlib/contract/admin';
import { ADMIN_CONTENT_PATHS as P, AdminContentMessage, type AdminArticle, type AdminArticleListItem, type AdminCategory, type AdminCategoryRow, type AdminCategoryTreeReply, type AdminOrder, type AdminPlan } from '@shotlib/contract/admin-content';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, category, item, itemCategory, order, paymentEvent, preview } from '../../db/schema';
import type { Handle } from '../../db/transaction';
import { CATEGORY } from '../../test/fixtures';
import { adminUrl, eventually, type List, useTestApp } from '../../test/helpers';
import { call } from '../../test/test-app';

/**
 * The admin console's category, article, plan and order calls (decision 041), on PGlite and on
 * PostgreSQL: access, happy paths, bad input, audit rows, and the public reads that follow.
 */
const t = useTestApp();

const admin = adminUrl;
const api = (path: string) => `${API_PREFIX}${path}`;
const asAdmin = <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  call<T>(t.app, { method, url: admin(path), ...(payload === undefined ? {} : { payload }), token: t.fixtures.tokens.admin });

async function auditOf(targetType: AuditTarget, targetId: number): Promise<AuditEntry[]> {
  const reply = await asAdmin<List<AuditEntry>>('GET', `/audit?targetType=${targetType}&targetId=${targetId}`);
  expect(reply.status).toBe(200);
  return reply.body.data.arr;
}

/** Every node of a tree, depth first. */
const flatten = (nodes: AdminCategory[]): AdminCategory[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);

async function tree(kind: 'list' | 'screen'): Promise<AdminCategoryTreeReply> {
  const reply = await asAdmin<AdminCategoryTreeReply>('GET', `${P.categories}?tree=${kind}`);
  expect(reply.status).toBe(200);
  expect(reply.body.code).toBe(0);
  return reply.body.data;
}

async function publicGroups(preId: number): Promise<Category[]> {
  const reply = await call<List<Category>>(t.app, { method: 'GET', url: api(`/group/child?preId=${preId}`) });
  expect(reply.body.code).toBe(0);
  const all = (nodes: Category[]): Category[] => nodes.flatMap((node) => [node, ...all(node.children)]);
  return all(reply.body.data.arr);
}

const article = {
  texts: {
    enUS: { title: '  Colour in checkout  ', content: '<h1>Big</h1><p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>' },
    zhCN: { title: '结账中的色彩', content: '<p>你好</p><iframe src="https://evil.example"></iframe>' },
  },
  preview: 'articles/checkout.webp',
};

describe('access', () => {
  const routes = () => [
    { method: 'GET' as const, url: admin(`${P.categories}?tree=list`) },
    { method: 'POST' as const, url: admin(P.categories), payload: { tree: 'nope' } },
    { method: 'PATCH' as const, url: admin(P.category(CATEGORY.tools)), payload: { sort: 'x' } },
    { method: 'DELETE' as const, url: admin(P.category(CATEGORY.tools)) },
    { method: 'GET' as const, url: admin(P.articles) },
    { method: 'GET' as const, url: admin(P.article(t.fixtures.articles.newer)) },
    { method: 'POST' as const, url: admin(P.articles), payload: {} },
    { method: 'PATCH' as const, url: admin(P.article(t.fixtures.articles.newer)), payload: {} },
    { method: 'POST' as const, url: admin(P.articleUnpublish(t.fixtures.articles.newer)) },
    { method: 'POST' as const, url: admin(P.articlePublish(t.fixtures.articles.newer)) },
    { method: 'DELETE' as const, url: admin(P.article(t.fixtures.articles.newer)) },
    { method: 'POST' as const, url: admin(P.articlePreview), payload: { html: 1 } },
    { method: 'GET' as const, url: admin(P.plans) },
    { method: 'PATCH' as const, url: admin(P.plan(3)), payload: { money: -1 } },
    { method: 'GET' as const, url: admin(`${P.orders}?status=9`) },
    { method: 'POST' as const, url: admin(P.orderResolve(1)), payload: { resolution: 'x' } },
  ];

  it('answers visitors 401 and members 403 with the same short envelope on every new route, before validation', async () => {
    for (const route of routes()) {
      const visitor = await call(t.app, route);
      expect(visitor.status, `${route.method} ${route.url}`).toBe(401);
      expect(visitor.body).toMatchObject({ code: 401, data: null });
      for (const token of [t.fixtures.tokens.regular, t.fixtures.tokens.vip, t.fixtures.tokens.lapsed]) {
        const member = await call(t.app, { ...route, token });
        expect(member.status, `${route.method} ${route.url}`).toBe(403);
        expect(member.body).toEqual({ code: 403, message: 'Forbidden', data: null });
      }
    }
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('categories', () => {
  it('lists each whole tree with three names, sort, children and uses', async () => {
    const list = await tree('list');
    expect(list).toMatchObject({ tree: 'list', rootId: CATEGORY_ROOT.list, total: 4 });
    // Siblings by sort then id: social (1, 102), tools (1, 103), finance (2).
    expect(list.arr.map((c) => c.id)).toEqual([CATEGORY.social, CATEGORY.tools, CATEGORY.finance]);
    const finance = list.arr.find((c) => c.id === CATEGORY.finance)!;
    expect(finance).toMatchObject({ nameEn: 'Finance', nameCn: '金融', nameTw: '金融', sort: 2, preId: CATEGORY_ROOT.list });
    expect(finance.children.map((c) => c.id)).toEqual([CATEGORY.banking]);
    const uses = async (categoryId: number) => (await t.db.select().from(itemCategory).where(eq(itemCategory.categoryId, categoryId))).length;
    expect(finance.uses).toBe(await uses(CATEGORY.finance));
    expect(list.arr.find((c) => c.id === CATEGORY.social)!.uses).toBe(await uses(CATEGORY.social));
    expect(finance.uses).toBeGreaterThan(0);

    const screen = await tree('screen');
    expect(screen).toMatchObject({ tree: 'screen', rootId: CATEGORY_ROOT.screen, total: 2 });
    const logins = (await t.db.select().from(preview).where(eq(preview.categoryId, CATEGORY.screenLogin))).length;
    expect(screen.arr.find((c) => c.id === CATEGORY.screenLogin)!.uses).toBe(logins);
  });

  it('creates, renames, moves and deletes a category; each write is audited and the next public read shows it', async () => {
    // Warm the public cache.
    expect((await publicGroups(CATEGORY_ROOT.list)).some((c) => c.nameEn === 'Travel')).toBe(false);
    expect((await publicGroups(CATEGORY_ROOT.list)).some((c) => c.nameEn === 'Travel')).toBe(false);

    const created = await asAdmin<AdminCategoryRow>('POST', P.categories, { tree: 'list', nameEn: ' Travel ', nameCn: '旅行', nameTw: '旅行', sort: 5 });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ tree: 'list', preId: CATEGORY_ROOT.list, nameEn: 'Travel', sort: 5, uses: 0 });
    expect((await publicGroups(CATEGORY_ROOT.list)).find((c) => c.id === id)).toMatchObject({ nameEn: 'Travel', preId: CATEGORY_ROOT.list });
    const [createdRow] = await auditOf('category', id);
    expect(createdRow).toMatchObject({ action: 'category.create', actorEmail: 'admin@example.com', before: null, after: { id, nameEn: 'Travel' } });

    // Rename: the next read of /group/child shows it.
    const renamed = await asAdmin<AdminCategoryRow>('PATCH', P.category(id), { nameEn: 'Trips', nameTw: '旅遊', sort: 0 });
    expect(renamed.body.data).toMatchObject({ id, nameEn: 'Trips', nameCn: '旅行', nameTw: '旅遊', sort: 0 });
    expect((await publicGroups(CATEGORY_ROOT.list)).find((c) => c.id === id)).toMatchObject({ nameEn: 'Trips', nameTw: '旅遊' });
    const [renameRow] = await auditOf('category', id);
    expect(renameRow).toMatchObject({ action: 'category.update', before: { nameEn: 'Travel', sort: 5 }, after: { nameEn: 'Trips', sort: 0 } });

    // Move below Finance, then back to the root.
    const moved = await asAdmin<AdminCategoryRow>('PATCH', P.category(id), { parentId: CATEGORY.finance });
    expect(moved.body.data.preId).toBe(CATEGORY.finance);
    expect((await publicGroups(CATEGORY_ROOT.list)).find((c) => c.id === id)!.preId).toBe(CATEGORY.finance);
    const finance = (await tree('list')).arr.find((c) => c.id === CATEGORY.finance)!;
    expect(finance.children.map((c) => c.id)).toContain(id);
    expect((await asAdmin<AdminCategoryRow>('PATCH', P.category(id), { parentId: CATEGORY_ROOT.list })).body.data.preId).toBe(CATEGORY_ROOT.list);

    // Delete: gone from the next public read.
    const deleted = await asAdmin<AdminCategoryRow>('DELETE', P.category(id));
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(id);
    expect((await publicGroups(CATEGORY_ROOT.list)).some((c) => c.id === id)).toBe(false);
    const [deleteRow] = await auditOf('category', id);
    expect(deleteRow).toMatchObject({ action: 'category.delete', before: { id, nameEn: 'Trips' }, after: null });
  });

  it('renames a screen category; a rename written outside the console (SQL, another process) reaches the cached tree too', async () => {
    expect((await publicGroups(CATEGORY_ROOT.screen)).find((c) => c.id === CATEGORY.screenHome)!.nameEn).toBe('Home');
    const edited = await asAdmin<AdminCategoryRow>('PATCH', P.category(CATEGORY.screenHome), { nameEn: 'Home feed' });
    expect(edited.body.data.tree).toBe('screen');
    expect((await publicGroups(CATEGORY_ROOT.screen)).find((c) => c.id === CATEGORY.screenHome)!.nameEn).toBe('Home feed');

    // Not through the console: only the table's trigger (migration 0007) tells the cache.
    await t.db.update(category).set({ nameEn: 'Home screen' }).where(eq(category.id, CATEGORY.screenHome));
    await eventually(async () => (await publicGroups(CATEGORY_ROOT.screen)).find((c) => c.id === CATEGORY.screenHome)!.nameEn === 'Home screen');
  });

  it('creates below a category of the same tree, and refuses cycles, other trees, roots and too deep trees', async () => {
    const child = await asAdmin<AdminCategoryRow>('POST', P.categories, { tree: 'list', parentId: CATEGORY.banking, nameEn: 'Cards', nameCn: '卡', nameTw: '卡' });
    expect(child.body.data).toMatchObject({ preId: CATEGORY.banking, sort: 0 });
    const cards = child.body.data.id;

    const refusals: Array<[string, 'POST' | 'PATCH' | 'DELETE', string, object | undefined, number, string]> = [
      ['cycle: below its own child', 'PATCH', P.category(CATEGORY.finance), { parentId: cards }, 400, AdminContentMessage.categoryCycle],
      ['cycle: below itself', 'PATCH', P.category(CATEGORY.finance), { parentId: CATEGORY.finance }, 400, AdminContentMessage.categoryCycle],
      ['other tree', 'PATCH', P.category(CATEGORY.tools), { parentId: CATEGORY.screenLogin }, 400, AdminContentMessage.parentOutsideTree],
      ['other root', 'PATCH', P.category(CATEGORY.tools), { parentId: CATEGORY_ROOT.screen }, 400, AdminContentMessage.parentOutsideTree],
      ['create in other tree', 'POST', P.categories, { tree: 'screen', parentId: CATEGORY.finance, nameEn: 'x', nameCn: 'x', nameTw: 'x' }, 400, AdminContentMessage.parentOutsideTree],
      ['move a root', 'PATCH', P.category(CATEGORY_ROOT.list), { parentId: CATEGORY.tools }, 200, AdminContentMessage.categoryRoot],
      ['rename a root', 'PATCH', P.category(CATEGORY_ROOT.screen), { nameEn: 'x' }, 200, AdminContentMessage.categoryRoot],
      ['delete a root', 'DELETE', P.category(CATEGORY_ROOT.list), undefined, 200, AdminContentMessage.categoryRoot],
      ['delete with children', 'DELETE', P.category(CATEGORY.finance), undefined, 200, AdminContentMessage.categoryHasChildren],
      ['delete in use (items)', 'DELETE', P.category(CATEGORY.tools), undefined, 200, 'This category is still used by'],
      ['delete in use (screens)', 'DELETE', P.category(CATEGORY.screenLogin), undefined, 200, 'screens: move them to another category first.'],
      ['missing', 'PATCH', P.category(424242), { sort: 1 }, 404, AdminContentMessage.categoryMissing],
    ];
    for (const [label, method, path, payload, status, message] of refusals) {
      const reply = await asAdmin(method, path, payload);
      expect(reply.status, label).toBe(status);
      expect(reply.body.code, label).not.toBe(0);
      expect(reply.body.message, label).toContain(message);
    }

    // Four levels at most: root > finance > banking > cards > level 4 is fine, level 5 is not.
    const level4 = await asAdmin<AdminCategoryRow>('POST', P.categories, { tree: 'list', parentId: cards, nameEn: 'Debit', nameCn: '借', nameTw: '借' });
    expect(level4.body.code).toBe(0);
    const tooDeep = await asAdmin('POST', P.categories, { tree: 'list', parentId: level4.body.data.id, nameEn: 'x', nameCn: 'x', nameTw: 'x' });
    expect(tooDeep.body.message).toBe(AdminContentMessage.categoryTooDeep);
    // Moving Finance (3 levels deep) below Tools would make 5.
    const deepMove = await asAdmin('PATCH', P.category(CATEGORY.finance), { parentId: CATEGORY.tools });
    expect(deepMove.body.message).toBe(AdminContentMessage.categoryTooDeep);

    // Nothing refused was written.
    const finance = await auditOf('category', CATEGORY.finance);
    expect(finance).toEqual([]);
  });

  it('refuses malformed input with a 400 envelope', async () => {
    const bad: Array<[string, 'GET' | 'POST' | 'PATCH', string, object | undefined]> = [
      ['unknown tree', 'GET', `${P.categories}?tree=apps`, undefined],
      ['no tree', 'GET', P.categories, undefined],
      ['empty name', 'POST', P.categories, { tree: 'list', nameEn: ' ', nameCn: 'x', nameTw: 'x' }],
      ['missing name', 'POST', P.categories, { tree: 'list', nameEn: 'x', nameCn: 'x' }],
      ['sort not an integer', 'POST', P.categories, { tree: 'list', nameEn: 'x', nameCn: 'x', nameTw: 'x', sort: 1.5 }],
      ['unknown field', 'PATCH', P.category(CATEGORY.tools), { kind: 'screen' }],
      ['empty edit', 'PATCH', P.category(CATEGORY.tools), {}],
      ['bad id', 'PATCH', '/categories/abc', { sort: 1 }],
    ];
    for (const [label, method, path, payload] of bad) {
      const reply = await asAdmin(method, path, payload);
      expect(reply.status, label).toBe(400);
      expect(reply.body.code, label).toBe(400);
      expect(reply.body.message, label).toBeTruthy();
    }
  });
});

describe('articles', () => {
  it('creates a draft (sanitised, hidden from readers), edits it, publishes it, unpublishes and deletes it, all audited', async () => {
    const created = await asAdmin<AdminArticle>('POST', P.articles, article);
    expect(created.status).toBe(200);
    const a = created.body.data;
    expect(a.unpublishedAt).not.toBeNull();
    expect(a.preview).toBe('articles/checkout.webp');
    expect(a.texts.enUS!.title).toBe('Colour in checkout');
    expect(a.texts.enUS!.content).toBe('<h2>Big</h2><p>Hi <a rel="noopener noreferrer">x</a></p>');
    expect(a.texts.zhCN!.content).toBe('<p>你好</p>');
    expect(a.texts.zhTW).toBeNull();
    const [createRow] = await auditOf('article', a.id);
    expect(createRow).toMatchObject({ action: 'article.create', before: null, after: { id: a.id } });

    // A draft is not public.
    expect((await call(t.app, { method: 'GET', url: api(`/article/${a.id}`) })).status).toBe(404);
    const publicList = async () => (await call<List<ArticleListItem>>(t.app, { method: 'GET', url: api('/article') })).body.data.arr.map((x) => x.id);
    expect(await publicList()).not.toContain(a.id);

    // The console lists it, with its titles.
    const drafts = await asAdmin<List<AdminArticleListItem>>('GET', `${P.articles}?status=unpublished`);
    expect(drafts.body.data.arr.find((x) => x.id === a.id)!.titles).toEqual({ enUS: 'Colour in checkout', zhCN: '结账中的色彩', zhTW: null });
    const all = await asAdmin<List<AdminArticleListItem>>('GET', P.articles);
    expect(all.body.data.total).toBe(3);

    // Edit: add Traditional Chinese, drop Simplified, change the cover.
    const edited = await asAdmin<AdminArticle>('PATCH', P.article(a.id), {
      texts: { zhTW: { title: '結帳中的色彩', content: '<p>你好<img src="x.webp" onerror="alert(1)"></p>' }, zhCN: null },
      preview: '',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.texts.zhCN).toBeNull();
    expect(edited.body.data.texts.zhTW).toEqual({ title: '結帳中的色彩', content: '<p>你好<img src="x.webp" loading="lazy" /></p>' });
    expect(edited.body.data.texts.enUS).toEqual(a.texts.enUS);
    expect(edited.body.data.preview).toBe('');
    const [editRow] = await auditOf('article', a.id);
    expect(editRow).toMatchObject({ action: 'article.update', before: { texts: { zhCN: { title: '结账中的色彩' }, zhTW: null } }, after: { texts: { zhCN: null } } });

    // The full texts.
    const full = await asAdmin<AdminArticle>('GET', P.article(a.id));
    expect(full.body.data).toEqual(edited.body.data);

    // Publish: readers get it, in Traditional Chinese too.
    const published = await asAdmin<AdminArticle>('POST', P.articlePublish(a.id));
    expect(published.body.data.unpublishedAt).toBeNull();
    const read = await call<Article>(t.app, { method: 'GET', url: api(`/article/${a.id}?lang=zhTW`) });
    expect(read.body.data).toMatchObject({ id: a.id, title: '結帳中的色彩' });
    expect(await publicList()).toContain(a.id);

    // A published article cannot be deleted.
    const refused = await asAdmin('DELETE', P.article(a.id));
    expect(refused.body).toMatchObject({ code: 1001, message: AdminContentMessage.articlePublished });

    // Unpublish, then delete.
    expect((await asAdmin<AdminArticle>('POST', P.articleUnpublish(a.id))).body.data.unpublishedAt).not.toBeNull();
    expect(await publicList()).not.toContain(a.id);
    const deleted = await asAdmin<AdminArticle>('DELETE', P.article(a.id));
    expect(deleted.body.data.id).toBe(a.id);
    expect((await asAdmin('GET', P.article(a.id))).status).toBe(404);
    expect((await auditOf('article', a.id)).map((row) => row.action)).toEqual([
      'article.delete',
      'article.unpublish',
      'article.publish',
      'article.update',
      'article.create',
    ]);
  });

  it('creates a published article when asked, and shows existing articles with every language', async () => {
    const created = await asAdmin<AdminArticle>('POST', P.articles, { ...article, published: true, publishedAt: '2026-01-02T03:04:05.000Z' });
    expect(created.body.data).toMatchObject({ unpublishedAt: null, publishedAt: '2026-01-02T03:04:05.000Z' });
    expect((await call(t.app, { method: 'GET', url: api(`/article/${created.body.data.id}`) })).status).toBe(200);

    const existing = await asAdmin<AdminArticle>('GET', P.article(t.fixtures.articles.newer));
    expect(existing.body.data.texts).toEqual({
      enUS: { title: 'Colour in onboarding', content: '<p>en</p>' },
      zhCN: { title: '引导页中的色彩', content: '<p>cn</p>' },
      zhTW: null,
    });
  });

  it('previews HTML through the save sanitiser', async () => {
    const html = '<h4>t</h4><p style="color:red">a<script>x</script></p><a href="https://e.example">l</a>';
    const reply = await asAdmin<{ html: string }>('POST', P.articlePreview, { html });
    expect(reply.status).toBe(200);
    expect(reply.body.data.html).toBe('<h3>t</h3><p>a</p><a href="https://e.example" rel="noopener noreferrer">l</a>');
  });

  it('refuses bad input (400), English removal, and missing articles (404)', async () => {
    const id = t.fixtures.articles.older;
    const bad: Array<[string, 'POST' | 'PATCH', string, object]> = [
      ['no English', 'POST', P.articles, { texts: { zhCN: { title: 'x', content: '' } } }],
      ['empty title', 'POST', P.articles, { texts: { enUS: { title: '  ', content: '' } } }],
      ['unknown locale', 'PATCH', P.article(id), { texts: { fr: { title: 'x', content: '' } } }],
      ['remove English', 'PATCH', P.article(id), { texts: { enUS: null } }],
      ['empty edit', 'PATCH', P.article(id), {}],
      ['bad cover', 'PATCH', P.article(id), { preview: 'https://evil.example/x.png' }],
      ['cover escaping', 'PATCH', P.article(id), { preview: 'articles/../../etc/passwd' }],
      ['bad date', 'PATCH', P.article(id), { publishedAt: 'soon' }],
      ['unknown field', 'PATCH', P.article(id), { unpublishedAt: null }],
      ['preview without html', 'POST', P.articlePreview, {}],
      ['preview too long', 'POST', P.articlePreview, { html: 'x'.repeat(200_001) }],
    ];
    for (const [label, method, path, payload] of bad) {
      const reply = await asAdmin(method, path, payload);
      expect(reply.status, label).toBe(400);
      expect(reply.body.code, label).toBe(400);
    }
    expect((await asAdmin('PATCH', P.article(424242), { preview: '' })).status).toBe(404);
    expect((await asAdmin('GET', P.article(424242))).status).toBe(404);
    expect(await auditOf('article', id)).toEqual([]);
  });
});

describe('plans', () => {
  it('lists plans and changes prices; orders already placed keep their amount, new ones take the new price', async () => {
    const plans = await asAdmin<List<AdminPlan>>('GET', P.plans);
    expect(plans.body.data.arr).toEqual([
      { grade: 1, period: 12, money: 19800, usdMoney: 2999 },
      { grade: 2, period: 3, money: 5800, usdMoney: 899 },
      { grade: 3, period: 1, money: 2500, usdMoney: 399 },
    ]);

    const pay = (way: string) => call<PayReply>(t.app, { method: 'GET', url: api(`/pay?way=${way}&grade=3`), token: t.fixtures.tokens.regular });
    const before = await pay('wechat');
    expect(before.body.data).toMatchObject({ amount: 2500, currency: 'CNY' });

    const changed = await asAdmin<AdminPlan>('PATCH', P.plan(3), { money: 2800, usdMoney: 449 });
    expect(changed.body.data).toEqual({ grade: 3, period: 1, money: 2800, usdMoney: 449 });
    const [row] = await auditOf('plan', 3);
    expect(row).toMatchObject({ action: 'plan.update', before: { money: 2500, usdMoney: 399 }, after: { money: 2800, usdMoney: 449 } });

    // The public plan list shows the new prices.
    const publicPlans = await call<List<Plan>>(t.app, { method: 'GET', url: api('/grade') });
    expect(publicPlans.body.data.arr.find((p) => p.grade === 3)).toMatchObject({ money: 2800, usdMoney: 449 });

    // The order placed before keeps its amount; a new one takes the new price.
    const [old] = await t.db.select().from(order).where(eq(order.tno, before.body.data.tno));
    expect(old!.amount).toBe(2500);
    const after = await pay('wechat');
    expect(after.body.data).toMatchObject({ amount: 2800, currency: 'CNY' });
    const listed = await asAdmin<List<AdminOrder>>('GET', `${P.orders}?email=member@`);
    expect(listed.body.data.arr.find((o) => o.tno === before.body.data.tno)!.amount).toBe(2500);
  });

  it('refuses bad prices (400), an empty edit (400) and unknown grades', async () => {
    for (const [label, path, payload] of [
      ['negative', P.plan(1), { money: -1 }],
      ['zero', P.plan(1), { usdMoney: 0 }],
      ['fraction', P.plan(1), { money: 19.99 }],
      ['string', P.plan(1), { money: '1999' }],
      ['empty', P.plan(1), {}],
      ['unknown field', P.plan(1), { period: 6 }],
      ['grade 4', P.plan(4), { money: 100 }],
      ['grade 0', '/plans/0', { money: 100 }],
    ] as const) {
      const reply = await asAdmin('PATCH', path, payload);
      expect(reply.status, label).toBe(400);
      expect(reply.body.code, label).toBe(400);
    }
    expect(await auditOf('plan', 1)).toEqual([]);
  });
});

describe('orders', () => {
  let flagged: number;
  let paid: number;
  beforeAll(async () => {
    const db: Handle = t.db;
    const rows = await db
      .insert(order)
      .values([
        {
          tno: 'T20260101ADMINORDER000001',
          memberId: t.fixtures.members.vip,
          grade: 1,
          way: 'paypal',
          provider: 'sandbox',
          amount: 2999,
          currency: 'USD',
          status: 1,
          paidAt: new Date('2026-01-01T10:00:00Z'),
          createdAt: new Date('2026-01-01T09:59:00Z'),
        },
        {
          tno: 'T20260115ADMINORDER000002',
          memberId: t.fixtures.members.lapsed,
          grade: 3,
          way: 'wechat',
          provider: 'sandbox',
          amount: 2500,
          currency: 'CNY',
          status: 0,
          reviewReason: 'amount mismatch: paid 100 CNY',
          createdAt: new Date('2026-01-15T12:00:00Z'),
        },
      ])
      .returning({ id: order.id });
    paid = rows[0]!.id;
    flagged = rows[1]!.id;
  });

  const list = async (query: string) => {
    const reply = await asAdmin<List<AdminOrder>>('GET', `${P.orders}${query}`);
    expect(reply.status, query).toBe(200);
    return reply.body.data;
  };

  it('lists orders with their member, filtered by status, way, dates, flag and e-mail, paged', async () => {
    const byTno = (rows: AdminOrder[]) => rows.map((o) => o.tno);
    const paidRow = (await list('?status=1&way=paypal')).arr.find((o) => o.id === paid)!;
    expect(paidRow).toMatchObject({
      tno: 'T20260101ADMINORDER000001',
      email: 'vip@example.com',
      grade: 1,
      way: 'paypal',
      amount: 2999,
      currency: 'USD',
      status: 1,
      paidAt: '2026-01-01T10:00:00.000Z',
      reviewReason: null,
      resolution: null,
      resolvedBy: null,
    });
    expect(byTno((await list('?flagged=true')).arr)).toEqual(['T20260115ADMINORDER000002']);
    expect((await list('?flagged=true')).arr[0]).toMatchObject({ reviewReason: 'amount mismatch: paid 100 CNY', email: 'lapsed@example.com' });
    expect(byTno((await list('?email=LAPSED')).arr)).toEqual(['T20260115ADMINORDER000002']);
    expect(byTno((await list('?from=2026-01-01&to=2026-01-01')).arr)).toEqual(['T20260101ADMINORDER000001']);
    expect(byTno((await list('?from=2026-01-02&to=2026-01-31')).arr)).toEqual(['T20260115ADMINORDER000002']);
    expect(byTno((await list('?from=2026-01-15T12:00:01Z&to=2026-02-01T00:00:00%2B08:00')).arr)).toEqual([]);
    expect((await list('?status=0&way=paypal&flagged=true')).total).toBe(0);
    const page = await list('?to=2026-02-01&pageSize=1&page=2');
    expect(page).toMatchObject({ total: 2 });
    expect(byTno(page.arr)).toEqual(['T20260101ADMINORDER000001']);
  });

  it('records who resolved a flagged order and why, audited, without touching money', async () => {
    const reply = await asAdmin<AdminOrder>('POST', P.orderResolve(flagged), { resolution: 'refunded', note: 'Refunded 100 CNY by hand in the WeChat Pay console.' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      id: flagged,
      status: 0,
      amount: 2500,
      resolution: 'refunded',
      resolutionNote: 'Refunded 100 CNY by hand in the WeChat Pay console.',
      resolvedBy: 'admin@example.com',
    });
    expect(reply.body.data.resolvedAt).not.toBeNull();
    const [row] = await auditOf('order', flagged);
    expect(row).toMatchObject({
      action: 'order.resolve',
      reason: 'Refunded 100 CNY by hand in the WeChat Pay console.',
      before: { resolution: null },
      after: { resolution: 'refunded', resolvedBy: 'admin@example.com' },
    });
    expect((await list('?flagged=true&resolved=false')).total).toBe(0);
    expect((await list('?flagged=true&resolved=true')).arr.map((o) => o.id)).toEqual([flagged]);
    // The lapsed member's membership is untouched.
    const lapsed = await asAdmin<List<{ id: number; vip: boolean }>>('GET', '/members?email=lapsed@');
    expect(lapsed.body.data.arr[0]!.vip).toBe(false);
  });

  it('refuses to resolve an order that is not flagged (a rule), a missing one (404) and bad input (400)', async () => {
    const notFlagged = await asAdmin('POST', P.orderResolve(paid), { resolution: 'accepted', note: 'looks fine' });
    expect(notFlagged.body).toMatchObject({ code: 1001, message: AdminContentMessage.orderNotFlagged });
    expect((await asAdmin('POST', P.orderResolve(424242), { resolution: 'accepted', note: 'looks fine' })).status).toBe(404);
    for (const [label, path, payload] of [
      ['unknown resolution', P.orderResolve(flagged), { resolution: 'paid', note: 'looks fine' }],
      ['no note', P.orderResolve(flagged), { resolution: 'accepted' }],
      ['short note', P.orderResolve(flagged), { resolution: 'accepted', note: ' a ' }],
      ['bad id', '/orders/x/resolve', { resolution: 'accepted', note: 'looks fine' }],
    ] as const) {
      const reply = await asAdmin('POST', path, payload);
      expect(reply.status, label).toBe(400);
      expect(reply.body.code, label).toBe(400);
    }
    for (const query of ['?status=4', '?way=cash', '?from=yesterday', '?flagged=yes', '?pageSize=500', '?email=']) {
      const reply = await asAdmin('GET', `${P.orders}${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.code, query).toBe(400);
    }
    expect(await auditOf('order', paid)).toEqual([]);
  });
  it("shows each order's state as its member's order history does (decision 051): unpaid, paid, failed, expired, refunded", async () => {
    const db: Handle = t.db;
    const now = Date.now();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
    const base = { memberId: t.fixtures.members.regular, grade: 3, way: 'paypal' as const, provider: 'sandbox' as const, amount: 499, currency: 'USD' as const };
    const cases = [
      { tno: 'T20261201STATE000000000001', status: 0, createdAt: hoursAgo(1), state: 'unpaid' },
      { tno: 'T20261201STATE000000000002', status: 0, createdAt: hoursAgo(72), state: 'expired' },
      { tno: 'T20261201STATE000000000003', status: 1, createdAt: hoursAgo(2), paidAt: hoursAgo(2), state: 'paid' },
      // Closed with a provider's failure in the ledger: Failed, however old.
      { tno: 'T20261201STATE000000000004', status: 2, createdAt: hoursAgo(72), state: 'failed' },
      // Closed by reconciliation past its window, no failure: Expired.
      { tno: 'T20261201STATE000000000005', status: 2, createdAt: hoursAgo(72), state: 'expired' },
      { tno: 'T20261201STATE000000000006', status: 3, createdAt: hoursAgo(5), paidAt: hoursAgo(5), state: 'refunded' },
    ] as const;
    await db.insert(order).values(cases.map(({ state: _state, ...row }) => ({ ...base, ...row })));
    await db.insert(paymentEvent).values({ provider: 'sandbox', eventId: 'sandbox-fail-state-4', kind: 'failed', tno: cases[3].tno, payload: {}, outcome: 'applied' });

    const listed = await list('?email=member@&pageSize=50');
    const stateOf = new Map(listed.arr.map((o) => [o.tno, o.state]));
    for (const expected of cases) expect(stateOf.get(expected.tno), expected.tno).toBe(expected.state);
    // The raw status stays beside it.
    expect(listed.arr.find((o) => o.tno === cases[4].tno)).toMatchObject({ status: 2, state: 'expired' });
    // The flagged order resolved above reads the same through the resolve reply.
    const resolved = await asAdmin<AdminOrder>('POST', P.orderResolve(flagged), { resolution: 'dismissed', note: 'Checked again, nothing to do.' });
    expect(resolved.body.data).toMatchObject({ status: 0, state: 'expired' });
  });
});

describe('items keep their categories', () => {
  it('counts an item added to a category in its uses', async () => {
    const before = (await tree('list')).arr.find((c) => c.id === CATEGORY.social)!.uses;
    const db: Handle = t.db;
    const [added] = await db.insert(item).values({ isSite: false, name: 'Counted', logo: '' }).returning({ id: item.id });
    await t.db.insert(itemCategory).values({ itemId: added!.id, categoryId: CATEGORY.social });
    const flat = flatten((await tree('list')).arr);
    expect(flat.find((c) => c.id === CATEGORY.social)!.uses).toBe(before + 1);
  });
});
