import { ORDER_STATUS, type Locale, type PortfolioLevel, type PortfolioState } from '@shotlib/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { member, order, portfolioFile, portfolioRequest, reviewer } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/**
 * Portfolio guidance's tables (decision 046): requests, their uploaded PDFs, reviewers' profiles.
 * State changes are conditional updates (`WHERE state IN …`), so two people acting on one request
 * at once cannot both move it.
 */

// ---- the member's year ---------------------------------------------------------------------------

/** What the quota needs of a member, the row locked until the transaction ends (one request at a time). */
export async function lockMemberForQuota(tx: Handle, memberId: number): Promise<{ createdAt: Date; vipExpiresAt: Date | null } | null> {
  const rows = await tx
    .select({ createdAt: member.createdAt, vipExpiresAt: member.vipExpiresAt })
    .from(member)
    .where(eq(member.id, memberId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** The member's first paid day: the earliest paid order, or null when they never paid. */
export async function firstPaidAt(db: Handle, memberId: number): Promise<Date | null> {
  const rows = await db
    .select({ first: sql<Date | string | null>`min(${order.paidAt})` })
    .from(order)
    .where(and(eq(order.memberId, memberId), eq(order.status, ORDER_STATUS.paid)));
  const first = rows[0]?.first;
  return first ? new Date(first) : null;
}

export async function memberCreatedAt(db: Handle, memberId: number): Promise<Date | null> {
  const rows = await db.select({ createdAt: member.createdAt }).from(member).where(eq(member.id, memberId)).limit(1);
  return rows[0]?.createdAt ?? null;
}

/** Requests of the member created in [from, to) that count against the quota (not declined). */
export async function countUsed(db: Handle, memberId: number, from: Date, to: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(portfolioRequest)
    .where(
      and(
        eq(portfolioRequest.memberId, memberId),
        gte(portfolioRequest.createdAt, from),
        lt(portfolioRequest.createdAt, to),
        ne(portfolioRequest.state, 'declined'),
      ),
    );
  return rows[0]?.n ?? 0;
}

/** A member's address, nickname and language (for e-mails). */
export async function contactOf(db: Handle, memberId: number): Promise<{ email: string; nickname: string; locale: string } | null> {
  const rows = await db.select({ email: member.email, nickname: member.nickname, locale: member.locale }).from(member).where(eq(member.id, memberId)).limit(1);
  return rows[0] ?? null;
}

// ---- files ---------------------------------------------------------------------------------------

export type FileRow = typeof portfolioFile.$inferSelect;

export async function insertFile(db: Handle, values: { memberId: number; key: string; name: string; size: number; createdAt: Date }): Promise<FileRow> {
  const rows = await db.insert(portfolioFile).values(values).returning();
  return rows[0]!;
}

/** The member's uploaded file `id` when no request has taken it yet; null otherwise. */
export async function freeFileOf(tx: Handle, memberId: number, id: number): Promise<FileRow | null> {
  const rows = await tx
    .select({ file: portfolioFile })
    .from(portfolioFile)
    .leftJoin(portfolioRequest, eq(portfolioRequest.pdfId, portfolioFile.id))
    .where(and(eq(portfolioFile.id, id), eq(portfolioFile.memberId, memberId), isNull(portfolioRequest.id)))
    .limit(1);
  return rows[0]?.file ?? null;
}

export async function fileById(db: Handle, id: number): Promise<FileRow | null> {
  const rows = await db.select().from(portfolioFile).where(eq(portfolioFile.id, id)).limit(1);
  return rows[0] ?? null;
}

// ---- requests ------------------------------------------------------------------------------------

export type NewRequest = {
  memberId: number;
  link: string | null;
  pdfId: number | null;
  role: string;
  level: PortfolioLevel;
  questions: string;
  locale: Locale;
  consentAt: Date;
  createdAt: Date;
};

export async function insertRequest(tx: Handle, values: NewRequest): Promise<number> {
  const rows = await tx
    .insert(portfolioRequest)
    .values({ ...values, state: 'requested', updatedAt: values.createdAt })
    .returning({ id: portfolioRequest.id });
  return rows[0]!.id;
}

/** A request with everything any of its readers may see; the service picks what each gets. */
const requestColumns = {
  id: portfolioRequest.id,
  memberId: portfolioRequest.memberId,
  state: portfolioRequest.state,
  link: portfolioRequest.link,
  pdfId: portfolioRequest.pdfId,
  role: portfolioRequest.role,
  level: portfolioRequest.level,
  questions: portfolioRequest.questions,
  locale: portfolioRequest.locale,
  reviewerId: portfolioRequest.reviewerId,
  assignedAt: portfolioRequest.assignedAt,
  answerHtml: portfolioRequest.answerHtml,
  callLink: portfolioRequest.callLink,
  answeredAt: portfolioRequest.answeredAt,
  declinedAt: portfolioRequest.declinedAt,
  declineReason: portfolioRequest.declineReason,
  rating: portfolioRequest.rating,
  ratingComment: portfolioRequest.ratingComment,
  createdAt: portfolioRequest.createdAt,
  updatedAt: portfolioRequest.updatedAt,
  memberEmail: member.email,
  memberNickname: member.nickname,
  reviewerName: reviewer.name,
  reviewerCompany: reviewer.company,
  reviewerBio: reviewer.bio,
  pdfName: portfolioFile.name,
  pdfSize: portfolioFile.size,
  pdfKey: portfolioFile.key,
};

/** A request as read: what was asked (without the consent time), its state, its answer and its people. */
export type RequestRow = Omit<NewRequest, 'consentAt'> & {
  id: number;
  state: PortfolioState;
  reviewerId: number | null;
  assignedAt: Date | null;
  answerHtml: string | null;
  callLink: string | null;
  answeredAt: Date | null;
  declinedAt: Date | null;
  declineReason: string | null;
  rating: number | null;
  ratingComment: string | null;
  updatedAt: Date;
  memberEmail: string;
  memberNickname: string;
  reviewerName: string | null;
  reviewerCompany: string | null;
  reviewerBio: string | null;
  pdfName: string | null;
  pdfSize: number | null;
  pdfKey: string | null;
};

const requestQuery = (db: Handle) =>
  db
    .select(requestColumns)
    .from(portfolioRequest)
    .innerJoin(member, eq(member.id, portfolioRequest.memberId))
    .leftJoin(reviewer, eq(reviewer.memberId, portfolioRequest.reviewerId))
    .leftJoin(portfolioFile, eq(portfolioFile.id, portfolioRequest.pdfId));

export async function requestById(db: Handle, id: number): Promise<RequestRow | null> {
  const rows = await requestQuery(db).where(eq(portfolioRequest.id, id)).limit(1);
  return rows[0] ?? null;
}

export type RequestFilter = { memberId?: number; reviewerId?: number; state?: PortfolioState };

function requestConditions(filter: RequestFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.memberId !== undefined) parts.push(eq(portfolioRequest.memberId, filter.memberId));
  if (filter.reviewerId !== undefined) parts.push(eq(portfolioRequest.reviewerId, filter.reviewerId));
  if (filter.state !== undefined) parts.push(eq(portfolioRequest.state, filter.state));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** Open requests (requested, assigned) first, oldest first; then the rest newest first. */
const openFirst = sql`case when ${portfolioRequest.state} in ('requested', 'assigned') then 0 else 1 end`;
const ORDERS = {
  newest: [desc(portfolioRequest.createdAt), desc(portfolioRequest.id)],
  openFirst: [asc(openFirst), sql`case when ${portfolioRequest.state} in ('requested', 'assigned') then ${portfolioRequest.createdAt} end asc`, desc(portfolioRequest.updatedAt), desc(portfolioRequest.id)],
} as const;

export async function listRequests(
  db: Handle,
  filter: RequestFilter,
  orderBy: keyof typeof ORDERS,
  window: { limit: number; offset: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const where = requestConditions(filter);
  const [rows, totals] = await Promise.all([
    requestQuery(db)
      .where(where)
      .orderBy(...ORDERS[orderBy])
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(portfolioRequest).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Move a request only when it is in one of `from`: the number of rows changed (0 or 1). */
export async function transition(
  tx: Handle,
  id: number,
  from: readonly PortfolioState[],
  changes: Partial<typeof portfolioRequest.$inferInsert>,
  options: { reviewerId?: number } = {},
): Promise<boolean> {
  const conditions = [eq(portfolioRequest.id, id), inArray(portfolioRequest.state, [...from])];
  if (options.reviewerId !== undefined) conditions.push(eq(portfolioRequest.reviewerId, options.reviewerId));
  const rows = await tx
    .update(portfolioRequest)
    .set(changes)
    .where(and(...conditions))
    .returning({ id: portfolioRequest.id });
  return rows.length > 0;
}

/** Requests assigned to a reviewer and not answered: back to the queue (the reviewer was removed). */
export async function unassignOpen(tx: Handle, reviewerId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .update(portfolioRequest)
    .set({ state: 'requested', reviewerId: null, assignedAt: null, updatedAt: now })
    .where(and(eq(portfolioRequest.reviewerId, reviewerId), eq(portfolioRequest.state, 'assigned')))
    .returning({ id: portfolioRequest.id });
  return rows.map((row) => row.id);
}

// ---- reviewers -----------------------------------------------------------------------------------

const reviewerColumns = {
  id: reviewer.memberId,
  email: member.email,
  locale: member.locale,
  role: member.role,
  name: reviewer.name,
  company: reviewer.company,
  bio: reviewer.bio,
  languages: reviewer.languages,
  createdAt: reviewer.createdAt,
  removedAt: reviewer.removedAt,
  open: sql<number>`(select count(*)::int from ${portfolioRequest} where ${portfolioRequest.reviewerId} = ${reviewer.memberId} and ${portfolioRequest.state} = 'assigned')`,
  answered: sql<number>`(select count(*)::int from ${portfolioRequest} where ${portfolioRequest.reviewerId} = ${reviewer.memberId} and ${portfolioRequest.state} = 'answered')`,
  rating: sql<number | string | null>`(select avg(${portfolioRequest.rating})::float8 from ${portfolioRequest} where ${portfolioRequest.reviewerId} = ${reviewer.memberId} and ${portfolioRequest.rating} is not null)`,
};

export type ReviewerRow = {
  id: number;
  email: string;
  locale: string;
  role: string;
  name: string;
  company: string;
  bio: string;
  languages: Locale[];
  createdAt: Date;
  removedAt: Date | null;
  open: number;
  answered: number;
  rating: number | string | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Current reviewers (not removed, still of the role), by name; `q` a part of the name, company or address. */
export async function listReviewers(db: Handle, q: string | undefined, window: { limit: number; offset: number }): Promise<{ rows: ReviewerRow[]; total: number }> {
  const parts: SQL[] = [isNull(reviewer.removedAt), eq(member.role, 'reviewer')];
  if (q) {
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    parts.push(sql`(lower(${reviewer.name}) like ${pattern} or lower(${reviewer.company}) like ${pattern} or lower(${member.email}) like ${pattern})`);
  }
  const where = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select(reviewerColumns)
      .from(reviewer)
      .innerJoin(member, eq(member.id, reviewer.memberId))
      .where(where)
      .orderBy(asc(sql`lower(${reviewer.name})`), asc(reviewer.memberId))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(reviewer).innerJoin(member, eq(member.id, reviewer.memberId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A reviewer's profile, current or removed; `lock` holds the row until the transaction ends. */
export async function reviewerById(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<ReviewerRow | null> {
  const query = db.select(reviewerColumns).from(reviewer).innerJoin(member, eq(member.id, reviewer.memberId)).where(eq(reviewer.memberId, id)).limit(1);
  const rows = await (options.lock ? query.for('update', { of: reviewer }) : query);
  return rows[0] ?? null;
}

export type ReviewerProfile = { name: string; company: string; bio: string; languages: Locale[] };

/** Create the profile, or bring a removed reviewer back with a new one. */
export async function upsertReviewer(tx: Handle, memberId: number, profile: ReviewerProfile, now: Date): Promise<void> {
  await tx
    .insert(reviewer)
    .values({ memberId, ...profile, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: reviewer.memberId, set: { ...profile, createdAt: now, updatedAt: now, removedAt: null } });
}

export async function updateReviewer(tx: Handle, memberId: number, changes: Partial<ReviewerProfile>, now: Date): Promise<void> {
  await tx.update(reviewer).set({ ...changes, updatedAt: now }).where(eq(reviewer.memberId, memberId));
}

export async function markReviewerRemoved(tx: Handle, memberId: number, now: Date): Promise<void> {
  await tx.update(reviewer).set({ removedAt: now, updatedAt: now }).where(eq(reviewer.memberId, memberId));
}
