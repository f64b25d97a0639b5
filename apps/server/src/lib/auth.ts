import { isVip, PortfolioMessage, type MemberRole } from '@shotlib/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from './errors';
import { tokenFromHeader } from './tokens';

/** The signed-in caller, as resolved from a live session. */
export type AuthMember = {
  id: number;
  email: string;
  role: MemberRole;
  vipExpiresAt: Date | null;
  /** When this session was opened with an e-mailed code; null for password and Google sessions. */
  codeVerifiedAt: Date | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A catalogue read: changes no session and no member (the session lookups stay remembered). */
    catalogueRead?: boolean;
    /**
     * Ends no session and changes no member (a member's collection, say): the session lookups stay
     * remembered after it. Unset, every request but a catalogue read makes them forgotten.
     */
    keepsSessions?: boolean;
    /** Every answer of this route counts a view of the item `params.id` (the Hot ranking). */
    countsView?: boolean;
  }
  interface FastifyRequest {
    /** The caller when the Authorization header holds a live session token; null otherwise. */
    member: AuthMember | null;
  }
}

/** Whether a member is a subscriber right now (expiry in the future). Visitors are not. */
export function isVipMember(caller: AuthMember | null, now: Date = new Date()): boolean {
  return caller !== null && isVip(caller.vipExpiresAt, now);
}

/**
 * Resolve `request.member` for every request that carries a token (only those query the
 * database): `identify` looks the token up. A missing or dead token leaves it null: public routes
 * treat the caller as a visitor, `requireMember` answers 401.
 */
export function installAuth(scope: FastifyInstance, identify: (token: string) => Promise<AuthMember | null>): void {
  // Callback style: no promise for the many requests without a token.
  scope.addHook('onRequest', (request, _reply, done) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) {
      request.member = null;
      return done();
    }
    identify(token).then((member) => {
      request.member = member;
      done();
    }, done);
  });
}

/** preHandler: 401 unless the caller has a live session. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.member) throw new UnauthorizedError();
}

/** preHandler: 401 for visitors, 403 for members who are not admins. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.member) throw new UnauthorizedError();
  if (request.member.role !== 'admin') throw new ForbiddenError();
}

/** preHandler: 401 for visitors, 403 for members who are not portfolio reviewers (decision 046). */
export async function requireReviewer(request: FastifyRequest): Promise<void> {
  if (!request.member) throw new UnauthorizedError();
  if (request.member.role !== 'reviewer') throw new ForbiddenError(PortfolioMessage.reviewersOnly);
}

/** The caller of a route guarded by `requireMember` (typed non-null). */
export function currentMember(request: FastifyRequest): AuthMember {
  if (!request.member) throw new UnauthorizedError();
  return request.member;
}
