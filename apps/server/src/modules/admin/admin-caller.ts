import type { FastifyRequest } from 'fastify';
import { currentMember } from '../../lib/auth';
import type { AdminCaller } from './admin.service';

/** The admin making the call (admin.routes.ts's onRequest hook has checked the role). */
export function callerOf(request: FastifyRequest): AdminCaller {
  const member = currentMember(request);
  return { id: member.id, email: member.email };
}
