import { z } from 'zod';
import { AccountMessage } from './account-messages';
import { LOCALES } from './constants';
import { EmailSchema, LoginCodeSchema, NicknameSchema, PasswordSchema } from './validation';

export { AccountMessage, type AccountMessageKey } from './account-messages';

/** One of the three languages (enUS, zhCN, zhTW). */
export const LocaleSchema = z.enum(LOCALES);

/**
 * A member's role: `admin` opens the console, `reviewer` the portfolio reviewer's pages (decision
 * 046; given and taken in the console's Reviewers, never by the member role change).
 */
export const MEMBER_ROLES = ['member', 'admin', 'reviewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MemberRoleSchema = z.enum(MEMBER_ROLES);

/** The current member as the server describes it (`GET /member/info`). */
export const MemberInfoSchema = z.object({
  id: z.number().int(),
  emailAddr: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** Subscription expiry (ISO 8601) or null when never subscribed. */
  expired: z.string().nullable(),
  role: MemberRoleSchema,
  /** Whether a password is set: changing it then needs the current one. */
  hasPassword: z.boolean(),
  /**
   * Until when (ISO 8601) this session may set a new password without the current one: it was
   * opened with a code e-mailed less than PASSWORD_RESET_WINDOW_MS ago (a forgotten password).
   * Null otherwise.
   */
  passwordResetUntil: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

/** The user as the web app keeps it locally (docs/product-spec.md §3). */
export type SessionUser = {
  id: number;
  email: string;
  nickname: string;
  avatar: string;
  vip: boolean;
  expired: string | null;
  token: string;
  /**
   * 'admin' opens the console's link, 'reviewer' the reviewer's; absent in sessions stored before
   * the role was kept. The server enforces it.
   */
  role?: MemberRole;
};

/** `GET /platform/nu`: the avatars of the login page's scroll strip (relative media paths). */
export const AvatarListSchema = z.object({ avatars: z.array(z.string()) });
export type AvatarList = z.infer<typeof AvatarListSchema>;

// ---- Sign-in -------------------------------------------------------------------------------

/**
 * `POST /sign`, the login page's first step. `locale` is the language of the code e-mail
 * (the member's stored language, else English, when absent). `via: 'code'` asks for an e-mailed
 * code even when the account has a password (the password step's "Forgot password?"), so a
 * forgotten password never locks anyone out.
 */
export const SignRequestSchema = z.object({ emailAddr: EmailSchema, locale: LocaleSchema.optional(), via: z.literal('code').optional() });
export type SignRequest = z.infer<typeof SignRequestSchema>;

/** `next`: true when a code was e-mailed (show the code field), false when the account has a password. */
export const SignReplySchema = z.object({ next: z.boolean() });
export type SignReply = z.infer<typeof SignReplySchema>;

/** Sign in with the e-mailed code; the account is created on its first successful code login. */
export const CodeLoginSchema = z.object({ emailAddr: EmailSchema, code: LoginCodeSchema, locale: LocaleSchema.optional() });
export const PasswordLoginSchema = z.object({ emailAddr: EmailSchema, password: PasswordSchema });
/** Finish a Google sign-in: the `state` that `GET /oauth-call` confirmed. */
export const StateLoginSchema = z.object({ state: z.string().min(1).max(200) });

/** `POST /login`: credentials travel in the JSON body only, never in the query string. */
export const LoginRequestSchema = z.union([CodeLoginSchema, PasswordLoginSchema, StateLoginSchema]);
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginReplySchema = z.object({ token: z.string() });
export type LoginReply = z.infer<typeof LoginReplySchema>;

/** `GET /oauth`: where to send the popup, and the state that identifies this attempt. */
export const OauthStartSchema = z.object({ url: z.string(), state: z.string() });
export type OauthStart = z.infer<typeof OauthStartSchema>;

/** `GET /oauth-call?code&state`: the provider's answer, as the callback page received it. */
export const OauthCallQuerySchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(200),
});


// ---- Profile -------------------------------------------------------------------------------

/** Relative media path of an uploaded avatar: `avatars/<sha-256 of the WebP>.webp`. */
export const AVATAR_ROUTE_PATTERN = /^avatars\/[0-9a-f]{64}\.webp$/;
export const AvatarRouteSchema = z.string().regex(AVATAR_ROUTE_PATTERN, { error: AccountMessage.avatarMissing });

/**
 * `PUT /member`: change any of nickname, avatar ('' removes it) and password. When the account
 * already has a password, `currentPassword` must be given to set a new one, unless the session
 * was opened with an e-mailed code within PASSWORD_RESET_WINDOW_MS; other sessions end.
 */
export const UpdateMemberSchema = z.object({
  nickname: NicknameSchema.optional(),
  avatar: z.union([z.literal(''), AvatarRouteSchema]).optional(),
  password: PasswordSchema.optional(),
  currentPassword: z.string().max(200).optional(),
});
export type UpdateMember = z.infer<typeof UpdateMemberSchema>;

// ---- Uploads -------------------------------------------------------------------------------

/** The `path` field of `POST /upload/file`: what the upload is for. */
export const UploadPathSchema = z.enum(['avatar']);
/** Largest accepted upload (bytes); the image is decoded and re-encoded, never stored as sent. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are stored at most this many pixels wide and high. */
export const AVATAR_MAX_SIDE_PX = 512;

/** `POST /upload/file` reply: the stored file's path relative to the media host. */
export const UploadReplySchema = z.object({ route: z.string() });
export type UploadReply = z.infer<typeof UploadReplySchema>;
