import type { TSsoErrorCode } from '@helpdesk/contracts';
import * as oidc from 'openid-client';

/**
 * The desk as an OpenID Connect client (openid-client): discovery, the authorization URL with PKCE,
 * state and nonce, the code exchange with the ID token's checks, and the provider's sign-out URL.
 * Every check of the ID token (signature against the provider's JWKS, issuer, audience, expiry,
 * nonce) is the library's; nothing here reads a token by hand (docs/security.md#single-sign-on).
 */

/** How long a provider may take to answer before the sign-in says it cannot be reached. */
const REQUEST_TIMEOUT_SECONDS = 5;
/** How long a discovery document (with its keys) is reused by this process. */
const DISCOVERY_CACHE_MS = 5 * 60_000;

/** A sign-in that failed for a reason the person is told by its code (`/login?sso_error=<code>`). */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
  constructor(
    readonly code: TSsoErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}

/** What the client needs of a provider record, its secret opened. */
export type ProviderClientSettings = {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Changes whenever the record does, so an edited provider is discovered again. */
  version: string;
};

const cache = new Map<string, { version: string; at: number; config: Promise<oidc.Configuration> }>();

const isPlainHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

function discover(settings: ProviderClientSettings): Promise<oidc.Configuration> {
  // Plain http reaches only loopback issuers: the schema refuses any other (a local test provider).
  const execute = [oidc.enableNonRepudiationChecks];
  if (isPlainHttp(settings.issuer)) execute.push(oidc.allowInsecureRequests);
  return oidc.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret ?? undefined,
    settings.clientSecret ? undefined : oidc.None(),
    { execute, timeout: REQUEST_TIMEOUT_SECONDS },
  );
}

/**
 * The provider's configuration, from this process's cache while it is fresh. A provider that cannot
 * be reached (refused, timed out, not an OpenID provider) is a 'provider_unreachable' failure, and
 * is not cached, so the next sign-in tries again.
 */
export async function providerConfiguration(settings: ProviderClientSettings): Promise<oidc.Configuration> {
  const hit = cache.get(settings.id);
  if (hit && hit.version === settings.version && Date.now() - hit.at < DISCOVERY_CACHE_MS) {
    return hit.config.catch((error: unknown) => {
      throw new SsoFailure('provider_unreachable', { cause: error });
    });
  }
  const config = discover(settings);
  cache.set(settings.id, { version: settings.version, at: Date.now(), config });
  try {
    return await config;
  } catch (error) {
    if (cache.get(settings.id)?.config === config) cache.delete(settings.id);
    throw new SsoFailure('provider_unreachable', { cause: error });
  }
}

/** Forgets a provider's cached configuration (it was changed or removed). */
export function forgetProviderConfiguration(providerId: string): void {
  cache.delete(providerId);
}

/** The secrets of one authorization request, kept server-side until the provider answers. */
export type AuthorizationChecks = { state: string; nonce: string; codeVerifier: string };

/** Fresh state, nonce and PKCE verifier. */
export function newAuthorizationChecks(): AuthorizationChecks {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization URL for one sign-in. */
export async function authorizationUrl(
  config: oidc.Configuration,
  redirectUri: string,
  checks: AuthorizationChecks,
  scope: string,
): Promise<string> {
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

/** The verified claims of a sign-in, and the ID token itself (the sign-out hint). */
export type VerifiedSignIn = { claims: Record<string, unknown>; idToken: string };

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  // fetch's network failures: a TypeError, or Bun's error with a system code.
  const code = (error as { code?: unknown }).code;
  return error instanceof TypeError || (typeof code === 'string' && /^E[A-Z]+$/.test(code));
}

/** Why an exchange failed, as a failure code. */
function failureOf(error: unknown): SsoFailure {
  if (error instanceof oidc.AuthorizationResponseError)
    return new SsoFailure('provider_denied', { cause: error });
  if (error instanceof oidc.ResponseBodyError) return new SsoFailure('invalid_code', { cause: error });
  if (isUnreachable(error)) return new SsoFailure('provider_unreachable', { cause: error });
  return new SsoFailure('invalid_id_token', { cause: error });
}

/**
 * Swaps the authorization code of `callbackUrl` for tokens and answers the ID token's claims, once
 * the library has verified the token (and the state, the issuer of the answer, PKCE and nonce). When
 * the ID token carries no email, the userinfo endpoint is asked, bound to the token's subject.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: AuthorizationChecks,
): Promise<VerifiedSignIn> {
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new SsoFailure('invalid_id_token');
    if (typeof claims.email === 'string') return { claims: { ...claims }, idToken: tokens.id_token };
    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { claims: { ...userInfo, ...claims }, idToken: tokens.id_token };
  } catch (error) {
    throw error instanceof SsoFailure ? error : failureOf(error);
  }
}

/**
 * The provider's sign-out URL for a session that began there, or null when it offers none (no
 * end_session_endpoint) or cannot be reached now: signing out of the desk never waits on it.
 */
export async function endSessionUrl(
  settings: ProviderClientSettings,
  idTokenHint: string,
  postLogoutRedirectUri: string,
): Promise<string | null> {
  try {
    const config = await providerConfiguration(settings);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc
      .buildEndSessionUrl(config, {
        id_token_hint: idTokenHint,
        post_logout_redirect_uri: postLogoutRedirectUri,
      })
      .toString();
  } catch {
    return null;
  }
}
