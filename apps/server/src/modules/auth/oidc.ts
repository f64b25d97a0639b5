import * as client from 'openid-client';

/** The claims the sign-in needs from the provider's ID token. */
export type OidcIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null };

/** A started authorization: the URL for the popup and what the server keeps to finish it. */
export type OidcStart = { url: string; state: string; nonce: string; codeVerifier: string };

/** Google (any OpenID Connect issuer) sign-in: authorization code flow with PKCE, state and nonce. */
export interface OidcClient {
  start(redirectUri: string): Promise<OidcStart>;
  /** Exchange the code; throws when the provider refuses it or the ID token does not check out. */
  finish(options: { redirectUri: string; code: string; state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity>;
}

const offersAccountChoice = (metadata: client.ServerMetadata): boolean =>
  Array.isArray(metadata.prompt_values_supported)
    ? metadata.prompt_values_supported.includes('select_account')
    : metadata.issuer === 'https://accounts.google.com';

export type OidcSettings = { issuer: string; clientId: string; clientSecret?: string };

/**
 * An OIDC client over openid-client v6. Discovery runs on first use and is kept (retried after a
 * failure). Plain-http issuers are allowed only on loopback addresses (local test providers).
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<client.Configuration> | null = null;
  const issuerUrl = new URL(settings.issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuerUrl.hostname);

  const discover = () => {
    configuration ??= client
      .discovery(
        issuerUrl,
        settings.clientId,
        undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        { execute: issuerUrl.protocol === 'http:' && loopback ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((err: unknown) => {
        configuration = null;
        throw err;
      });
    return configuration;
  };

  return {
    async start(redirectUri) {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Let people with several Google accounts choose; only where the issuer knows the value.
        ...(offersAccountChoice(config.serverMetadata()) ? { prompt: 'select_account' } : {}),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finish({ redirectUri, code, state, nonce, codeVerifier }) {
      const config = await discover();
      // The callback page passes on only code and state. There is a single configured issuer, so
      // the `iss` response parameter (a defence against mixing up several issuers) is its own.
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      const metadata = config.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) callback.searchParams.set('iss', metadata.issuer);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider returned no ID token');
      // Google puts the e-mail in the ID token; other issuers may keep it for the UserInfo endpoint.
      const claims: Record<string, unknown> =
        typeof idToken.email === 'string' || !config.serverMetadata().userinfo_endpoint
          ? idToken
          : { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub };
      return {
        sub: idToken.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        // Some issuers send the flag as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}
