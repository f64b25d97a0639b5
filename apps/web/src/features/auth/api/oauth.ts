import { type EmptySchema, type OauthStartSchema } from '@shotlib/contract';
import { api, type Reply } from '../../../lib/api-client';

/** `GET /oauth`: the provider URL for the popup and the state of this attempt. */
export function startOauth() {
  return api.get<Reply<typeof OauthStartSchema>>('/oauth', { silent: true });
}

/** `GET /oauth-call?code&state`: the server exchanges the code (PKCE) and remembers who signed in. */
export function confirmOauth(code: string, state: string) {
  return api.get<Reply<typeof EmptySchema>>('/oauth-call', { query: { code, state }, silent: true });
}
