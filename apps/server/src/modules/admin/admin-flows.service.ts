import type { AdminFlow, AdminFlowInput } from '@shotlib/contract/admin-flows';
import { inTransaction } from '../../db/transaction';
import { itemAdmin } from '../catalog/catalog.service';
import * as flowAdmin from '../flow/flow-admin';
import { catalogWrite, recordFlowAudit, type AdminCaller, type AdminDeps } from './admin.service';

/**
 * The console's flow editor (issue 13, decision 045): an item's flows, each created, replaced,
 * deleted or reordered in one transaction with its audit row (target `flow`; an order change
 * writes one row per flow whose place moved). The rows belong to the flow module (flow-admin.ts).
 * Every write is a catalogue write: this process's read cache drops at once, the others on the
 * tables' notification (migration 0011).
 */

const adminFlow = (deps: AdminDeps) => (row: flowAdmin.FlowRow): AdminFlow => flowAdmin.toAdminFlow(row, (key) => deps.signer.sign(key));

/** `GET /admin/items/{id}/flows`: every flow of the item in its order, steps and captions in full. */
export async function listFlows(deps: AdminDeps, itemId: number): Promise<AdminFlow[]> {
  await itemAdmin.getItem(deps.db, itemId);
  return (await flowAdmin.itemFlows(deps.db, itemId)).map(adminFlow(deps));
}

/** `POST /admin/items/{id}/flows`: a new flow after the item's last one. */
export async function createFlow(deps: AdminDeps, caller: AdminCaller, itemId: number, input: AdminFlowInput): Promise<AdminFlow> {
  const now = deps.now();
  const row = await catalogWrite(deps, () =>
    inTransaction(deps.db, async (tx) => {
      await itemAdmin.getItem(tx, itemId, { lock: true });
      const created = await flowAdmin.createFlow(tx, itemId, input);
      await recordFlowAudit(tx, caller, 'flow.create', { before: null, after: created }, now);
      return created;
    }),
  );
  return adminFlow(deps)(row);
}

/** `PUT /admin/flows/{id}`: replace the flow's type, names and steps. */
export async function replaceFlow(deps: AdminDeps, caller: AdminCaller, id: number, input: AdminFlowInput): Promise<AdminFlow> {
  const now = deps.now();
  const row = await catalogWrite(deps, () =>
    inTransaction(deps.db, async (tx) => {
      const change = await flowAdmin.replaceFlow(tx, id, input);
      await recordFlowAudit(tx, caller, 'flow.update', change, now);
      return change.after;
    }),
  );
  return adminFlow(deps)(row);
}

/** `DELETE /admin/flows/{id}`: the flow, its steps and the collects of it; replies with it as it was. */
export async function deleteFlow(deps: AdminDeps, caller: AdminCaller, id: number): Promise<AdminFlow> {
  const now = deps.now();
  const row = await catalogWrite(deps, () =>
    inTransaction(deps.db, async (tx) => {
      const deleted = await flowAdmin.deleteFlow(tx, id);
      await recordFlowAudit(tx, caller, 'flow.delete', { before: deleted, after: null }, now);
      return deleted;
    }),
  );
  return adminFlow(deps)(row);
}

/** `PUT /admin/items/{id}/flows/order`: every flow of the item once, in the new order. */
export async function orderFlows(deps: AdminDeps, caller: AdminCaller, itemId: number, ids: readonly number[]): Promise<AdminFlow[]> {
  const now = deps.now();
  const rows = await catalogWrite(deps, () =>
    inTransaction(deps.db, async (tx) => {
      await itemAdmin.getItem(tx, itemId, { lock: true });
      const { before, after } = await flowAdmin.orderFlows(tx, itemId, ids);
      const beforeById = new Map(before.map((row) => [row.id, row]));
      for (const row of after) {
        const previous = beforeById.get(row.id)!;
        if (previous.sort !== row.sort) await recordFlowAudit(tx, caller, 'flow.update', { before: previous, after: row }, now);
      }
      return after;
    }),
  );
  return rows.map(adminFlow(deps));
}
