import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './admin';
import { CurrencySchema, OrderStateSchema, PAY_WAYS } from './billing';
import { CATEGORY_ROOT, ID_MAX, LOCALES, MAX_PAGE_SIZE, ORDER_STATUS } from './constants';
import { listSchema } from './envelope';
import { DayOrInstantSchema, InstantSchema } from './validation';

/**
 * The admin console's content and money sections (issue 12; docs/decisions/041-admin-content-and-orders.md):
 * category trees, articles, plan prices and orders. Same rules as the rest of `/admin/*`
 * (admin.ts, decision 037): 401 to visitors and one 403 to members before any validation, every
 * write audited with before and after in its transaction.
 */

/** Paths below ADMIN_PATH (e.g. `${API_PREFIX}${ADMIN_PATH}${ADMIN_CONTENT_PATHS.categories}`). */
export const ADMIN_CONTENT_PATHS = {
  /** GET ?tree=list|screen|business|flow (the whole tree), POST (create). */
  categories: '/categories',
  /** PATCH (rename, re-sort, move), DELETE. */
  category: (id: number) => `/categories/${id}`,
  /** GET (paged, drafts too), POST (create). */
  articles: '/articles',
  /** GET (every language in full), PATCH, DELETE (only an unpublished article). */
  article: (id: number) => `/articles/${id}`,
  /** POST: take it off the Insights pages / put it back. */
  articleUnpublish: (id: number) => `/articles/${id}/unpublish`,
  articlePublish: (id: number) => `/articles/${id}/publish`,
  /** POST {html} → {html}: what saving would store. */
  articlePreview: '/articles/preview',
  /** GET. */
  plans: '/plans',
  /** PATCH the prices of one plan. */
  plan: (grade: number) => `/plans/${grade}`,
  /** GET (filtered, paged). */
  orders: '/orders',
  /** POST {resolution, note}: record how a flagged order was dealt with. */
  orderResolve: (id: number) => `/orders/${id}/resolve`,
} as const;

/** Messages of refusals in these sections (code 1001 for rules, 404 for missing targets, 400 for bad input). */
export const AdminContentMessage = {
  categoryMissing: 'Category not found.',
  categoryRoot: 'The roots of the trees (8, 9, 10 and 11) cannot be edited, moved or deleted.',
  parentOutsideTree: 'parentId: the parent must be a category of the same tree (or the tree root).',
  categoryCycle: 'parentId: a category cannot move below itself or one of its own subcategories.',
  categoryTooDeep: 'parentId: the tree would become deeper than the console allows.',
  categoryHasChildren: 'This category has subcategories: move or delete them first.',
  categoryInUse: (uses: number, tree: CategoryTree) =>
    `This category is still used by ${uses} ${USE_NOUNS[tree][uses === 1 ? 0 : 1]}: move them to another category first.`,
  articleMissing: 'Article not found.',
  articlePublished: 'A published article cannot be deleted: unpublish it first.',
  englishRequired: 'texts.enUS: the English title and text cannot be removed.',
  planMissing: 'Plan not found.',
  orderMissing: 'Order not found.',
  orderNotFlagged: 'Only an order flagged for review can be resolved.',
} as const;

const idField = z.coerce.number().int().min(1).max(ID_MAX);
const pageField = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeField = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE);
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

// ---- categories -------------------------------------------------------------------------------

/**
 * The category trees: list (app/site categories, root 9), screen (screen categories, root 11),
 * business (business-software categories, root 10), flow (flow types, root 8) and element (UI
 * elements tagged on screens, many per screen, root 7; issue 14).
 */
export const CATEGORY_TREES = ['list', 'screen', 'business', 'flow', 'element'] as const;
export type CategoryTree = (typeof CATEGORY_TREES)[number];
export const CategoryTreeSchema = z.enum(CATEGORY_TREES);
/** The root id of each tree (the roots themselves are fixed). */
export const CATEGORY_TREE_ROOT: Record<CategoryTree, number> = {
  list: CATEGORY_ROOT.list,
  screen: CATEGORY_ROOT.screen,
  business: CATEGORY_ROOT.business,
  flow: CATEGORY_ROOT.flow,
  element: CATEGORY_ROOT.element,
};
/** What a category of each tree is used by (one, several), for the in-use refusal. */
const USE_NOUNS: Record<CategoryTree, readonly [string, string]> = {
  list: ['app or website', 'apps or websites'],
  screen: ['screen', 'screens'],
  business: ['business product', 'business products'],
  flow: ['flow', 'flows'],
  element: ['screen', 'screens'],
};
/** How many levels a tree may have below its root (the public tree reader stops at 8). */
export const CATEGORY_MAX_DEPTH = 4;

const categoryNameField = z.string().trim().min(1).max(60);
const sortField = z.number().int().min(-1_000_000).max(1_000_000);

export const AdminCategoryTreeQuerySchema = z.object({ tree: CategoryTreeSchema });

/** A category as the console shows it. */
export type AdminCategory = {
  id: number;
  /** Its parent: the tree root (9 or 11) or another category of the tree. */
  preId: number;
  nameEn: string;
  nameCn: string;
  nameTw: string;
  sort: number;
  /** What uses it directly: apps/websites (list tree) or screens (screen tree). Subcategories' uses are not included. */
  uses: number;
  children: AdminCategory[];
};
export const AdminCategorySchema: z.ZodType<AdminCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    preId: z.number().int(),
    nameEn: z.string(),
    nameCn: z.string(),
    nameTw: z.string(),
    sort: z.number().int(),
    uses: z.number().int(),
    children: z.array(AdminCategorySchema),
  }),
);
AdminCategorySchema.register(z.globalRegistry, { id: 'AdminCategory' });

/** `GET /admin/categories?tree=`: the whole tree below its root, siblings by sort then id. */
export const AdminCategoryTreeReplySchema = z.object({
  tree: CategoryTreeSchema,
  rootId: z.number().int(),
  /** The categories directly below the root, each with its subtree. */
  arr: z.array(AdminCategorySchema),
  /** How many categories the tree holds (every level). */
  total: z.number().int(),
});
export type AdminCategoryTreeReply = z.infer<typeof AdminCategoryTreeReplySchema>;

/** `POST /admin/categories`: a new category (below the tree root unless parentId names one of the tree). */
export const AdminCategoryInputSchema = z.object({
  tree: CategoryTreeSchema,
  /** The parent: a category of the same tree, or the tree root; default the root. */
  parentId: idField.optional(),
  nameEn: categoryNameField,
  nameCn: categoryNameField,
  nameTw: categoryNameField,
  sort: sortField.default(0),
});
export type AdminCategoryInput = z.output<typeof AdminCategoryInputSchema>;

/** `PATCH /admin/categories/{id}`: names, sort, or a new parent in the same tree; at least one field. */
export const AdminCategoryUpdateSchema = z
  .object({
    parentId: idField,
    nameEn: categoryNameField,
    nameCn: categoryNameField,
    nameTw: categoryNameField,
    sort: sortField,
  })
  .partial()
  .strict();
export type AdminCategoryUpdate = z.output<typeof AdminCategoryUpdateSchema>;

/** The reply of a category write (no children: re-read the tree to show it). */
export const AdminCategoryRowSchema = z.object({
  id: z.number().int(),
  tree: CategoryTreeSchema,
  preId: z.number().int(),
  nameEn: z.string(),
  nameCn: z.string(),
  nameTw: z.string(),
  sort: z.number().int(),
  uses: z.number().int(),
});
export type AdminCategoryRow = z.infer<typeof AdminCategoryRowSchema>;

// ---- articles ---------------------------------------------------------------------------------

/** Longest article body accepted (HTML, before sanitising). */
export const ARTICLE_HTML_MAX = 200_000;
export const ARTICLE_TITLE_MAX = 200;

/** One language of an article: a plain-text title and its HTML (sanitised when saved). */
export const ArticleTextSchema = z.object({
  title: z.string().trim().min(1).max(ARTICLE_TITLE_MAX),
  content: z.string().max(ARTICLE_HTML_MAX),
});
export type ArticleText = z.infer<typeof ArticleTextSchema>;

/** A relative media path of the cover image (as stored for items' logos), or '' for none. */
const articlePreviewField = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || (/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value) && !value.includes('..') && !value.includes('//')), {
    message: 'preview: expected a relative media path (e.g. articles/cover.webp) or nothing',
  });

/** `POST /admin/articles`: English is required, Chinese texts optional; a draft unless published=true. */
export const AdminArticleInputSchema = z.object({
  texts: z.object({
    enUS: ArticleTextSchema,
    zhCN: ArticleTextSchema.optional(),
    zhTW: ArticleTextSchema.optional(),
  }),
  preview: articlePreviewField.default(''),
  publishedAt: InstantSchema.optional(),
  published: z.boolean().default(false),
});
export type AdminArticleInput = z.output<typeof AdminArticleInputSchema>;

/**
 * `PATCH /admin/articles/{id}`: any field, at least one. A language given is replaced whole; a
 * Chinese language set to null is removed (readers then get English); English cannot be removed.
 */
export const AdminArticleUpdateSchema = z
  .object({
    texts: z
      .object({
        enUS: ArticleTextSchema,
        zhCN: ArticleTextSchema.nullable(),
        zhTW: ArticleTextSchema.nullable(),
      })
      .partial()
      .strict(),
    preview: articlePreviewField,
    publishedAt: InstantSchema,
  })
  .partial()
  .strict();
export type AdminArticleUpdate = z.output<typeof AdminArticleUpdateSchema>;

const localeTexts = <T extends z.ZodType>(value: T) => z.object({ enUS: value, zhCN: value, zhTW: value });

/** An article with every language in full (null: the language is missing). */
export const AdminArticleSchema = z.object({
  id: z.number().int(),
  preview: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  /** When it was taken off the Insights pages; null while public. */
  unpublishedAt: z.string().nullable(),
  texts: localeTexts(ArticleTextSchema.nullable()),
});
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

/** A row of the console's article list: the titles only. */
export const AdminArticleListItemSchema = z.object({
  id: z.number().int(),
  preview: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  unpublishedAt: z.string().nullable(),
  titles: localeTexts(z.string().nullable()),
});
export type AdminArticleListItem = z.infer<typeof AdminArticleListItemSchema>;
export const AdminArticleListSchema = listSchema(AdminArticleListItemSchema);

/** `GET /admin/articles`: newest publication first. */
export const AdminArticleListQuerySchema = z.object({
  status: z.enum(['all', 'published', 'unpublished']).default('all'),
  page: pageField,
  pageSize: pageSizeField,
});
export type AdminArticleListQuery = z.output<typeof AdminArticleListQuerySchema>;

/** `POST /admin/articles/preview`: the HTML as saving would store it (the same sanitiser). */
export const ArticlePreviewInputSchema = z.object({ html: z.string().max(ARTICLE_HTML_MAX) });
export const ArticlePreviewReplySchema = z.object({ html: z.string() });

/** The languages of an article, in the order the console shows them. */
export const ARTICLE_LOCALES = LOCALES;

// ---- plans ------------------------------------------------------------------------------------

/** The highest price accepted, in cents (¥/$ 100,000). */
export const PLAN_PRICE_MAX_CENTS = 10_000_000;
const centsField = z.number().int().min(1).max(PLAN_PRICE_MAX_CENTS);

export const AdminPlanSchema = z.object({
  grade: z.number().int(),
  /** Months of membership it buys (fixed by the grade). */
  period: z.number().int(),
  /** CNY cents (WeChat Pay). */
  money: z.number().int(),
  /** USD cents (PayPal, card). */
  usdMoney: z.number().int(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;
export const AdminPlanListSchema = listSchema(AdminPlanSchema);

/**
 * `PATCH /admin/plans/{grade}`: new prices in cents, at least one. Orders already placed keep the
 * amount they were created with, and renewing subscriptions keep their own per-period amount.
 */
export const AdminPlanUpdateSchema = z.object({ money: centsField, usdMoney: centsField }).partial().strict();
export type AdminPlanUpdate = z.output<typeof AdminPlanUpdateSchema>;

// ---- orders -----------------------------------------------------------------------------------

/** How an admin dealt with an order flagged for review (recorded only: no money moves). */
export const ORDER_RESOLUTIONS = ['accepted', 'refunded', 'dismissed'] as const;
export type OrderResolution = (typeof ORDER_RESOLUTIONS)[number];

const orderStatusValues = Object.values(ORDER_STATUS) as number[];

/**
 * `GET /admin/orders`: newest first. `from`/`to` bound the creation time: an instant is taken as
 * it is (from inclusive, to exclusive); a day `to=2026-01-31` includes that whole day (UTC).
 */
export const AdminOrderQuerySchema = z.object({
  status: z.coerce
    .number()
    .int()
    .refine((value) => orderStatusValues.includes(value), { message: 'status: expected 0 (unpaid), 1 (paid), 2 (closed) or 3 (refunded)' })
    .optional(),
  way: z.enum(PAY_WAYS).optional(),
  from: DayOrInstantSchema.optional(),
  to: DayOrInstantSchema.optional(),
  /** true: only orders flagged for review. */
  flagged: queryBoolean.optional(),
  /** With flagged: true, false: only those not resolved yet / only resolved ones. */
  resolved: queryBoolean.optional(),
  /** A part of the member's e-mail address, any case. */
  email: z.string().trim().min(1).max(254).optional(),
  page: pageField,
  pageSize: pageSizeField,
});
export type AdminOrderQuery = z.output<typeof AdminOrderQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.number().int(),
  tno: z.string(),
  memberId: z.number().int(),
  email: z.string(),
  grade: z.number().int(),
  way: z.enum(PAY_WAYS),
  /** Who took the money: the way's provider or the sandbox. */
  provider: z.string(),
  /** Cents of `currency`, fixed when the order was created. */
  amount: z.number().int(),
  currency: CurrencySchema,
  /** ORDER_STATUS: 0 unpaid, 1 paid, 2 closed, 3 refunded. */
  status: z.number().int(),
  /** What became of it, as its member reads it in their order history (decision 051): unpaid, paid, failed, expired, refunded. */
  state: OrderStateSchema,
  renewal: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why a payment fact did not match (needs a person); null when not flagged. */
  reviewReason: z.string().nullable(),
  resolution: z.enum(ORDER_RESOLUTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The admin's e-mail address at the time. */
  resolvedBy: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderListSchema = listSchema(AdminOrderSchema);

/**
 * `POST /admin/orders/{id}/resolve`: record how a flagged order was dealt with and why. It changes
 * no money and no membership (a refund is made at the provider, whose notification then updates the
 * order); a later resolution replaces the earlier one, both stay in the audit log.
 */
export const OrderResolveSchema = z.object({
  resolution: z.enum(ORDER_RESOLUTIONS),
  note: z.string().trim().min(3).max(1000),
});
export type OrderResolve = z.output<typeof OrderResolveSchema>;
