import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  SSO_MESSAGES,
  SSO_PATHS,
  ssoStartPath,
  type TSsoProvider,
  ZSignOutResponse,
  ZSsoIdentityList,
  ZSsoProviderResponse,
  ZSsoPublicProviderList,
  ZUserListResponse,
} from '@helpdesk/contracts';
import {
  APP_ORIGIN,
  createUser,
  errorOf,
  signedIn,
  sql,
  TestClient,
  testConfig,
  uniqueName,
  withOnlyAdmins,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { startOidcTestProvider, type TestAccount, type TestProvider } from '../../test/oidc-test-provider.ts';
import { openSecret, SecretBoxError } from '../mailboxes/secret-box.ts';

const CLIENT_SECRET = 'desk-client-secret-4711';
const SSO_COOKIE = 'helpdesk_sso';

const accounts: Record<string, TestAccount> = {};
let idp: TestProvider;
let admin: TestClient;
let adminId: string;

/** A person at the provider with a fresh subject and address. */
function person(claims: TestAccount = {}): { subject: string; email: string } {
  const subject = uniqueName('sub');
  const email = `${subject.toLowerCase()}@corp.example.com`;
  accounts[subject] = { email, email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...claims };
  return { subject, email: accounts[subject]?.email ?? email };
}

const redirectUri = (id: string) => `${APP_ORIGIN}/api/auth/sso/${id}/callback`;

// The test provider checks redirect URIs exactly, so the providers of this file have known ids.
const IDS = [
  't-pending',
  't-active',
  't-off',
  't-mapped',
  't-domain',
  't-link',
  't-tamper',
  't-crud',
] as const;

/** Registers a provider through the admin API, pointing at the test provider. */
async function newProvider(
  id: (typeof IDS)[number],
  changes: Record<string, unknown> = {},
): Promise<TSsoProvider> {
  const response = await admin.post(SSO_PATHS.adminProviders, {
    id,
    label: `Corp ${id}`,
    issuer: idp.issuer,
    clientId: 'desk',
    clientSecret: CLIENT_SECRET,
    createAccounts: 'pending',
    ...changes,
  });
  if (response.status !== 201) throw new Error(`provider not created: ${response.status} ${response.text}`);
  return ZSsoProviderResponse.parse(response.body).provider;
}

function ssoCookieOf(response: { headers: Headers }): string | null {
  for (const line of response.headers.getSetCookie()) {
    const cookie = Bun.Cookie.parse(line);
    if (cookie.name === SSO_COOKIE && cookie.value) return cookie.value;
  }
  return null;
}

/** GET with both the session and the SSO cookie, as a browser sends them. */
function browse(client: TestClient, path: string, ssoCookie: string | null) {
  const cookies = ssoCookie ? [`${SSO_COOKIE}=${ssoCookie}`] : [];
  if (client.cookie) cookies.push(`${testConfig.sessionCookie.name}=${client.cookie}`);
  const saved = client.cookie;
  client.cookie = null;
  return client
    .get(path, cookies.length > 0 ? { headers: { cookie: cookies.join('; ') } } : {})
    .then((response) => {
      const isSessionSet = response.headers
        .getSetCookie()
        .some((line) => line.startsWith(testConfig.sessionCookie.name));
      if (!isSessionSet) client.cookie = saved;
      return response;
    });
}

/** Starts a sign-in and walks it through the provider: the desk's callback path, and the cookie to bring to it. */
async function throughProvider(
  client: TestClient,
  providerId: string,
  subject: string,
  options: { returnTo?: string; mode?: 'link' } = {},
) {
  const start = await browse(client, ssoStartPath(providerId, options), null);
  expect(start.status).toBe(302);
  const location = start.headers.get('location') ?? '';
  expect(location.startsWith(idp.issuer)).toBe(true);
  const back = new URL(await idp.signIn(location, subject));
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri(providerId));
  return { callbackPath: `${back.pathname}${back.search}`, cookie: ssoCookieOf(start) };
}

/** The whole round trip: the callback's answer. */
async function ssoSignIn(
  client: TestClient,
  providerId: string,
  subject: string,
  options: { returnTo?: string; mode?: 'link' } = {},
) {
  const { callbackPath, cookie } = await throughProvider(client, providerId, subject, options);
  return browse(client, callbackPath, cookie);
}

const errorCodeOf = (response: { headers: Headers }) =>
  new URL(response.headers.get('location') ?? '', APP_ORIGIN).searchParams.get('sso_error');

const userByEmail = async (email: string) =>
  (
    await sql<{ id: string; role: string; status: string; hasPassword: boolean }[]>`
      select id, role, status, password_hash is not null as "hasPassword" from users where lower(email) = ${email}`
  )[0];

const sessionCount = async (userId: string) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${userId}`)[0]?.n ?? 0;

beforeAll(async () => {
  const signed = await signedIn('admin');
  admin = signed.client;
  adminId = signed.user.id;
  idp = await startOidcTestProvider({
    accounts,
    clients: [
      {
        client_id: 'desk',
        client_secret: CLIENT_SECRET,
        redirect_uris: IDS.map(redirectUri),
        post_logout_redirect_uris: [`${APP_ORIGIN}/login`],
      },
    ],
  });
});
afterAll(async () => {
  await idp.stop();
});

describe('signing in with a provider', () => {
  beforeAll(async () => {
    await newProvider('t-pending');
    await newProvider('t-active', { createAccounts: 'active-end-users' });
    await newProvider('t-off', { createAccounts: 'off' });
  });

  test('the public list shows enabled providers by id and label only', async () => {
    const response = await new TestClient().get(SSO_PATHS.providers);
    expect(response.status).toBe(200);
    const { providers } = ZSsoPublicProviderList.parse(response.body);
    expect(providers).toContainEqual({ id: 't-pending', label: 'Corp t-pending' });
    expect(response.text).not.toContain(idp.issuer);
    expect(response.text).not.toContain('desk');
  });

  test('a new person becomes a pending end user with no password and no session', async () => {
    const { subject, email } = person();
    const client = new TestClient();
    const response = await ssoSignIn(client, 't-pending', subject);
    expect(response.status).toBe(302);
    expect(errorCodeOf(response)).toBe('account_pending');
    expect(response.headers.get('location')).toStartWith('/login?');
    const user = await userByEmail(email);
    expect(user).toMatchObject({ role: 'end_user', status: 'pending', hasPassword: false });
    expect(await sessionCount(user?.id ?? '')).toBe(0);
    expect(client.cookie).toBeNull();
    const identities = await sql`select * from user_identities where subject = ${subject}`;
    expect(identities.length).toBe(1);
    // No password, yet not an invitation: the admin's list offers no "Resend invitation" for it.
    const listed = ZUserListResponse.parse((await admin.get(`${API_PATHS.adminUsers}?status=pending`)).body);
    const shown = listed.users.find((row) => row.id === user?.id);
    expect(shown?.isInvited).toBe(false);
  });

  test('an account opened by a provider is a user.registered webhook event', async () => {
    const [webhook] = await sql<{ id: string }[]>`
      insert into webhooks (name, url, events, secret_ciphertext, is_enabled)
      values ('SSO registrations', 'https://hooks.example.com/sso', array['user.registered'], 'v1.sealed', true)
      returning id`;
    try {
      const { subject, email } = person();
      expect((await ssoSignIn(new TestClient(), 't-pending', subject)).status).toBe(302);
      const bodies = await sql<{ body: string }[]>`
        select body from webhook_deliveries where webhook_id = ${webhook?.id ?? ''}`;
      expect(bodies.map((row) => JSON.parse(row.body).data.user)).toEqual([
        expect.objectContaining({ email, role: 'end_user', status: 'pending' }),
      ]);
    } finally {
      await sql`delete from webhooks where id = ${webhook?.id ?? ''}`;
    }
  });

  test('a trusted provider opens an active end user, signed in, sent to returnTo; the session records the provider', async () => {
    const { subject, email } = person();
    const client = new TestClient();
    const response = await ssoSignIn(client, 't-active', subject, { returnTo: '/tickets/new' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/tickets/new');
    expect(client.cookie).not.toBeNull();
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect((me.body as { user: { email: string; role: string } }).user).toMatchObject({
      email,
      role: 'end_user',
    });
    const [session] = await sql<{ sess: Record<string, unknown> }[]>`
      select sess from sessions s join users u on u.id = s.user_id where lower(u.email) = ${email}`;
    expect(session?.sess).toMatchObject({ method: 'sso', providerId: 't-active' });
    expect(typeof session?.sess.idTokenHint).toBe('string');
  });

  test('two first sign-ins of one person at once open one account and never a 5xx', async () => {
    const { subject, email } = person();
    const flows = await Promise.all([0, 1].map(() => throughProvider(new TestClient(), 't-active', subject)));
    const answers = await Promise.all(
      flows.map((flow) => browse(new TestClient(), flow.callbackPath, flow.cookie)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const locations = answers.map((answer) => answer.headers.get('location'));
    expect(locations).toContain('/');
    for (const location of locations)
      expect(['/', '/login?sso_error=invalid_state']).toContain(location ?? '');
    expect((await sql`select 1 from users where lower(email) = ${email}`).length).toBe(1);
  });

  test('an unsafe returnTo falls back to the home page', async () => {
    const { subject } = person();
    const response = await ssoSignIn(new TestClient(), 't-active', subject, { returnTo: '//evil.example/x' });
    expect(response.headers.get('location')).toBe('/');
  });

  test('an existing agent is linked by verified email and signed in; the link is audited', async () => {
    const agent = await createUser({ role: 'agent' });
    const { subject } = person({ email: agent.email });
    const client = new TestClient();
    const response = await ssoSignIn(client, 't-off', subject);
    expect(response.headers.get('location')).toBe('/');
    expect(client.cookie).not.toBeNull();
    const [identity] = await sql`select user_id from user_identities where subject = ${subject}`;
    expect(identity?.user_id).toBe(agent.id);
    const audits =
      await sql`select * from admin_audit_logs where action = 'user.sso_linked' and target_user_id = ${agent.id}`;
    expect(audits.length).toBe(1);
    // The second time the identity itself finds the account.
    const again = await ssoSignIn(new TestClient(), 't-off', subject);
    expect(again.headers.get('location')).toBe('/');
  });

  test('an unverified email is never linked to the existing account', async () => {
    const agent = await createUser({ role: 'agent' });
    const { subject } = person({ email: agent.email, email_verified: false });
    const client = new TestClient();
    const response = await ssoSignIn(client, 't-pending', subject);
    expect(errorCodeOf(response)).toBe('email_not_verified');
    expect(client.cookie).toBeNull();
    expect((await sql`select 1 from user_identities where subject = ${subject}`).length).toBe(0);
    expect(await sessionCount(agent.id)).toBe(0);
  });

  test('an admin account is never linked automatically', async () => {
    const target = await createUser({ role: 'admin' });
    const { subject } = person({ email: target.email });
    const client = new TestClient();
    const response = await ssoSignIn(client, 't-pending', subject);
    expect(errorCodeOf(response)).toBe('admin_link_required');
    expect(client.cookie).toBeNull();
    expect((await sql`select 1 from user_identities where subject = ${subject}`).length).toBe(0);
  });

  test('while the desk holds its maximum of pending accounts, a provider opens no more', async () => {
    const { subject, email } = person();
    await withRateLimitScale(0.001, async () => {
      const response = await ssoSignIn(new TestClient(), 't-pending', subject);
      expect(errorCodeOf(response)).toBe('registrations_closed');
    });
    expect(await userByEmail(email)).toBeUndefined();
  });

  test('no account and none may be created', async () => {
    const { subject, email } = person();
    const response = await ssoSignIn(new TestClient(), 't-off', subject);
    expect(errorCodeOf(response)).toBe('no_account');
    expect(await userByEmail(email)).toBeUndefined();
  });

  test('a rejected account hears the password sign-in answer, with no session', async () => {
    const rejected = await createUser({ status: 'rejected' });
    const { subject } = person({ email: rejected.email });
    const response = await ssoSignIn(new TestClient(), 't-off', subject);
    expect(errorCodeOf(response)).toBe('account_rejected');
    expect(await sessionCount(rejected.id)).toBe(0);
  });
});

describe('the callback refuses what it cannot trust', () => {
  test('a wrong state', async () => {
    const { subject } = person();
    const client = new TestClient();
    const { callbackPath, cookie } = await throughProvider(client, 't-active', subject);
    const tampered = callbackPath.replace(/state=[^&]+/, 'state=forged');
    const response = await browse(client, tampered, cookie);
    expect(errorCodeOf(response)).toBe('invalid_state');
    expect(client.cookie).toBeNull();
  });

  test('a missing cookie (another browser)', async () => {
    const { subject } = person();
    const client = new TestClient();
    const { callbackPath } = await throughProvider(client, 't-active', subject);
    const response = await browse(new TestClient(), callbackPath, null);
    expect(errorCodeOf(response)).toBe('invalid_state');
  });

  test('a replayed callback: the pending sign-in works once', async () => {
    const { subject } = person();
    const client = new TestClient();
    const { callbackPath, cookie } = await throughProvider(client, 't-active', subject);
    expect((await browse(client, callbackPath, cookie)).headers.get('location')).toBe('/');
    const replay = new TestClient();
    const response = await browse(replay, callbackPath, cookie);
    expect(errorCodeOf(response)).toBe('invalid_state');
    expect(replay.cookie).toBeNull();
  });

  test('a replayed code with a fresh pending sign-in is refused by the provider', async () => {
    const { subject } = person();
    const first = await throughProvider(new TestClient(), 't-active', subject);
    expect((await browse(new TestClient(), first.callbackPath, first.cookie)).status).toBe(302);
    // A second start in the same browser, its state pasted onto the first, used code.
    const client = new TestClient();
    const second = await throughProvider(client, 't-active', subject);
    const state = new URL(second.callbackPath, APP_ORIGIN).searchParams.get('state') ?? '';
    const replayed = first.callbackPath.replace(/state=[^&]+/, `state=${encodeURIComponent(state)}`);
    const response = await browse(client, replayed, second.cookie);
    expect(errorCodeOf(response)).toBe('invalid_code');
    expect(client.cookie).toBeNull();
  });

  test('an expired ID token and one signed with another key', async () => {
    await newProvider('t-tamper', { createAccounts: 'active-end-users' });
    for (const mode of ['expired', 'foreign-key'] as const) {
      const { subject, email } = person();
      idp.tamperIdTokens(mode);
      try {
        const client = new TestClient();
        const response = await ssoSignIn(client, 't-tamper', subject);
        expect(errorCodeOf(response)).toBe('invalid_id_token');
        expect(client.cookie).toBeNull();
        expect(await userByEmail(email)).toBeUndefined();
      } finally {
        idp.tamperIdTokens(null);
      }
    }
    // Untampered, the same provider signs in: the refusals were the tokens'.
    const { subject } = person();
    expect((await ssoSignIn(new TestClient(), 't-tamper', subject)).headers.get('location')).toBe('/');
  });

  test('a provider that is down answers a clear code, promptly', async () => {
    const closed = await startOidcTestProvider({ accounts: {}, clients: [] });
    await closed.stop();
    await admin.post(SSO_PATHS.adminProviders, {
      id: 't-down',
      label: 'Down',
      issuer: closed.issuer,
      clientId: 'desk',
    });
    const started = Date.now();
    const response = await browse(new TestClient(), ssoStartPath('t-down'), null);
    expect(response.status).toBe(302);
    expect(errorCodeOf(response)).toBe('provider_unreachable');
    expect(Date.now() - started).toBeLessThan(6000);
    const test = await admin.post(SSO_PATHS.adminProviderTest.replace(':id', 't-down'));
    expect(test.body).toEqual({ ok: false, message: SSO_MESSAGES.providerUnreachable });
  });

  test('a disabled or unknown provider', async () => {
    const { subject } = person();
    const client = new TestClient();
    const pending = await throughProvider(client, 't-active', subject);
    await admin.patch(SSO_PATHS.adminProvider.replace(':id', 't-active'), { enabled: false });
    try {
      expect(errorCodeOf(await browse(client, pending.callbackPath, pending.cookie))).toBe(
        'provider_unavailable',
      );
      expect(errorCodeOf(await browse(client, ssoStartPath('t-active'), null))).toBe('provider_unavailable');
      expect(errorCodeOf(await browse(client, ssoStartPath('no-such'), null))).toBe('provider_unavailable');
      const list = ZSsoPublicProviderList.parse((await client.get(SSO_PATHS.providers)).body);
      expect(list.providers.map((provider) => provider.id)).not.toContain('t-active');
    } finally {
      await admin.patch(SSO_PATHS.adminProvider.replace(':id', 't-active'), { enabled: true });
    }
    expect(client.cookie).toBeNull();
  });

  test('the provider declining answers provider_denied', async () => {
    const client = new TestClient();
    const start = await browse(client, ssoStartPath('t-active'), null);
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state');
    const response = await browse(
      client,
      `/api/auth/sso/t-active/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(idp.issuer)}`,
      ssoCookieOf(start),
    );
    expect(errorCodeOf(response)).toBe('provider_denied');
  });

  test('an email outside the provider’s domains', async () => {
    await newProvider('t-domain', { createAccounts: 'active-end-users', domains: ['other.example.org'] });
    const { subject, email } = person();
    const response = await ssoSignIn(new TestClient(), 't-domain', subject);
    expect(errorCodeOf(response)).toBe('domain_not_allowed');
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('role mapping', () => {
  test('sets admin, then back to end user, audited; the last active admin is never demoted', async () => {
    await newProvider('t-mapped', {
      createAccounts: 'active-end-users',
      roleClaim: 'groups',
      adminValues: ['desk-admins'],
      agentValues: ['desk-agents'],
    });
    const agent = await createUser({ role: 'agent' });
    const { subject } = person({ email: agent.email, groups: ['desk-admins'] });
    const response = await ssoSignIn(new TestClient(), 't-mapped', subject);
    expect(response.headers.get('location')).toBe('/admin');
    expect((await userByEmail(agent.email.toLowerCase()))?.role).toBe('admin');
    const audits = await sql<{ details: Record<string, string> }[]>`
      select details from admin_audit_logs where action = 'user.role_changed' and target_user_id = ${agent.id}`;
    expect(audits.map((row) => row.details.to)).toEqual(['admin']);

    if (accounts[subject]) accounts[subject].groups = ['somewhere-else'];
    await ssoSignIn(new TestClient(), 't-mapped', subject);
    expect((await userByEmail(agent.email.toLowerCase()))?.role).toBe('end_user');

    if (accounts[subject]) accounts[subject].groups = ['desk-admins'];
    await ssoSignIn(new TestClient(), 't-mapped', subject);
    expect((await userByEmail(agent.email.toLowerCase()))?.role).toBe('admin');
    await withOnlyAdmins([agent.id], async () => {
      if (accounts[subject]) accounts[subject].groups = [];
      const last = await ssoSignIn(new TestClient(), 't-mapped', subject);
      expect(last.headers.get('location')).toBe('/admin');
      expect((await userByEmail(agent.email.toLowerCase()))?.role).toBe('admin');
    });
  });

  test('a new person mapped to staff starts pending', async () => {
    const { subject, email } = person({ groups: ['desk-agents'] });
    const response = await ssoSignIn(new TestClient(), 't-mapped', subject);
    expect(errorCodeOf(response)).toBe('account_pending');
    expect(await userByEmail(email)).toMatchObject({ role: 'agent', status: 'pending' });
  });
});

describe('linking from the profile', () => {
  beforeAll(async () => {
    await newProvider('t-link', { createAccounts: 'off' });
  });

  test('an admin links a provider while signed in, then signs in with it; lists and unlinks it', async () => {
    const { user, client } = await signedIn('admin');
    const { subject } = person({ email: 'someone-else@corp.example.com' });
    const response = await ssoSignIn(client, 't-link', subject, { mode: 'link', returnTo: '/profile' });
    expect(response.headers.get('location')).toBe('/profile');
    const list = ZSsoIdentityList.parse((await client.get(SSO_PATHS.identities)).body);
    expect(list.identities).toHaveLength(1);
    expect(list.identities[0]).toMatchObject({ providerId: 't-link', providerLabel: 'Corp t-link' });

    const fresh = new TestClient();
    expect((await ssoSignIn(fresh, 't-link', subject)).headers.get('location')).toBe('/admin');
    expect(((await fresh.get('/api/auth/me')).body as { user: { id: string } }).user.id).toBe(user.id);

    const identityId = list.identities[0]?.id ?? '';
    const unlinked = await client.request('DELETE', SSO_PATHS.identity.replace(':id', identityId));
    expect(unlinked.status).toBe(200);
    expect(ZSsoIdentityList.parse((await client.get(SSO_PATHS.identities)).body).identities).toHaveLength(0);
  });

  test('link mode without a session, or with another person’s identity', async () => {
    const anonymous = await browse(new TestClient(), ssoStartPath('t-link', { mode: 'link' }), null);
    expect(errorCodeOf(anonymous)).toBe('link_session_ended');

    const owner = await signedIn('agent');
    const { subject } = person();
    await ssoSignIn(owner.client, 't-link', subject, { mode: 'link' });
    const other = await signedIn('agent');
    const response = await ssoSignIn(other.client, 't-link', subject, { mode: 'link' });
    expect(response.headers.get('location')).toBe('/profile?sso_error=identity_in_use');
  });

  test('the last way in cannot be unlinked; someone else’s identity is not found', async () => {
    const { subject, email } = person();
    const client = new TestClient();
    await ssoSignIn(client, 't-active', subject);
    const [identity] = ZSsoIdentityList.parse((await client.get(SSO_PATHS.identities)).body).identities;
    const stranger = await signedIn('end_user');
    const notTheirs = await stranger.client.request(
      'DELETE',
      SSO_PATHS.identity.replace(':id', identity?.id ?? ''),
    );
    expect(notTheirs.status).toBe(404);
    const last = await client.request('DELETE', SSO_PATHS.identity.replace(':id', identity?.id ?? ''));
    expect(last.status).toBe(409);
    expect(errorOf(last).message).toBe(SSO_MESSAGES.lastWayIn);
    expect(await userByEmail(email)).toBeDefined();
  });
});

describe('password sign-in and sign-out of SSO accounts', () => {
  test('an SSO-only account hears that it uses OAuth, counted as a failure', async () => {
    const { subject, email } = person();
    await ssoSignIn(new TestClient(), 't-active', subject);
    const [row] = await sql<{ username: string }[]>`select username from users where lower(email) = ${email}`;
    const client = new TestClient();
    const response = await client.post('/api/auth/login', {
      username: row?.username,
      password: 'Whatever-123',
    });
    expect(response.status).toBe(401);
    expect(errorOf(response).message).toBe(SSO_MESSAGES.oauthAccount);
    expect(errorOf(response).message).toContain('OAuth');
    const failures =
      await sql`select 1 from login_failures where key like ${`%${row?.username.toLowerCase()}%`}`;
    expect(failures.length).toBeGreaterThan(0);
  });

  test('signing out of a provider session answers the provider’s logout URL; a password session does not', async () => {
    const { subject } = person();
    const client = new TestClient();
    await ssoSignIn(client, 't-active', subject);
    const response = await client.post('/api/auth/logout');
    const body = ZSignOutResponse.parse(response.body);
    expect(body.message).toBe('Signed out');
    expect(body.providerLabel).toBe('Corp t-active');
    const url = new URL(body.providerLogoutUrl ?? '');
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${APP_ORIGIN}/login`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(client.cookie).toBeNull();

    const password = await signedIn('end_user');
    expect((await password.client.post('/api/auth/logout')).body).toEqual({ message: 'Signed out' });
  });
});

describe('admin provider records', () => {
  const count = async () => (await sql<{ n: number }[]>`select count(*)::int as n from sso_providers`)[0]?.n;
  const valid = { id: 't-crud', label: 'Crud', issuer: 'https://login.example.com/tenant', clientId: 'desk' };

  test('the secret is sealed, never answered, and opens only as an SSO secret; writes are audited', async () => {
    const created = await newProvider('t-crud');
    expect(created.hasClientSecret).toBe(true);
    expect(created.redirectUri).toBe(redirectUri('t-crud'));
    for (const response of [
      await admin.get(SSO_PATHS.adminProviders),
      await admin.get(SSO_PATHS.adminProvider.replace(':id', 't-crud')),
      await admin.patch(SSO_PATHS.adminProvider.replace(':id', 't-crud'), { label: 'Crud two' }),
    ]) {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(CLIENT_SECRET);
    }
    const [row] = await sql<{ sealed: string }[]>`
      select client_secret_ciphertext as sealed from sso_providers where id = 't-crud'`;
    expect(row?.sealed).toStartWith('v1.');
    expect(row?.sealed).not.toContain(CLIENT_SECRET);
    expect(() => openSecret(testConfig.mailSecretKey, row?.sealed ?? '')).toThrow(SecretBoxError);

    const cleared = await admin.patch(SSO_PATHS.adminProvider.replace(':id', 't-crud'), {
      clientSecret: null,
    });
    expect(ZSsoProviderResponse.parse(cleared.body).provider.hasClientSecret).toBe(false);
    const actions = await sql<{ action: string }[]>`
      select action from admin_audit_logs where admin_user_id = ${adminId} and details->>'providerId' = 't-crud'
      order by created_at`;
    expect(actions.map((entry) => entry.action)).toEqual([
      'sso_provider.created',
      'sso_provider.updated',
      'sso_provider.updated',
    ]);
  });

  test('bad, hostile and oversized bodies answer 400 and change nothing', async () => {
    const before = await count();
    const bodies: Record<string, unknown>[] = [
      { ...valid, id: 't-bad-1', issuer: 'http://login.example.com' },
      { ...valid, id: 't-bad-2', issuer: 'javascript:alert(1)' },
      { ...valid, id: 't-bad-3', issuer: 'https://user:pw@login.example.com' },
      { ...valid, id: 't-bad-4', issuer: 'https://login.example.com/?x=1' },
      { ...valid, id: 't-bad-5', issuer: `https://login.example.com/${'a'.repeat(600)}` },
      { ...valid, id: 'Bad_Id' },
      { ...valid, id: '-dash' },
      { ...valid, id: 'x'.repeat(41) },
      { ...valid, id: 't-bad-6', label: 'L'.repeat(61) },
      { ...valid, id: 't-bad-7', label: 'Corp\u202Egnp.exe' },
      { ...valid, id: 't-bad-8', label: '   ' },
      { ...valid, id: 't-bad-9', domains: ['not a domain'] },
      { ...valid, id: 't-bad-10', domains: Array.from({ length: 51 }, (_, n) => `d${n}.example.com`) },
      { ...valid, id: 't-bad-11', clientSecret: 'line\nbreak' },
      { ...valid, id: 't-bad-12', clientSecret: 's'.repeat(3000) },
      { ...valid, id: 't-bad-13', createAccounts: 'everyone' },
      { ...valid, id: 't-bad-14', roleClaim: 'groups; drop table' },
      { ...valid, id: 't-bad-15', adminValues: ['x'.repeat(201)] },
      { ...valid, id: 't-bad-16', isAdmin: true },
      { ...valid, id: 't-bad-17', enabled: 'yes' },
      { id: 't-bad-18' },
    ];
    for (const body of bodies) {
      const response = await admin.post(SSO_PATHS.adminProviders, body);
      expect({ body: JSON.stringify(body).slice(0, 80), status: response.status }).toEqual({
        body: JSON.stringify(body).slice(0, 80),
        status: 400,
      });
    }
    const huge = await admin.post(SSO_PATHS.adminProviders, {
      ...valid,
      id: 't-bad-19',
      label: 'x'.repeat(2_000_000),
    });
    expect([400, 413]).toContain(huge.status);
    const patch = await admin.patch(SSO_PATHS.adminProvider.replace(':id', 't-pending'), {
      issuer: 'http://evil.example.com',
    });
    expect(patch.status).toBe(400);
    expect((await admin.patch(SSO_PATHS.adminProvider.replace(':id', 't-pending'), {})).status).toBe(400);
    expect(await count()).toBe(before);
    const [stored] = await sql<{ issuer: string }[]>`select issuer from sso_providers where id = 't-pending'`;
    expect(stored?.issuer).toBe(idp.issuer);
  });

  test('a taken id is a 409, an unknown one a 404; only admins may read or write', async () => {
    const taken = await admin.post(SSO_PATHS.adminProviders, { ...valid, id: 't-pending' });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe(SSO_MESSAGES.providerExists);
    expect((await admin.get(SSO_PATHS.adminProvider.replace(':id', 'nope'))).status).toBe(404);
    expect((await admin.request('DELETE', SSO_PATHS.adminProvider.replace(':id', 'nope'))).status).toBe(404);
    const agent = await signedIn('agent');
    expect((await agent.client.get(SSO_PATHS.adminProviders)).status).toBe(403);
    expect((await agent.client.post(SSO_PATHS.adminProviders, { ...valid, id: 't-agent' })).status).toBe(403);
    expect((await new TestClient().get(SSO_PATHS.adminProviders)).status).toBe(401);
  });

  test('a flood of changes from one admin hears 429 and changes nothing more', async () => {
    const flooder = await signedIn('admin');
    await withRateLimitScale(1, async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 32; n++) {
        const response = await flooder.client.patch(SSO_PATHS.adminProvider.replace(':id', 't-crud'), {
          label: `Flood ${n}`,
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
    const [row] = await sql<{ label: string }[]>`select label from sso_providers where id = 't-crud'`;
    expect(row?.label).toBe('Flood 29');
  });

  test('deleting a provider removes its identities and is audited', async () => {
    const response = await admin.request('DELETE', SSO_PATHS.adminProvider.replace(':id', 't-crud'));
    expect(response.status).toBe(200);
    expect((await sql`select 1 from sso_providers where id = 't-crud'`).length).toBe(0);
    const audits = await sql`
      select 1 from admin_audit_logs where action = 'sso_provider.deleted' and details->>'providerId' = 't-crud'`;
    expect(audits.length).toBe(1);
  });
});

describe('throttling the public sign-in', () => {
  test('floods of starts and of callbacks from one address hear 429', async () => {
    await withRateLimitScale(1, async () => {
      for (const path of [ssoStartPath('no-such'), '/api/auth/sso/no-such/callback?state=x&code=y']) {
        const client = new TestClient();
        const statuses: number[] = [];
        for (let n = 0; n < 31; n++) statuses.push((await client.get(path)).status);
        expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
        expect(client.cookie).toBeNull();
      }
    });
  });
});
