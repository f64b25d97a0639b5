import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { category, flow, flowStep, preview } from '../../db/schema';
import type { Handle } from '../../db/transaction';

/**
 * The writes of flows (issue 13, decision 045) and the reads that go with them: the console's flow
 * editor and the importer. Unlike flow.repo (the public reads), it sees every flow of an item,
 * published or not, with its steps in full. Every write notifies the read caches through the
 * tables' triggers (migration 0011), so nothing here touches a cache.
 */

/** A step as stored, with its screen's file and size. */
export type FlowStepRow = {
  position: number;
  previewId: number;
  path: string;
  width: number;
  height: number;
  caption: string;
  captionCn: string | null;
  captionTw: string | null;
};

export type FlowRow = {
  id: number;
  itemId: number;
  categoryId: number | null;
  name: string;
  nameCn: string | null;
  nameTw: string | null;
  sort: number;
  key: string | null;
  createdAt: Date;
  steps: FlowStepRow[];
};

/** What a create or replace writes (the type and screens checked by the caller). */
export type FlowValues = { categoryId: number; name: string; nameCn: string | null; nameTw: string | null };
export type FlowStepValues = { previewId: number; caption: string; captionCn: string | null; captionTw: string | null };

const flowColumns = {
  id: flow.id,
  itemId: flow.itemId,
  categoryId: flow.categoryId,
  name: flow.name,
  nameCn: flow.nameCn,
  nameTw: flow.nameTw,
  sort: flow.sort,
  key: flow.key,
  createdAt: flow.createdAt,
};

/** The steps of these flows in order, by flow id. */
async function stepsOf(db: Handle, flowIds: readonly number[]): Promise<Map<number, FlowStepRow[]>> {
  const byFlow = new Map<number, FlowStepRow[]>(flowIds.map((id) => [id, []]));
  if (flowIds.length === 0) return byFlow;
  const rows = await db
    .select({
      flowId: flowStep.flowId,
      position: flowStep.position,
      previewId: flowStep.previewId,
      path: preview.path,
      width: preview.width,
      height: preview.height,
      caption: flowStep.caption,
      captionCn: flowStep.captionCn,
      captionTw: flowStep.captionTw,
    })
    .from(flowStep)
    .innerJoin(preview, eq(preview.id, flowStep.previewId))
    .where(inArray(flowStep.flowId, [...flowIds]))
    .orderBy(asc(flowStep.flowId), asc(flowStep.position));
  for (const { flowId, ...step } of rows) byFlow.get(flowId)?.push(step);
  return byFlow;
}

async function withSteps(db: Handle, rows: Array<Omit<FlowRow, 'steps'>>): Promise<FlowRow[]> {
  const steps = await stepsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, steps: steps.get(row.id) ?? [] }));
}

/** Every flow of an item in its order (sort, then id), with its steps. */
export async function itemFlows(db: Handle, itemId: number): Promise<FlowRow[]> {
  const rows = await db.select(flowColumns).from(flow).where(eq(flow.itemId, itemId)).orderBy(asc(flow.sort), asc(flow.id));
  return withSteps(db, rows);
}

/** These flows (those that exist) with their steps, by id; `lock` holds them until the transaction ends. */
export async function flowsByIds(db: Handle, ids: readonly number[], options: { lock?: boolean } = {}): Promise<FlowRow[]> {
  if (ids.length === 0) return [];
  const query = db
    .select(flowColumns)
    .from(flow)
    .where(inArray(flow.id, [...ids]))
    .orderBy(asc(flow.id));
  return withSteps(db, await (options.lock ? query.for('update') : query));
}

/** The flow of an imported key within its item, or null. */
export async function flowIdByKey(db: Handle, itemId: number, key: string): Promise<number | null> {
  const rows = await db
    .select({ id: flow.id })
    .from(flow)
    .where(and(eq(flow.itemId, itemId), eq(flow.key, key)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Whether `id` is a flow type (a category of the flow tree, not its root). */
export async function isFlowType(db: Handle, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.id, id), eq(category.kind, 'flow'), ne(category.preId, 0)))
    .limit(1);
  return rows.length > 0;
}

/** Which of these screens (preview ids) belong to the item. */
export async function itemScreenIds(db: Handle, itemId: number, previewIds: readonly number[]): Promise<Set<number>> {
  if (previewIds.length === 0) return new Set();
  const rows = await db
    .select({ id: preview.id })
    .from(preview)
    .where(and(eq(preview.itemId, itemId), inArray(preview.id, [...previewIds])));
  return new Set(rows.map((row) => row.id));
}

/** A new flow after the item's last one. */
export async function insertFlow(tx: Handle, itemId: number, values: FlowValues & { key?: string | null }): Promise<number> {
  const rows = await tx
    .insert(flow)
    .values({
      ...values,
      itemId,
      sort: sql`(select coalesce(max(f.sort), 0) + 1 from ${flow} f where f.item_id = ${itemId})`,
    })
    .returning({ id: flow.id });
  return rows[0]!.id;
}

export async function updateFlow(tx: Handle, id: number, values: FlowValues): Promise<void> {
  await tx.update(flow).set(values).where(eq(flow.id, id));
}

/** Replace a flow's steps by these, at positions 1..n. */
export async function replaceSteps(tx: Handle, flowId: number, steps: readonly FlowStepValues[]): Promise<void> {
  await tx.delete(flowStep).where(eq(flowStep.flowId, flowId));
  if (steps.length > 0) await tx.insert(flowStep).values(steps.map((step, index) => ({ ...step, flowId, position: index + 1 })));
}

export async function deleteFlows(tx: Handle, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(flow).where(inArray(flow.id, [...ids]));
}

/** Give the flows `ids` the sorts 1, 2, 3, … in that order (one statement). */
export async function setFlowOrder(tx: Handle, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${flow} set sort = o.n
    from unnest(${`{${ids.join(',')}}`}::int4[]) with ordinality as o(id, n)
    where ${flow.id} = o.id`);
}

/** The flows with a step on one of these screens, locked until the transaction ends. */
export async function flowIdsUsingScreens(tx: Handle, previewIds: readonly number[]): Promise<number[]> {
  if (previewIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: flowStep.flowId })
    .from(flowStep)
    .where(inArray(flowStep.previewId, [...previewIds]));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Close the gaps in these flows' step positions (1..n again, in the same order). Two statements:
 * moving a step onto a position another step still holds would break the key within one.
 */
export async function renumberSteps(tx: Handle, flowIds: readonly number[]): Promise<void> {
  if (flowIds.length === 0) return;
  const ids = `{${flowIds.join(',')}}`;
  await tx.execute(sql`
    update ${flowStep} set position = -r.n
    from (select flow_id, position, row_number() over (partition by flow_id order by position) as n
          from ${flowStep} where flow_id = any(${ids}::int4[])) r
    where ${flowStep.flowId} = r.flow_id and ${flowStep.position} = r.position`);
  await tx.execute(sql`update ${flowStep} set position = -position where flow_id = any(${ids}::int4[]) and position < 0`);
}
