import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestAccount = { email: string; emailVerified: boolean; name: string };

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, with its development login and
 * consent pages, for the whole Google sign-in flow. `authorize(url, login)` plays the person in
 * the popup: it follows the redirects, signs in as `login`, consents, and returns the URL the
 * provider sends the browser back to (the app's /callback with code and state).
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUri: string; accounts: Record<string, TestAccount> }) {
  let handle: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: ['test-cookie-key-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.emailVerified, name: account.name };
        },
      };
    },
  });
  handle = provider.callback();

  async function authorize(url: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const go = async (target: string, init: { method?: string; body?: URLSearchParams } = {}) => {
      const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (init.body) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(target, { method: init.method ?? 'GET', body: init.body, headers, redirect: 'manual' });
      for (const cookie of res.headers.getSetCookie()) {
        const pair = cookie.split(';')[0]!;
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    };

    let res = await go(url);
    for (let step = 0; step < 12; step++) {
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider stopped at ${res.status}: ${(await res.text()).slice(0, 500)}`);
      const next = new URL(location, issuer);
      if (next.href.startsWith(options.redirectUri)) return next;
      if (next.pathname.startsWith('/interaction/')) {
        const page = await (await go(next.href)).text();
        const prompt = page.includes('value="login"') ? 'login' : 'consent';
        const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
        res = await go(next.href, { method: 'POST', body: new URLSearchParams(form) });
      } else {
        res = await go(next.href);
      }
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
