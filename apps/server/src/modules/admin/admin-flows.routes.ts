import { IdParamSchema } from '@shotlib/contract';
import { AdminFlowInputSchema, AdminFlowListSchema, AdminFlowSchema, FlowOrderSchema } from '@shotlib/contract/admin-flows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, replies } from '../../lib/envelope';
import { callerOf } from './admin-caller';
import * as service from './admin-flows.service';
import type { AdminDeps } from './admin.service';

const security = [{ token: [] }];
const tags = ['admin'];

/**
 * The console's flow editor (issue 13, decision 045; paths ADMIN_FLOW_PATHS of the contract).
 * Registered by admin.routes.ts inside its plugin, so `requireAdmin` runs first for every one.
 */
export const adminFlowRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  app.get(
    '/items/:id/flows',
    {
      schema: {
        tags,
        summary: 'The flows of an app, website or business product in their order, with every step and caption',
        security,
        params: IdParamSchema,
        response: replies(AdminFlowListSchema),
      },
    },
    async (request) => ok(await service.listFlows(deps, request.params.id)),
  );

  app.post(
    '/items/:id/flows',
    {
      schema: {
        tags,
        summary: 'Create a flow (a flow type below 8, names in three languages, steps: screens of the same item with captions); audited',
        security,
        params: IdParamSchema,
        body: AdminFlowInputSchema,
        response: replies(AdminFlowSchema),
      },
    },
    async (request) => ok(await service.createFlow(deps, callerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/items/:id/flows/order',
    {
      schema: {
        tags,
        summary: 'Reorder the flows of an item (every flow id once); audited',
        security,
        params: IdParamSchema,
        body: FlowOrderSchema,
        response: replies(AdminFlowListSchema),
      },
    },
    async (request) => ok(await service.orderFlows(deps, callerOf(request), request.params.id, request.body.ids)),
  );

  app.put(
    '/flows/:id',
    {
      schema: {
        tags,
        summary: 'Replace a flow: its type, names and steps; audited',
        security,
        params: IdParamSchema,
        body: AdminFlowInputSchema,
        response: replies(AdminFlowSchema),
      },
    },
    async (request) => ok(await service.replaceFlow(deps, callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/flows/:id',
    {
      schema: {
        tags,
        summary: 'Delete a flow, its steps and the collects of it; audited',
        security,
        params: IdParamSchema,
        response: replies(AdminFlowSchema),
      },
    },
    async (request) => ok(await service.deleteFlow(deps, callerOf(request), request.params.id)),
  );
};
