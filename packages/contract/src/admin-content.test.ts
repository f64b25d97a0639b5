import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGETS, AuditQuerySchema } from './admin';
import {
  ADMIN_CONTENT_PATHS,
  AdminArticleInputSchema,
  AdminArticleUpdateSchema,
  AdminCategoryInputSchema,
  AdminCategoryUpdateSchema,
  AdminContentMessage,
  AdminOrderQuerySchema,
  AdminPlanUpdateSchema,
  OrderResolveSchema,
} from './admin-content';

describe('admin content schemas', () => {
  it('reads category writes: trimmed names, the default sort, strict edits', () => {
    expect(AdminCategoryInputSchema.parse({ tree: 'screen', nameEn: ' Login ', nameCn: '登录', nameTw: '登入' })).toEqual({
      tree: 'screen',
      nameEn: 'Login',
      nameCn: '登录',
      nameTw: '登入',
      sort: 0,
    });
    expect(AdminCategoryInputSchema.safeParse({ tree: 'apps', nameEn: 'x', nameCn: 'x', nameTw: 'x' }).success).toBe(false);
    expect(AdminCategoryUpdateSchema.safeParse({ parentId: 9 }).success).toBe(true);
    expect(AdminCategoryUpdateSchema.safeParse({ kind: 'list' }).success).toBe(false);
  });

  it('requires English for a new article and never lets an edit remove it; covers are relative paths', () => {
    expect(AdminArticleInputSchema.parse({ texts: { enUS: { title: ' T ', content: '<p>x</p>' } } })).toMatchObject({
      texts: { enUS: { title: 'T' } },
      preview: '',
      published: false,
    });
    expect(AdminArticleInputSchema.safeParse({ texts: { zhCN: { title: 'T', content: '' } } }).success).toBe(false);
    expect(AdminArticleUpdateSchema.safeParse({ texts: { zhTW: null } }).success).toBe(true);
    expect(AdminArticleUpdateSchema.safeParse({ texts: { enUS: null } }).success).toBe(false);
    for (const preview of ['https://x.example/a.png', '/abs.webp', 'a/../b.webp', '//host/x', 'a b.webp']) {
      expect(AdminArticleUpdateSchema.safeParse({ preview }).success, preview).toBe(false);
    }
    expect(AdminArticleUpdateSchema.safeParse({ preview: 'articles/cover-1.webp' }).success).toBe(true);
  });

  it('takes prices as whole positive cents', () => {
    expect(AdminPlanUpdateSchema.parse({ money: 2800 })).toEqual({ money: 2800 });
    for (const money of [0, -1, 1.5, '100']) expect(AdminPlanUpdateSchema.safeParse({ money }).success, String(money)).toBe(false);
  });

  it('reads order filters from a query string', () => {
    expect(AdminOrderQuerySchema.parse({ status: '1', flagged: 'true', from: '2026-01-01', to: '2026-01-31T00:00:00Z' })).toEqual({
      status: 1,
      flagged: true,
      from: '2026-01-01',
      to: '2026-01-31T00:00:00Z',
      page: 1,
      pageSize: 20,
    });
    for (const query of [{ status: '5' }, { way: 'cash' }, { from: '01/02/2026' }, { flagged: '1' }, { email: ' ' }]) {
      expect(AdminOrderQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(OrderResolveSchema.safeParse({ resolution: 'refunded', note: 'done at the provider' }).success).toBe(true);
    expect(OrderResolveSchema.safeParse({ resolution: 'paid', note: 'done at the provider' }).success).toBe(false);
  });

  it('names the new audit actions and targets, which the audit filter accepts', () => {
    expect(AUDIT_TARGETS).toEqual(expect.arrayContaining(['category', 'article', 'plan', 'order']));
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining(['category.delete', 'article.publish', 'plan.update', 'order.resolve']));
    expect(AuditQuerySchema.parse({ targetType: 'order', action: 'order.resolve' })).toMatchObject({ targetType: 'order', action: 'order.resolve' });
  });

  it('builds the paths and messages the console uses', () => {
    expect(ADMIN_CONTENT_PATHS.orderResolve(7)).toBe('/orders/7/resolve');
    expect(AdminContentMessage.categoryInUse(1, 'list')).toContain('1 app or website');
    expect(AdminContentMessage.categoryInUse(3, 'screen')).toContain('3 screens');
  });
});
