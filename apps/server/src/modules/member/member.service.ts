import { AccountMessage, PASSWORD_RESET_WINDOW_MS, type AvatarList, type Locale, type MemberInfo, type MemberRole, type UpdateMember, type UploadReply } from '@shotlib/contract';
import type { Db } from '../../db/client';
import type { Handle } from '../../db/transaction';
import type { AuthMember } from '../../lib/auth';
import { BadRequestError, RuleError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import type { MediaStore } from '../../lib/storage';
import { NotAnImageError, normaliseAvatar, storeAvatar } from './avatar-image';
import { afterPasswordChange } from '../session/session.service';
import * as repo from './member.repo';

export type MemberLimits = {
  /** Uploads per member. */
  uploadPerMember: Limit[];
  /** Checks of the current password (a stolen session must not be able to guess it). */
  passwordCheckPerMember: Limit[];
};

export const DEFAULT_MEMBER_LIMITS: MemberLimits = {
  uploadPerMember: [{ max: 20, windowMs: 10 * 60_000 }],
  passwordCheckPerMember: [{ max: 10, windowMs: 10 * 60_000 }],
};

export type MemberDeps = {
  db: Db;
  media: MediaStore;
  limiter: RateLimiter;
  limits: MemberLimits;
  now: () => Date;
  /** The strip's avatars (rendered once, then remembered). */
  stripAvatars: () => Promise<string[]>;
};

export const MESSAGES = AccountMessage;

/** Until when the caller's session may set a new password without the current one, or null. */
function passwordResetUntil(caller: AuthMember, now: Date): Date | null {
  if (!caller.codeVerifiedAt) return null;
  const until = new Date(caller.codeVerifiedAt.getTime() + PASSWORD_RESET_WINDOW_MS);
  return until > now ? until : null;
}

function toInfo(row: repo.MemberProfile, resetUntil: Date | null): MemberInfo {
  return {
    id: row.id,
    emailAddr: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    expired: row.vipExpiresAt ? row.vipExpiresAt.toISOString() : null,
    role: row.role,
    hasPassword: row.passwordHash !== null,
    passwordResetUntil: resetUntil ? resetUntil.toISOString() : null,
  };
}

/** `GET /member/info`: the caller's own profile. */
export async function memberInfo(deps: MemberDeps, caller: AuthMember): Promise<MemberInfo> {
  const row = await repo.profile(deps.db, caller.id);
  if (!row) throw new UnauthorizedError();
  return toInfo(row, passwordResetUntil(caller, deps.now()));
}

/**
 * `PUT /member`: nickname, avatar and password. A new password needs the current one when one is
 * set, unless this session was opened with an e-mailed code a few minutes ago (a forgotten
 * password); it ends every other session of the member (this one stays signed in).
 */
export async function updateMember(deps: MemberDeps, caller: AuthMember, token: string, input: UpdateMember): Promise<MemberInfo> {
  const row = await repo.profile(deps.db, caller.id);
  if (!row) throw new UnauthorizedError();
  const now = deps.now();
  const changes: { nickname?: string; avatar?: string; passwordHash?: string } = {};

  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.avatar !== undefined) {
    // Only a file this server stored (an upload's route) may become an avatar.
    if (input.avatar !== '' && !(await deps.media.exists(input.avatar))) throw new RuleError(MESSAGES.avatarMissing);
    changes.avatar = input.avatar;
  }
  const resetUntil = passwordResetUntil(caller, now);
  if (input.password !== undefined) {
    if (row.passwordHash && !resetUntil) {
      if (!input.currentPassword) throw new RuleError(MESSAGES.currentPasswordRequired);
      await deps.limiter.enforce('password-check', String(caller.id), deps.limits.passwordCheckPerMember);
      if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw new RuleError(MESSAGES.currentPasswordWrong);
    }
    changes.passwordHash = await hashPassword(input.password);
  }

  if (Object.keys(changes).length > 0) await repo.updateProfile(deps.db, caller.id, changes, now);
  if (changes.passwordHash) await afterPasswordChange(deps.db, caller.id, token, now);
  // A new password spends the reset window.
  return toInfo({ ...row, ...changes, passwordHash: changes.passwordHash ?? row.passwordHash }, changes.passwordHash ? null : resetUntil);
}

/**
 * `POST /upload/file` with path=avatar: decode, re-encode as WebP, store by content hash. The
 * upload is read (`read`) only once the member's upload limit allows it.
 */
export async function uploadAvatar(deps: MemberDeps, caller: AuthMember, read: () => Promise<Buffer>): Promise<UploadReply> {
  await deps.limiter.enforce('upload', String(caller.id), deps.limits.uploadPerMember);
  const file = await read();
  let webp: Buffer;
  try {
    webp = await normaliseAvatar(file);
  } catch (err) {
    if (err instanceof NotAnImageError) throw new BadRequestError(MESSAGES.notAnImage);
    throw err;
  }
  return { route: await storeAvatar(deps.media, webp) };
}

/** `GET /platform/nu`: the seven avatars of the login page's strip. */
export async function platformAvatars(deps: MemberDeps): Promise<AvatarList> {
  return { avatars: await deps.stripAvatars() };
}

// ---- for the other modules: the member table is written only through member.repo --------------

export type MemberCredentials = repo.MemberCredentials;

/** Sign-in: the member of an address (any case), or null. */
export const credentialsByEmail = (db: Db, email: string) => repo.memberByEmail(db, email);
/** Sign-in: the member linked to a Google subject, or null. */
export const credentialsByGoogleSub = (db: Db, sub: string) => repo.memberByGoogleSub(db, sub);
/** Sign-in: the member of an address, created when there is none. */
export const findOrCreateMember = (db: Db, values: { email: string; nickname: string; locale: Locale }) => repo.findOrCreateMember(db, values);
/** Sign-in: link a Google subject; false when another is linked already. */
export const linkGoogleSub = (db: Db, memberId: number, sub: string, now: Date) => repo.linkGoogleSub(db, memberId, sub, now);
/** Sign-in: replace the stored hash (a rehash at a new cost). */
export const setPasswordHash = (db: Db, memberId: number, passwordHash: string) => repo.setPasswordHash(db, memberId, passwordHash);

/** Billing: the member's expiry, locked until the transaction ends (extensions queue up). */
export const lockMembershipExpiry = (tx: Handle, memberId: number) => repo.lockMemberExpiry(tx, memberId);
/** Billing: set the member's expiry (inside the ledger's transaction). */
export const setMembershipExpiry = (tx: Handle, memberId: number, vipExpiresAt: Date, now: Date) => repo.setMemberExpiry(tx, memberId, vipExpiresAt, now);
/** Billing: the member's expiry, or null. */
export const membershipExpiry = (db: Handle, memberId: number) => repo.memberExpiry(db, memberId);

/** Admin console: a member as the console shows it. */
export type AdminMemberRow = repo.AdminMemberRow;
/** Admin console: members whose address contains a fragment. */
export const searchMembers = (db: Handle, fragment: string, window: { limit: number; offset: number }) => repo.searchMembers(db, fragment, window);
/** Admin console: one member (locked until the transaction ends with `lock`), or null. */
export const adminMember = (db: Handle, memberId: number, options: { lock?: boolean } = {}) => repo.adminMember(db, memberId, options);
/** Admin console: the ids of every admin, locked until the transaction ends. */
export const lockAdmins = (tx: Handle) => repo.lockAdmins(tx);
/** Admin console and ADMIN_EMAIL: set a member's role. */
export const setMemberRole = (tx: Handle, memberId: number, role: MemberRole, now: Date) => repo.setMemberRole(tx, memberId, role, now);
/**
 * ADMIN_EMAIL and the console's reviewers: the member of an address, created (nickname from the
 * address, else `fallbackNickname`) when there is none.
 */
export function ensureMember(tx: Handle, email: string, fallbackNickname = 'admin'): Promise<{ id: number; created: boolean }> {
  const local = (email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}_.-]+/gu, '').slice(0, 20);
  return repo.ensureMember(tx, email, local.length >= 3 ? local : fallbackNickname);
}
