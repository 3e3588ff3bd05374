import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, for the API tests and the e2e stack.
 * Runs under Bun and Node. The accounts and clients come from the caller; consent is skipped (the
 * desk is a first-party client), and the login step is a tiny page: `GET /interaction/<uid>?login=<account>`
 * signs that account in, without `login` it shows a form listing the accounts (usable from the keyboard).
 * `accounts` is read at every sign-in, so a test may add people or change their claims (groups) as it goes.
 *
 * `tamperIdTokens` rewrites the ID token of the next token answers, re-signed: 'expired' (with the
 * provider's own key, exp an hour ago) or 'foreign-key' (same kid, another key), so the desk's
 * verification fails the way it would against a real bad token.
 */

export type TestAccount = {
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  groups?: string[];
};

export type TestClient = {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};

export type IdTokenTampering = 'expired' | 'foreign-key' | null;

export type TestProvider = {
  issuer: string;
  port: number;
  /** Changes the next token answers' ID token (null: leave them as issued). */
  tamperIdTokens: (mode: IdTokenTampering) => void;
  /**
   * Follows an authorization URL through the provider as `accountId` would in a browser and returns
   * the URL the provider sends the browser back to (the desk's callback, with code and state).
   */
  signIn: (authorizationUrl: string, accountId: string) => Promise<string>;
  stop: () => Promise<void>;
};

async function signingKey(kid: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } as JWK;
}

async function resign(idToken: string, mode: Exclude<IdTokenTampering, null>, own: JWK): Promise<string> {
  const header = decodeProtectedHeader(idToken);
  const claims = decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  const payload = mode === 'expired' ? { ...claims, iat: now - 7200, exp: now - 3600 } : claims;
  const key = mode === 'expired' ? own : await signingKey(own.kid ?? 'k1');
  return new SignJWT(payload)
    .setProtectedHeader({ ...header, alg: 'RS256' })
    .sign(await importJWK(key, 'RS256'));
}

function loginPage(uid: string, accounts: string[]): string {
  const options = accounts.map((id) => `<option value="${id}">${id}</option>`).join('');
  return `<!doctype html><html lang="en"><title>Test identity provider</title><main><h1>Test identity provider</h1>
<form method="get" action="/interaction/${uid}"><label>Account <select name="login">${options}</select></label>
<button type="submit">Sign in</button></form></main></html>`;
}

/** Starts the provider on 127.0.0.1 (`port` 0 or absent: a free one). */
export async function startOidcTestProvider(options: {
  port?: number;
  accounts: Record<string, TestAccount>;
  clients: TestClient[];
}): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const ownKey = await signingKey('k1');
  let tampering: IdTokenTampering = null;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      token_endpoint_auth_method: client.client_secret ? 'client_secret_post' : 'none',
    })),
    jwks: { keys: [ownKey] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Groups ride with the profile, as a role claim does at most providers once it is set up.
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    scopes: ['openid', 'email', 'profile'],
    // The desk reads the person from the ID token, as most providers send it there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (tampering && ctx.path === '/token' && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: await resign(body.id_token, tampering, ownKey) };
    }
  });

  const handle = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (!match) {
      handle(req, res);
      return;
    }
    try {
      const login = url.searchParams.get('login');
      if (!login || !options.accounts[login]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginPage(match[1] ?? '', Object.keys(options.accounts)));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });

  return {
    issuer,
    port,
    tamperIdTokens: (mode) => {
      tampering = mode;
    },
    signIn: (authorizationUrl, accountId) => followAsBrowser(issuer, authorizationUrl, accountId),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Walks the provider's redirects with a cookie jar, answering its login page as `accountId`. */
async function followAsBrowser(issuer: string, start: string, accountId: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = start;
  for (let hop = 0; hop < 10; hop++) {
    const url = new URL(next, issuer);
    if (url.origin !== new URL(issuer).origin) return url.toString();
    if (url.pathname.startsWith('/interaction/')) url.searchParams.set('login', accountId);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const equals = pair.indexOf('=');
      jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`,
      );
    next = location;
  }
  throw new Error('the provider redirected too many times');
}
