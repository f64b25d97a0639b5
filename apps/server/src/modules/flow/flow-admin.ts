import { AdminFlowMessage, type AdminFlow, type AdminFlowInput } from '@shotlib/contract/admin-flows';
import type { Handle } from '../../db/transaction';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import * as repo from './flow-admin.repo';

/**
 * The writes of flows (issue 13, decision 045), for the admin module (the console's flow editor)
 * and the importer. Every function takes a handle, so the caller runs it in the transaction that
 * also writes its audit row (console) or the item's import. The rules: a flow's type is a category
 * of the flow tree (below root 8), its steps are screens of its own item (the same screen may come
 * twice), at positions 1..n; an item's flows are ordered by sort, then id.
 */

export type FlowRow = repo.FlowRow;

/** A flow as the console shows it; `sign` turns a screen's protected path into a URL /media serves. */
export function toAdminFlow(row: FlowRow, sign: (key: string) => string): AdminFlow {
  return {
    id: row.id,
    itemId: row.itemId,
    type: row.categoryId,
    name: row.name,
    nameCn: row.nameCn,
    nameTw: row.nameTw,
    sort: row.sort,
    steps: row.steps.map((step) => ({
      previewId: step.previewId,
      path: sign(step.path),
      width: step.width,
      height: step.height,
      caption: step.caption,
      captionCn: step.captionCn,
      captionTw: step.captionTw,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an audit row keeps of a flow: the console's shape with the screens' media keys (never signed URLs). */
export const auditFlow = (row: FlowRow): AdminFlow => toAdminFlow(row, (key) => key);

/** Every flow of an item, in its order, with its steps. */
export const itemFlows = (db: Handle, itemId: number): Promise<FlowRow[]> => repo.itemFlows(db, itemId);

/** One flow (404 when there is none); `lock` holds it until the transaction ends. */
export async function getFlow(db: Handle, id: number, options: { lock?: boolean } = {}): Promise<FlowRow> {
  const [row] = await repo.flowsByIds(db, [id], options);
  if (!row) throw new NotFoundError(AdminFlowMessage.flowMissing);
  return row;
}

/** Check a flow's type and steps for its item (400 with the reason), and turn them into row values. */
async function checked(db: Handle, itemId: number, input: AdminFlowInput): Promise<{ values: repo.FlowValues; steps: repo.FlowStepValues[] }> {
  if (!(await repo.isFlowType(db, input.type))) throw new BadRequestError(AdminFlowMessage.unknownType);
  const wanted = [...new Set(input.steps.map((step) => step.previewId))];
  const own = await repo.itemScreenIds(db, itemId, wanted);
  if (own.size !== wanted.length) throw new BadRequestError(AdminFlowMessage.stepOutsideItem);
  return {
    values: { categoryId: input.type, name: input.name, nameCn: input.nameCn, nameTw: input.nameTw },
    steps: input.steps.map((step) => ({ previewId: step.previewId, caption: step.caption, captionCn: step.captionCn, captionTw: step.captionTw })),
  };
}

/** Create a flow after the item's last one (the item must exist: the caller checked and locked it). */
export async function createFlow(tx: Handle, itemId: number, input: AdminFlowInput, key: string | null = null): Promise<FlowRow> {
  const { values, steps } = await checked(tx, itemId, input);
  const id = await repo.insertFlow(tx, itemId, { ...values, key });
  await repo.replaceSteps(tx, id, steps);
  return getFlow(tx, id);
}

export type FlowChange = { before: FlowRow; after: FlowRow };

/** Replace a flow's type, names and steps (its place in the item's order stays). */
export async function replaceFlow(tx: Handle, id: number, input: AdminFlowInput): Promise<FlowChange> {
  const before = await getFlow(tx, id, { lock: true });
  const { values, steps } = await checked(tx, before.itemId, input);
  await repo.updateFlow(tx, id, values);
  await repo.replaceSteps(tx, id, steps);
  return { before, after: await getFlow(tx, id) };
}

/** Delete a flow (its steps and the collects of it go with it); returns it as it was. */
export async function deleteFlow(tx: Handle, id: number): Promise<FlowRow> {
  const before = await getFlow(tx, id, { lock: true });
  await repo.deleteFlows(tx, [id]);
  return before;
}

/** The new order of an item's flows: `ids` must be every one of them, once (400 otherwise). */
export async function orderFlows(tx: Handle, itemId: number, ids: readonly number[]): Promise<{ before: FlowRow[]; after: FlowRow[] }> {
  const before = await repo.itemFlows(tx, itemId);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || wanted.size !== before.length || before.some((row) => !wanted.has(row.id))) {
    throw new BadRequestError(AdminFlowMessage.orderMismatch);
  }
  await repo.flowsByIds(tx, ids, { lock: true });
  await repo.setFlowOrder(tx, ids);
  return { before, after: await repo.itemFlows(tx, itemId) };
}

/** What a re-import compares: the type, names and steps (not the id, order or dates). */
const content = (flow: Omit<repo.FlowValues, 'categoryId'> & { categoryId: number | null }, steps: readonly repo.FlowStepValues[]): string =>
  JSON.stringify([flow.categoryId, flow.name, flow.nameCn, flow.nameTw, steps.map((step) => [step.previewId, step.caption, step.captionCn, step.captionTw])]);

/**
 * The importer's write: the flow of `key` within the item is created (after the item's last flow)
 * or replaced (type, names and steps; its place stays). `changed` is false when the import brings
 * nothing new (then nothing is written). The type and screens are checked as for the console.
 */
export async function importFlow(tx: Handle, itemId: number, key: string, input: AdminFlowInput): Promise<{ flow: FlowRow; created: boolean; changed: boolean }> {
  const existing = await repo.flowIdByKey(tx, itemId, key);
  if (existing === null) return { flow: await createFlow(tx, itemId, input, key), created: true, changed: true };
  const before = await getFlow(tx, existing, { lock: true });
  const { values, steps } = await checked(tx, itemId, input);
  if (content(values, steps) === content(before, before.steps)) return { flow: before, created: false, changed: false };
  await repo.updateFlow(tx, existing, values);
  await repo.replaceSteps(tx, existing, steps);
  return { flow: await getFlow(tx, existing), created: false, changed: true };
}

/**
 * Delete screens (by `remove`, in the caller's transaction) and mend the flows that used them: the
 * database drops their steps (ON DELETE CASCADE), the remaining steps are renumbered 1..n in the
 * same order, and a flow left without a step is deleted (a flow with no step cannot be played, and
 * the editor cannot save one). Returns `remove`'s result, the flows changed (before, after) and
 * the flows deleted (as they were), for the caller's audit rows.
 */
export async function removeScreens<T>(
  tx: Handle,
  previewIds: readonly number[],
  remove: () => Promise<T>,
): Promise<{ result: T; changed: FlowChange[]; deleted: FlowRow[] }> {
  const ids = await repo.flowIdsUsingScreens(tx, previewIds);
  const before = await repo.flowsByIds(tx, ids, { lock: true });
  const result = await remove();
  await repo.renumberSteps(tx, ids);
  const after = new Map((await repo.flowsByIds(tx, ids)).map((row) => [row.id, row]));
  const deleted = before.filter((row) => (after.get(row.id)?.steps.length ?? 0) === 0);
  await repo.deleteFlows(
    tx,
    deleted.map((row) => row.id),
  );
  const changed = before.filter((row) => !deleted.includes(row)).map((row) => ({ before: row, after: after.get(row.id)! }));
  return { result, changed, deleted };
}
