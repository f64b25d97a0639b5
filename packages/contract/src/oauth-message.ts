import { z } from 'zod';

// A module of its own: the login page validates this message, while the first view needs only account.ts's
// messages, whose module would otherwise carry this schema and zod into it (docs/decisions/035-first-view-weight.md).

/** What the callback popup posts to its opener (docs/product-spec.md §3 "Oauth message"). */
export const OAUTH_MESSAGE_TYPE = 'oauth-success';
export const OauthMessageSchema = z.object({
  type: z.literal(OAUTH_MESSAGE_TYPE),
  code: z.string().min(1),
  state: z.string().min(1),
});
export type OauthMessage = z.infer<typeof OauthMessageSchema>;
