import { completeSignIn } from '../../lib/session-actions';
import { login } from './api/login';
import { confirmOauth } from './api/oauth';

/** The end of a Google sign-in: confirm the provider's code, trade the state for a token, sign in. */
export async function finishOauth(code: string, state: string): Promise<void> {
  await confirmOauth(code, state);
  const { token } = await login({ state });
  await completeSignIn(token);
}
