import { AUDIT_TARGETS } from '@shotlib/contract/admin';
import { CATEGORY_TREES, ORDER_RESOLUTIONS } from '@shotlib/contract/admin-content';
import { LOCALES, MEMBER_ROLES, openableScreens, PORTFOLIO_LEVELS, PORTFOLIO_STATES } from '@shotlib/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const member = pgTable(
  'member',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    role: text('role', { enum: MEMBER_ROLES }).notNull().default('member'),
    vipExpiresAt: tz('vip_expires_at'),
    googleSub: text('google_sub'),
    locale: text('locale').notNull().default('enUS'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('member_google_sub_idx').on(t.googleSub),
  ],
);

export const session = pgTable(
  'session',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    /** Set when the session was opened with an e-mailed code: proof of the mailbox, for a password reset. */
    codeVerifiedAt: tz('code_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('session_token_hash_idx').on(t.tokenHash), index('session_member_idx').on(t.memberId)],
);

export const loginCode = pgTable(
  'login_code',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_code_email_idx').on(sql`lower(${t.email})`, t.createdAt)],
);

export const oauthState = pgTable('oauth_state', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Set once the provider's code has been exchanged: the member it signed in. */
  memberId: integer('member_id').references(() => member.id, { onDelete: 'cascade' }),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: createdAt(),
});

export const category = pgTable(
  'category',
  {
    id: serial('id').primaryKey(),
    /** Parent id; the roots (9 list, 11 screen, 10 business, 8 flow, 7 element) have 0. */
    preId: integer('pre_id').notNull().default(0),
    /** The tree: list (root 9), screen (11), business (10), flow (8), element (7, UI elements). */
    kind: text('kind', { enum: CATEGORY_TREES }).notNull(),
    nameEn: text('name_en').notNull(),
    nameCn: text('name_cn').notNull(),
    nameTw: text('name_tw').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('category_pre_idx').on(t.preId, t.sort)],
);

/**
 * `cjk_grams` of every searchable text of an item, folded to Simplified (`zh_fold`, migration 0015:
 * 運動 and 运动 are one term, decision 054): the expression of the CJK gram index, which the search
 * repeats word for word so that the planner can use the index.
 */
export const itemSearchGrams = sql`cjk_grams(zh_fold(name || chr(10) || briefing || chr(10) || coalesce(name_cn, '') || chr(10) || coalesce(name_tw, '') || chr(10) || coalesce(briefing_cn, '') || chr(10) || coalesce(briefing_tw, '')))`;

export const item = pgTable(
  'item',
  {
    id: serial('id').primaryKey(),
    /** false: mobile app, true: website (the spec's `platform` flag). */
    isSite: boolean('is_site').notNull(),
    /** Business (B-end) software, web or mobile: listed apart on /b (decision 045). */
    business: boolean('business').notNull().default(false),
    /**
     * The list an item belongs to: 0 apps, 1 websites, 2 business software. Every list filters on
     * it, so that one index serves each list (ITEM_SEGMENT in catalog.repo).
     */
    segment: smallint('segment')
      .notNull()
      .generatedAlwaysAs(sql`case when business then 2 when is_site then 1 else 0 end`),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    briefing: text('briefing').notNull().default(''),
    site: text('site').notNull().default(''),
    rating: doublePrecision('rating').notNull().default(0),
    publishedAt: tz('published_at').notNull().defaultNow(),
    /**
     * Set when an admin took the item off the public catalogue (null: public). Every public read
     * skips such items; the admin console still lists them (decision 037).
     */
    unpublishedAt: tz('unpublished_at'),
    /**
     * Popularity (the Hot order): log2 of the item's views and collects, each day's weighted by
     * 2^((day − epoch) / half-life). Ordering by it equals ordering by the decayed sum at any
     * moment, so it never needs a periodic decay pass. See modules/catalog/hot-score.ts.
     */
    hotScore: doublePrecision('hot_score').notNull().default(0),
    /** Chinese texts (Simplified, Traditional); null when the item has none. */
    nameCn: text('name_cn'),
    nameTw: text('name_tw'),
    briefingCn: text('briefing_cn'),
    briefingTw: text('briefing_tw'),
    /**
     * Every searchable text, lower-cased and folded to Simplified (zh_fold, decision 054), one field
     * per line: a search term (which never holds a line break) cannot match across two fields.
     * Trigram-indexed for terms of 3+ characters.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`zh_fold(lower(name || chr(10) || briefing || chr(10) || coalesce(name_cn, '') || chr(10) || coalesce(name_tw, '') || chr(10) || coalesce(briefing_cn, '') || chr(10) || coalesce(briefing_tw, '')))`,
      ),
    /**
     * The stable key of an imported item (the manifest's `key`): re-importing updates the same
     * item. Null for items made in the console or by the demo seed.
     */
    key: text('key'),
    /** The names alone (English, Simplified, Traditional), lower-cased and folded, one per line: name matches rank first. */
    searchNames: text('search_names')
      .notNull()
      .generatedAlwaysAs(sql`zh_fold(lower(name || chr(10) || coalesce(name_cn, '') || chr(10) || coalesce(name_tw, '')))`),
    createdAt: createdAt(),
  },
  (t) => [
    index('item_news_idx').on(t.segment, t.publishedAt.desc(), t.id.desc()),
    index('item_hot_idx').on(t.segment, t.hotScore.desc(), t.id.desc()),
    // The Screens view's Hot order across every kind (issue 14): items walked hottest first.
    index('item_hot_all_idx').on(t.hotScore.desc(), t.id.desc()),
    index('item_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('item_search_names_trgm_idx').using('gin', sql`${t.searchNames} gin_trgm_ops`),
    // The CJK characters and character pairs of the texts (cjk_grams, migration 0002), for one- and
    // two-character Chinese terms, which yield no trigram. An expression index: the array is only
    // needed by the index, not in every row (it was the widest column).
    index('item_search_grams_idx').using('gin', itemSearchGrams),
    uniqueIndex('item_key_idx').on(t.key),
  ],
);

export const itemCategory = pgTable(
  'item_category',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.categoryId] }), index('item_category_cat_idx').on(t.categoryId)],
);

/** Daily activity per item: the history behind the Hot ranking. */
export const itemActivity = pgTable(
  'item_activity',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    collects: integer('collects').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] })],
);

/** `cjk_grams` of a screen's OCR text, folded to Simplified: the CJK gram index's expression, repeated word for word by the search (as itemSearchGrams). */
export const previewSearchGrams = sql`cjk_grams(zh_fold(coalesce(ocr_text, '')))`;

/** A screenshot of an item. */
export const preview = pgTable(
  'preview',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Screen category (a child of root 11). */
    categoryId: integer('category_id').references(() => category.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
    /** sha-256 of the stored original, hex: one screen per content and item. Null for seeded screens. */
    contentHash: text('content_hash'),
    /** 'processing' until the queued steps (variants, colours, placeholder) are done (modules/ingest). */
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('ready'),
    /** Dominant colours, most present first, as #rrggbb. */
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    /** A blurhash placeholder of the image; null until processed (or for seeded screens). */
    blurhash: text('blurhash'),
    /**
     * The colour filter's swatches (COLOR_SWATCHES keys) of `colors`: the SQL function
     * color_swatches (migration 0013) is the one classification of a colour (issue 14).
     */
    swatches: text('swatches')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`color_swatches(colors)`),
    /**
     * 0-based ordinal of the screen in its item (ORDER BY sort, id), kept right by statement-level
     * triggers on every write (migration 0013): the paywall of the Screens view is `position <
     * openableScreens(vip)` without a window over the item's screens in every read.
     */
    position: integer('position').notNull().default(0),
    /** The words read inside the screenshot by OCR at ingest: null when not read, '' when read and none found. */
    ocrText: text('ocr_text'),
    /**
     * The OCR text lower-cased and folded to Simplified (zh_fold: OCR often reads a Simplified
     * screen's 继续 as 繼續, decision 054): trigram-indexed for substrings of 3+ characters (as
     * item.search_text). ocr_text keeps what was read.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`zh_fold(lower(coalesce(ocr_text, '')))`),
    /**
     * The screen's UI elements (preview_element's category ids, ascending), kept equal to that table
     * by its statement-level triggers (migration 0014): the Screens view's element filters and
     * search test the screen's own row (GIN index) instead of a subquery per screen.
     */
    elementIds: integer('element_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** A 64-bit perceptual hash (dHash of a 9×8 greyscale) for similar screens; null until processed. */
    phash: bigint('phash', { mode: 'bigint' }),
    /**
     * Mean relative luminance of the screen's pixels (0 black to 1 white), read at ingest; below
     * SCREEN_DARK_BELOW the screen is dark (the Screens view's light/dark filter, decision 056).
     * Null until processed. Screens ingested before it (migration 0019) have the luminance of their
     * most present dominant colour instead.
     */
    luminance: real('luminance'),
    createdAt: createdAt(),
  },
  (t) => [
    index('preview_item_idx').on(t.itemId, t.sort, t.id),
    index('preview_cat_idx').on(t.categoryId),
    uniqueIndex('preview_item_hash_idx').on(t.itemId, t.contentHash),
    // The Screens view (issue 14): News order, and the paywall's first screens of each item in order.
    index('preview_news_idx').on(t.createdAt.desc(), t.id.desc()),
    // The same for the screens regular callers may open (openableScreens(false): the first of each
    // item, about a twentieth of the library at the bench's scale): their News walk stays short when
    // filters match few screens. A change of the limit makes db:generate rebuild it.
    index('preview_news_free_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`position < ${sql.raw(String(openableScreens(false)))}`),
    index('preview_item_position_idx').on(t.itemId, t.position),
    index('preview_swatches_idx').using('gin', t.swatches),
    index('preview_elements_idx').using('gin', t.elementIds),
    index('preview_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('preview_search_grams_idx').using('gin', previewSearchGrams),
  ],
);

/** A UI element (a category of the element tree, root 7) tagged on a screen; many per screen. */
export const previewElement = pgTable(
  'preview_element',
  {
    previewId: integer('preview_id')
      .notNull()
      .references(() => preview.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.previewId, t.categoryId] }), index('preview_element_cat_idx').on(t.categoryId)],
);

export const collect = pgTable(
  'collect',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    previewId: integer('preview_id')
      .notNull()
      .references(() => preview.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.previewId] }), index('collect_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * A flow: one journey through an item's screens (issue 13, decision 045), typed by a category of
 * the flow tree (root 8). Ordered on its item's page by sort, then id.
 */
export const flow = pgTable(
  'flow',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => item.id, { onDelete: 'cascade' }),
    /** The flow type (a child of root 8). */
    categoryId: integer('category_id').references(() => category.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    nameCn: text('name_cn'),
    nameTw: text('name_tw'),
    sort: integer('sort').notNull().default(0),
    /** The manifest's key of the flow within its item (null for flows made in the console). */
    key: text('key'),
    publishedAt: tz('published_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('flow_item_idx').on(t.itemId, t.sort, t.id),
    index('flow_news_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('flow_category_idx').on(t.categoryId),
    uniqueIndex('flow_item_key_idx').on(t.itemId, t.key),
  ],
);

/** A step of a flow: a screen of the flow's item at a 1-based position, with an optional caption. */
export const flowStep = pgTable(
  'flow_step',
  {
    flowId: integer('flow_id')
      .notNull()
      .references(() => flow.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    previewId: integer('preview_id')
      .notNull()
      .references(() => preview.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull().default(''),
    captionCn: text('caption_cn'),
    captionTw: text('caption_tw'),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.position] }), index('flow_step_preview_idx').on(t.previewId)],
);

/** A collected flow. */
export const collectFlow = pgTable(
  'collect_flow',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flow.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.flowId] }), index('collect_flow_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * A board: a named collection of a member's collected screens and flows (issue 29, decision 052).
 * Ordered in the member's list by `position` (0..n-1, renumbered on every move). `shareToken` is
 * the read-only share link's secret (22 base64url characters of 16 random bytes), null when the
 * board is not shared; a new one replaces it (the old link stops working).
 */
export const board = pgTable(
  'board',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    shareToken: text('share_token'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('board_member_idx').on(t.memberId, t.position),
    // The target of the entries' (board, member) key: an entry's member is its board's owner.
    uniqueIndex('board_id_member_idx').on(t.id, t.memberId),
    uniqueIndex('board_share_token_idx').on(t.shareToken),
  ],
);

/**
 * A screen on a board. It is always a collected screen of the board's owner: the keys point at the
 * board (with its owner) and at the owner's collect row, so un-collecting a screen takes it off
 * every board of the member, and deleting a board leaves the screens collected.
 */
export const boardScreen = pgTable(
  'board_screen',
  {
    boardId: integer('board_id').notNull(),
    memberId: integer('member_id').notNull(),
    previewId: integer('preview_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.previewId] }),
    index('board_screen_board_idx').on(t.boardId, t.createdAt),
    index('board_screen_collect_idx').on(t.memberId, t.previewId),
    foreignKey({ columns: [t.boardId, t.memberId], foreignColumns: [board.id, board.memberId], name: 'board_screen_board_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.memberId, t.previewId], foreignColumns: [collect.memberId, collect.previewId], name: 'board_screen_collect_fk' }).onDelete('cascade'),
  ],
);

/** A flow on a board: always a collected flow of the board's owner (as boardScreen). */
export const boardFlow = pgTable(
  'board_flow',
  {
    boardId: integer('board_id').notNull(),
    memberId: integer('member_id').notNull(),
    flowId: integer('flow_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.flowId] }),
    index('board_flow_board_idx').on(t.boardId, t.createdAt),
    index('board_flow_collect_idx').on(t.memberId, t.flowId),
    foreignKey({ columns: [t.boardId, t.memberId], foreignColumns: [board.id, board.memberId], name: 'board_flow_board_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.memberId, t.flowId], foreignColumns: [collectFlow.memberId, collectFlow.flowId], name: 'board_flow_collect_fk' }).onDelete('cascade'),
  ],
);

/** Plans: grade 1 year, 2 season, 3 month. */
export const plan = pgTable('plan', {
  grade: integer('grade').primaryKey(),
  periodMonths: integer('period_months').notNull(),
  money: integer('money').notNull(),
  usdMoney: integer('usd_money').notNull(),
});

export const order = pgTable(
  'order',
  {
    id: serial('id').primaryKey(),
    tno: text('tno').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    grade: integer('grade')
      .notNull()
      .references(() => plan.grade),
    /** How the member chose to pay: wechat, paypal or card. */
    way: text('way', { enum: ['wechat', 'paypal', 'card'] }).notNull(),
    /** Who takes the money: the way's real provider, or `sandbox` standing in for it. */
    provider: text('provider', { enum: ['wechat', 'paypal', 'card', 'sandbox'] }).notNull(),
    /** Minor units (cents, fen) of `currency`, set by the server from the plan. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    /** 0 unpaid, 1 paid, 2 closed (never paid), 3 refunded (ORDER_STATUS). */
    status: smallint('status').notNull().default(0),
    /** The provider's id of the checkout (PayPal order or subscription, Stripe session, sandbox ref). */
    providerRef: text('provider_ref'),
    /** The provider's id of the payment (WeChat transaction, PayPal capture or sale, Stripe invoice). */
    providerPaymentId: text('provider_payment_id'),
    /** The provider's subscription this order started or renewed (auto-renewing ways). */
    providerSubscriptionId: text('provider_subscription_id'),
    /** True for an order a provider renewal created. */
    renewal: boolean('renewal').notNull().default(false),
    paidAt: tz('paid_at'),
    /** Last time the provider was asked about this unpaid order (polling and reconciliation claim it). */
    checkedAt: tz('checked_at'),
    /** Set when a notification did not match (amount, currency, merchant): needs a person. */
    reviewReason: text('review_reason'),
    /**
     * How an admin dealt with a flagged order (decision 041): recorded only, it moves no money.
     * `resolved_by` is the admin (null once their account is gone), `resolved_by_email` their
     * address at the time.
     */
    resolution: text('resolution', { enum: ORDER_RESOLUTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedAt: tz('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => member.id, { onDelete: 'set null' }),
    resolvedByEmail: text('resolved_by_email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_tno_idx').on(t.tno),
    uniqueIndex('order_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('order_member_idx').on(t.memberId, t.createdAt),
    index('order_unpaid_idx').on(t.status, t.createdAt),
    index('order_provider_ref_idx').on(t.provider, t.providerRef),
  ],
);

/** Every verified provider notification, once: the idempotency key of payments. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    tno: text('tno'),
    payload: jsonb('payload'),
    /** What applying it did: applied, duplicate, mismatch, unknown, ignored. */
    outcome: text('outcome'),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_event_provider_event_idx').on(t.provider, t.eventId),
    // An order's events: a closed order reads Failed when the ledger applied a failure to it (decision 051).
    index('payment_event_tno_idx').on(t.tno),
  ],
);

export const subscription = pgTable(
  'subscription',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['wechat', 'paypal', 'card', 'sandbox'] }).notNull(),
    /** The way it was bought (the sandbox keeps the way's behaviour). */
    way: text('way', { enum: ['wechat', 'paypal', 'card'] }).notNull(),
    /** Null for ways that renew by hand (one record per member and provider). */
    providerSubscriptionId: text('provider_subscription_id'),
    grade: integer('grade')
      .notNull()
      .references(() => plan.grade),
    /** What each period costs (a renewal must charge exactly this). */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: tz('current_period_end'),
    status: text('status', { enum: ['active', 'canceled', 'ended'] }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_provider_ref_idx').on(t.provider, t.providerSubscriptionId),
    // Ways renewed by hand: one record per member, provider and way.
    uniqueIndex('subscription_manual_idx')
      .on(t.memberId, t.provider, t.way)
      .where(sql`provider_subscription_id IS NULL`),
    index('subscription_member_idx').on(t.memberId),
  ],
);

/**
 * The built-in sandbox provider's own books: what a real provider would keep on its side. Its
 * checkout page pays or fails these, and its queries read them.
 */
export const sandboxPayment = pgTable('sandbox_payment', {
  ref: text('ref').primaryKey(),
  tno: text('tno').notNull(),
  way: text('way', { enum: ['wechat', 'paypal', 'card'] }).notNull(),
  grade: integer('grade').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
  /** Whether paying starts a subscription that the sandbox renews on request. */
  autoRenew: boolean('auto_renew').notNull(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
  paymentId: text('payment_id'),
  subscriptionId: text('subscription_id'),
  subscriptionCanceled: boolean('subscription_canceled').notNull().default(false),
  renewals: integer('renewals').notNull().default(0),
  /** Where the payer goes back to after paying or cancelling (the way's return pages). */
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Renewal reminder e-mails sent, one per member and expiry, so no process sends one twice. */
export const renewalReminder = pgTable(
  'renewal_reminder',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.expiresAt] })],
);

export const article = pgTable('article', {
  id: serial('id').primaryKey(),
  preview: text('preview').notNull().default(''),
  publishedAt: tz('published_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  /**
   * Set while the article is kept off the Insights pages (a draft, or taken down by an admin);
   * null: public. Public reads skip such articles; the admin console sees them (decision 041).
   */
  unpublishedAt: tz('unpublished_at'),
});

/** Title and sanitised HTML per language; enUS is the fallback. */
export const articleTranslation = pgTable(
  'article_translation',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => article.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: ['enUS', 'zhCN', 'zhTW'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.locale] })],
);

/**
 * Every change made through the admin console (and the ADMIN_EMAIL promotion at start): who, what,
 * on which target, when, and the target before and after, written in the change's transaction.
 * The actor's e-mail is kept as it was, so a row still names its author after an account change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The admin who made the change; null for the server itself (ADMIN_EMAIL at start). */
    actorId: integer('actor_id').references(() => member.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** What was done: AUDIT_ACTIONS of the contract (item.update, member.vip.grant, ...). */
    action: text('action').notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
  ],
);

/**
 * The job queue (modules/jobs, docs/decisions/040): heavy work any server process (or the import
 * CLI) may pick up. A worker claims a due job with FOR UPDATE SKIP LOCKED and holds it for a lease
 * (`locked_until`); a job whose worker died is claimed again once the lease has run out. Failures
 * are retried with backoff until `max_attempts`, then kept with `failed` set.
 */
export const job = pgTable(
  'job',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Not before this instant (a retry's backoff moves it). */
    runAt: tz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The worker holding it, until `locked_until`. */
    lockedBy: text('locked_by'),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    /** Higher first: a console upload's OCR goes before the import or demo backlog (issue 14). */
    priority: integer('priority').notNull().default(0),
    createdAt: createdAt(),
    /** Finished: done (true), or given up after max_attempts (`failed` true). */
    done: boolean('done').notNull().default(false),
    failed: boolean('failed').notNull().default(false),
  },
  (t) => [index('job_due_idx').on(t.priority.desc(), t.runAt, t.id).where(sql`NOT done`), index('job_kind_idx').on(t.kind, t.done)],
);

/**
 * Portfolio reviewers (issue 15, decision 046): the profile of a member whose role is `reviewer`.
 * The row stays when the role is taken back (`removed_at` set), so answered requests keep naming
 * their reviewer.
 */
export const reviewer = pgTable('reviewer', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  company: text('company').notNull(),
  bio: text('bio').notNull().default(''),
  /** The locales they review in. */
  languages: text('languages', { enum: LOCALES }).array().notNull(),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  removedAt: tz('removed_at'),
});

/**
 * An uploaded portfolio PDF: stored in the media store under `private/portfolio/…` (a key /media
 * never serves), downloaded only through the authenticated portfolio route. A request takes it once.
 */
export const portfolioFile = pgTable(
  'portfolio_file',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The uploaded file's name, cleaned (shown and offered when downloading). */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('portfolio_file_key_idx').on(t.key), index('portfolio_file_member_idx').on(t.memberId)],
);

/** A request for portfolio guidance: requested → assigned → answered, or declined (decision 046). */
export const portfolioRequest = pgTable(
  'portfolio_request',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PORTFOLIO_STATES }).notNull().default('requested'),
    /** The portfolio: a link, or an uploaded PDF (exactly one). */
    link: text('link'),
    pdfId: integer('pdf_id').references(() => portfolioFile.id, { onDelete: 'set null' }),
    role: text('role').notNull(),
    level: text('level', { enum: PORTFOLIO_LEVELS }).notNull(),
    questions: text('questions').notNull(),
    /** The language of the feedback and of the e-mails about the request. */
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** When the member agreed to share the portfolio with a reviewer. */
    consentAt: tz('consent_at').notNull(),
    reviewerId: integer('reviewer_id').references(() => reviewer.memberId, { onDelete: 'set null' }),
    assignedAt: tz('assigned_at'),
    /** Sanitised HTML (the articles' allow-list). */
    answerHtml: text('answer_html'),
    callLink: text('call_link'),
    answeredAt: tz('answered_at'),
    declinedAt: tz('declined_at'),
    declineReason: text('decline_reason'),
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: tz('rated_at'),
    createdAt: createdAt(),
    /** The last change of state. */
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('portfolio_request_member_idx').on(t.memberId, t.createdAt.desc()),
    index('portfolio_request_reviewer_idx').on(t.reviewerId, t.state),
    index('portfolio_request_state_idx').on(t.state, t.createdAt),
    uniqueIndex('portfolio_request_pdf_idx').on(t.pdfId),
  ],
);

/**
 * Testimonials on the plans page (issue 29.6, decision 053): words a reader gave, in the one language
 * they gave them in, managed in the console. None ship with the product.
 */
export const testimonial = pgTable(
  'testimonial',
  {
    id: serial('id').primaryKey(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    quote: text('quote').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    /** The console's order (ascending). */
    sort: integer('sort').notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('testimonial_locale_sort_idx').on(t.locale, t.sort)],
);

/**
 * The server secret of a PostgreSQL deployment started without APP_SECRET (issue 30, decision 058):
 * one row, generated by the first process that starts and read by every other, so a code mailed by
 * one process and a media URL signed by one are good on all. Empty on PGlite (DATA_DIR/secret).
 */
export const appSecret = pgTable(
  'app_secret',
  {
    id: integer('id').primaryKey(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('app_secret_one_row', sql`${t.id} = 1`)],
);
