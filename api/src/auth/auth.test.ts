import { describe, expect, test } from 'bun:test';
import { API_PATHS, ERROR_CODES, SERVER_MESSAGES, type TUser } from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  signIn,
  sql,
  TEST_PASSWORD,
  TestClient,
  type TestResponse,
  testConfig,
  uniqueName,
} from '../../test/helpers.ts';
import { runPasswordResetJobs } from '../../test/password-reset-jobs.ts';
import { sha256Hex } from '../session.ts';

const userOf = (response: TestResponse) => (response.body as { user: TUser }).user;

function registration(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('reg');
  return {
    username,
    email: `${username}@example.test`,
    password: 'Register1!',
    firstName: 'Reg',
    lastName: 'Istrant',
    ...overrides,
  };
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from sessions where user_id = ${userId}`;
  return row?.count ?? 0;
}

describe('POST /api/auth/register', () => {
  test('creates a pending end user and never a session', async () => {
    const client = new TestClient();
    const body = registration();
    const response = await client.post(API_PATHS.authRegister, body);
    expect(response.status).toBe(201);
    const user = userOf(response);
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      role: 'end_user',
      status: 'pending',
    });
    expect(user.approvedBy).toBeNull();
    expect(JSON.stringify(response.body)).not.toContain('password');
    expect(client.cookie).toBeNull();
    const [row] = await sql<
      { passwordHash: string }[]
    >`select password_hash as "passwordHash" from users where id = ${user.id}`;
    expect(row?.passwordHash).toStartWith('$argon2id$');
  });

  test('refuses role, status, approvedBy or any extra key, and creates nothing', async () => {
    for (const extra of [
      { role: 'admin' },
      { status: 'active' },
      { approvedBy: crypto.randomUUID() },
      { isAdmin: true },
    ]) {
      const body = registration(extra);
      const response = await new TestClient().post(API_PATHS.authRegister, body);
      expect(response.status).toBe(400);
      const error = errorOf(response);
      expect(error.message).toBe(SERVER_MESSAGES.invalidRegistration);
      expect(error.fields?.[Object.keys(extra)[0] ?? '']).toBe('Unknown field');
      const [row] = await sql<
        { count: number }[]
      >`select count(*)::int as count from users where username = ${body.username}`;
      expect(row?.count).toBe(0);
    }
  });

  test('answers 409 for a taken username or email, whatever the case', async () => {
    const existing = await createUser();
    const byName = await new TestClient().post(
      API_PATHS.authRegister,
      registration({ username: existing.username.toUpperCase() }),
    );
    expect(byName.status).toBe(409);
    expect(errorOf(byName)).toEqual({ code: ERROR_CODES.conflict, message: SERVER_MESSAGES.usernameExists });
    const byEmail = await new TestClient().post(
      API_PATHS.authRegister,
      registration({ email: existing.email.toUpperCase() }),
    );
    expect(byEmail.status).toBe(409);
    expect(errorOf(byEmail).message).toBe(SERVER_MESSAGES.emailExists);
  });

  test('two registrations racing for one username: one 201, one 409, never 500', async () => {
    const username = uniqueName('race');
    const responses = await Promise.all(
      [1, 2, 3].map((n) =>
        new TestClient().post(
          API_PATHS.authRegister,
          registration({ username, email: `${username}.${n}@example.test` }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(errorOf(response).message).toBe(SERVER_MESSAGES.usernameExists);
    }
  });

  test('a too-short or too-long password says "Password does not meet requirements"', async () => {
    for (const password of ['short1!', 'x'.repeat(1025), 'é'.repeat(600)]) {
      const response = await new TestClient().post(API_PATHS.authRegister, registration({ password }));
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(SERVER_MESSAGES.passwordRequirements);
      expect(errorOf(response).fields?.password).toBeString();
    }
  });

  test('other invalid data says "Invalid registration data" with field messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ username: 'x'.repeat(51) }, 'username', 'Username must be less than 50 characters'],
      [
        { username: "robert'); drop table users;--" },
        'username',
        'Username may only contain letters, numbers, dots, hyphens and underscores',
      ],
      [
        { username: 'ünïcødé' },
        'username',
        'Username may only contain letters, numbers, dots, hyphens and underscores',
      ],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ firstName: '   ' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ firstName: 'x'.repeat(101) }, 'firstName', 'Must be at most 100 characters'],
    ];
    for (const [override, field, message] of cases) {
      const response = await new TestClient().post(API_PATHS.authRegister, registration(override));
      expect(response.status).toBe(400);
      const error = errorOf(response);
      expect(error.message).toBe(SERVER_MESSAGES.invalidRegistration);
      expect(error.fields?.[field]).toBe(message);
    }
    const missing = await new TestClient().post(API_PATHS.authRegister, {});
    expect(errorOf(missing).message).toBe(SERVER_MESSAGES.invalidRegistration);
  });

  test('stores SQL-ish and unicode names as plain text', async () => {
    const body = registration({ firstName: "Robert'); DROP TABLE users;--", lastName: 'Ñúñez 李 🚀' });
    const response = await new TestClient().post(API_PATHS.authRegister, body);
    expect(response.status).toBe(201);
    expect(userOf(response)).toMatchObject({ firstName: body.firstName, lastName: body.lastName });
  });
});

describe('POST /api/auth/login', () => {
  test('signs in an active user (username in any case), sets the cookie and lastLoginAt', async () => {
    const user = await createUser();
    const client = new TestClient();
    const response = await client.post(API_PATHS.authLogin, {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(response.status).toBe(200);
    expect(userOf(response)).toMatchObject({
      id: user.id,
      role: 'end_user',
      status: 'active',
      firstName: 'Test',
    });
    expect(userOf(response).lastLoginAt).not.toBeNull();
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toStartWith(`${testConfig.sessionCookie.name}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(client.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await sql<{ sid: string }[]>`select sid from sessions where user_id = ${user.id}`;
    expect(stored.map((s) => s.sid)).toEqual([sha256Hex(client.cookie ?? '')]);
  });

  test('unknown user and wrong password answer the same status and body', async () => {
    const user = await createUser();
    const wrong = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: 'Wrong1234!',
    });
    const unknown = await new TestClient().post(API_PATHS.authLogin, {
      username: uniqueName('ghost'),
      password: 'Wrong1234!',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(errorOf(wrong)).toEqual({
      code: ERROR_CODES.unauthenticated,
      message: SERVER_MESSAGES.invalidCredentials,
    });
  });

  test('an unknown user takes as long as a wrong password (a dummy hash is verified)', async () => {
    const user = await createUser();
    const time = async (username: string) => {
      const started = performance.now();
      const response = await new TestClient().post(API_PATHS.authLogin, { username, password: 'Wrong1234!' });
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    await time(uniqueName('warm'));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      known.push(await time(user.username));
      unknown.push(await time(uniqueName('ghost')));
    }
    // Without the dummy verification an unknown user answers in about a tenth of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  test("says 'pending approval' and 'rejected' only when the password is right", async () => {
    const pending = await createUser({ status: 'pending' });
    const rejected = await createUser({ status: 'rejected' });
    const approvedNotActive = await createUser({ status: 'approved' });
    const pendingRight = await new TestClient().post(API_PATHS.authLogin, {
      username: pending.username,
      password: pending.password,
    });
    expect(pendingRight.status).toBe(403);
    expect(errorOf(pendingRight)).toEqual({
      code: ERROR_CODES.accountPending,
      message: SERVER_MESSAGES.accountPending,
    });
    expect(errorOf(pendingRight).message).toContain('pending approval');
    const rejectedRight = await new TestClient().post(API_PATHS.authLogin, {
      username: rejected.username,
      password: rejected.password,
    });
    expect(rejectedRight.status).toBe(403);
    expect(errorOf(rejectedRight).message).toContain('rejected');
    const approvedRight = await new TestClient().post(API_PATHS.authLogin, {
      username: approvedNotActive.username,
      password: approvedNotActive.password,
    });
    expect(errorOf(approvedRight)).toEqual({
      code: ERROR_CODES.accountInactive,
      message: SERVER_MESSAGES.accountInactive,
    });
    for (const user of [pending, rejected]) {
      const wrong = await new TestClient().post(API_PATHS.authLogin, {
        username: user.username,
        password: 'Wrong1234!',
      });
      expect(wrong.status).toBe(401);
      expect(errorOf(wrong).message).toBe(SERVER_MESSAGES.invalidCredentials);
    }
    expect(await sessionCount(pending.id)).toBe(0);
    expect(await sessionCount(rejected.id)).toBe(0);
  });

  test('a hash made at another cost is replaced at the next sign-in, once, and never on a wrong password', async () => {
    const user = await createUser();
    // Made at the cost the desk used before its current one (19 MiB, 2 passes).
    const outdated = await Bun.password.hash(user.password, {
      algorithm: 'argon2id',
      memoryCost: 19_456,
      timeCost: 2,
    });
    await sql`update users set password_hash = ${outdated} where id = ${user.id}`;
    const storedHash = async () =>
      (await sql<{ hash: string }[]>`select password_hash as hash from users where id = ${user.id}`)[0]
        ?.hash ?? '';

    const wrong = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: 'Wrong1234!',
    });
    expect(wrong.status).toBe(401);
    expect(await storedHash()).toBe(outdated);

    const first = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(first.status).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).not.toBe(outdated);
    expect(upgraded).toStartWith('$argon2id$v=19$m=7168,t=5,p=1$');
    expect(await Bun.password.verify(user.password, upgraded)).toBe(true);

    const second = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(second.status).toBe(200);
    expect(await storedHash()).toBe(upgraded);
  });

  test('passwords are never trimmed', async () => {
    const user = await createUser({ password: ' Spaced 1! ' });
    expect(
      (await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: 'Spaced 1!' }))
        .status,
    ).toBe(401);
    expect(
      (await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: ' Spaced 1! ' }))
        .status,
    ).toBe(200);
  });

  test('a password over 1 KB is refused like a wrong one, without hashing', async () => {
    const user = await createUser();
    const started = performance.now();
    const response = await new TestClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: 'é'.repeat(600),
    });
    expect(response.status).toBe(401);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.invalidCredentials);
    expect(performance.now() - started).toBeLessThan(500);
  });

  test('hostile usernames are just unknown users', async () => {
    for (const username of ["' or '1'='1", "admin'--", '%', '_', '👾'.repeat(10), 'a'.repeat(254)]) {
      const response = await new TestClient().post(API_PATHS.authLogin, { username, password: 'Whatever1!' });
      expect(response.status).toBe(401);
      expect(errorOf(response).message).toBe(SERVER_MESSAGES.invalidCredentials);
    }
  });

  test('a NUL character is a 400 naming the field, never a 500', async () => {
    const response = await new TestClient().post(API_PATHS.authLogin, {
      username: 'ad\u0000min',
      password: 'Whatever1!',
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).fields).toEqual({ username: 'Must not contain NUL characters' });
    const nested = await new TestClient().post(API_PATHS.authRegister, {
      ...registration(),
      lastName: 'x\u0000',
    });
    expect(errorOf(nested).fields).toEqual({ lastName: 'Must not contain NUL characters' });
  });

  test('every sign-in gets a new session id; the previous one presented ends', async () => {
    const user = await createUser();
    const client = await signIn(user);
    const first = client.cookie;
    const again = await client.post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(again.status).toBe(200);
    expect(client.cookie).not.toBe(first);
    const stored = await sql<{ sid: string }[]>`select sid from sessions where user_id = ${user.id}`;
    expect(stored.map((s) => s.sid)).toEqual([sha256Hex(client.cookie ?? '')]);
    const old = new TestClient();
    old.cookie = first;
    expect((await old.get(API_PATHS.authMe)).status).toBe(401);
  });
});

describe('throttling', () => {
  test('5 failures of an account from one address give that address 429 with Retry-After, even for the right password', async () => {
    const user = await createUser();
    const guesser = new TestClient();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await guesser.post(API_PATHS.authLogin, {
        username: user.username,
        password: 'Wrong1234!',
      });
      expect(response.status).toBe(401);
    }
    const blocked = await guesser.post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(blocked.status).toBe(429);
    expect(errorOf(blocked)).toEqual({
      code: ERROR_CODES.tooManyRequests,
      message: SERVER_MESSAGES.tooManyAttempts,
    });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const admin = await guesser.post(API_PATHS.authAdminLogin, {
      username: user.username.toUpperCase(),
      password: user.password,
    });
    expect(admin.status).toBe(429);
    // Another address is not refused: the owner still gets in with the right password.
    expect(
      (await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: user.password }))
        .status,
    ).toBe(200);
  });

  test('a right password resets the account count', async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 4; attempt++) {
      await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: 'Wrong1234!' });
    }
    expect((await signIn(user)).cookie).not.toBeNull();
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await new TestClient().post(API_PATHS.authLogin, {
        username: user.username,
        password: 'Wrong1234!',
      });
      expect(response.status).toBe(401);
    }
  });

  test('one IP spraying many usernames is stopped by the per-IP limit', async () => {
    const sprayer = new TestClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) {
      const response = await sprayer.post(API_PATHS.authLogin, {
        username: uniqueName('spray'),
        password: 'Spray1234!',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const user = await createUser();
    const blocked = await sprayer.post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(blocked.status).toBe(429);
    expect(
      (await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: user.password }))
        .status,
    ).toBe(200);
  });

  test('X-Forwarded-For is ignored from peers that are not trusted proxies', async () => {
    const { clientIp } = await import('../client-ip.ts');
    const request = new Request('http://localhost/', { headers: { 'x-forwarded-for': '1.2.3.4' } });
    const peer = (address: string) => ({ requestIP: () => ({ address }) });
    expect(clientIp(request, peer('203.0.113.9'), new Set(['127.0.0.1']))).toBe('203.0.113.9');
    expect(clientIp(request, peer('127.0.0.1'), new Set(['127.0.0.1']))).toBe('1.2.3.4');
    expect(clientIp(request, peer('::ffff:127.0.0.1'), new Set(['127.0.0.1']))).toBe('1.2.3.4');
    const chained = new Request('http://localhost/', {
      headers: { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.2' },
    });
    expect(clientIp(chained, peer('127.0.0.1'), new Set(['127.0.0.1', '10.0.0.2']))).toBe('1.2.3.4');
    const garbage = new Request('http://localhost/', { headers: { 'x-forwarded-for': 'not-an-ip' } });
    expect(clientIp(garbage, peer('127.0.0.1'), new Set(['127.0.0.1']))).toBe('127.0.0.1');
  });
});

describe('sessions', () => {
  test('GET /api/auth/me and /api/auth/user answer the user; 401 when signed out', async () => {
    const { user, client } = await signedIn('agent');
    const me = await client.get(API_PATHS.authMe);
    expect(me.status).toBe(200);
    expect(userOf(me)).toMatchObject({ id: user.id, role: 'agent', status: 'active' });
    const plain = await client.get(API_PATHS.authUser);
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(userOf(me));
    for (const path of [API_PATHS.authMe, API_PATHS.authUser]) {
      const anonymous = await new TestClient().get(path);
      expect(anonymous.status).toBe(401);
      expect(errorOf(anonymous)).toEqual({
        code: ERROR_CODES.unauthenticated,
        message: SERVER_MESSAGES.notAuthenticated,
      });
    }
  });

  test('a forged or malformed cookie is signed out', async () => {
    for (const cookie of ['x'.repeat(43), 'short', "'; drop table sessions;--"]) {
      const client = new TestClient();
      client.cookie = cookie;
      const response = await client.get(API_PATHS.authMe);
      expect(response.status).toBe(401);
    }
  });

  test('logout deletes the session row and clears the cookie', async () => {
    const { user, client } = await signedIn('end_user');
    const token = client.cookie ?? '';
    const response = await client.post(API_PATHS.authLogout);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
    expect(client.cookie).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    const replay = new TestClient();
    replay.cookie = token;
    expect((await replay.get(API_PATHS.authMe)).status).toBe(401);
  });

  test('a rejected user is signed out on their next request', async () => {
    const { user, client } = await signedIn('end_user');
    await sql`update users set status = 'rejected' where id = ${user.id}`;
    const response = await client.get(API_PATHS.authMe);
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
    expect(await sessionCount(user.id)).toBe(0);
  });

  test('a role change takes effect on the next request', async () => {
    const { user, client } = await signedIn('admin');
    expect((await client.get(API_PATHS.adminUsers)).status).toBe(200);
    await sql`update users set role = 'end_user' where id = ${user.id}`;
    expect((await client.get(API_PATHS.adminUsers)).status).toBe(403);
    expect(userOf(await client.get(API_PATHS.authMe)).role).toBe('end_user');
  });

  test('idle expiry ends a session, and use slides it forward', async () => {
    const { user, client } = await signedIn('end_user');
    const sid = sha256Hex(client.cookie ?? '');
    await sql`update sessions set expire = now() + interval '30 seconds' where sid = ${sid}`;
    expect((await client.get(API_PATHS.authMe)).status).toBe(200);
    const [slid] = await sql<{ hours: number }[]>`
      select extract(epoch from (expire - now())) / 3600 as hours from sessions where sid = ${sid}`;
    expect(Number(slid?.hours)).toBeGreaterThan(7.9);
    await sql`update sessions set expire = now() - interval '1 second' where sid = ${sid}`;
    expect((await client.get(API_PATHS.authMe)).status).toBe(401);
    expect(user.id).toBeString();
  });

  test('the absolute expiry ends a session however active it is', async () => {
    const { client } = await signedIn('end_user');
    const sid = sha256Hex(client.cookie ?? '');
    const [row] = await sql<{ days: number }[]>`
      select extract(epoch from (absolute_expire - created_at)) / 86400 as days from sessions where sid = ${sid}`;
    expect(Math.round(Number(row?.days))).toBe(7);
    await sql`update sessions set expire = now() - interval '1 second', absolute_expire = now() - interval '1 second' where sid = ${sid}`;
    expect((await client.get(API_PATHS.authMe)).status).toBe(401);
  });
});

describe('POST /api/auth/admin/login', () => {
  test('signs in an admin', async () => {
    const admin = await createUser({ role: 'admin' });
    const client = new TestClient();
    const response = await client.post(API_PATHS.authAdminLogin, {
      username: admin.username,
      password: admin.password,
    });
    expect(response.status).toBe(200);
    expect(userOf(response)).toMatchObject({ id: admin.id, role: 'admin' });
    expect((await client.get(API_PATHS.adminUsers)).status).toBe(200);
  });

  test('a non-admin with the right password gets the same refusal as bad credentials', async () => {
    const agent = await createUser({ role: 'agent' });
    const right = await new TestClient().post(API_PATHS.authAdminLogin, {
      username: agent.username,
      password: agent.password,
    });
    const wrong = await new TestClient().post(API_PATHS.authAdminLogin, {
      username: agent.username,
      password: 'Wrong1234!',
    });
    const unknown = await new TestClient().post(API_PATHS.authAdminLogin, {
      username: uniqueName(),
      password: 'Wrong1234!',
    });
    expect(right.status).toBe(401);
    expect(right.text).toBe(wrong.text);
    expect(right.text).toBe(unknown.text);
    expect(await sessionCount(agent.id)).toBe(0);
  });

  test('a pending admin is refused the same way', async () => {
    const admin = await createUser({ role: 'admin', status: 'pending' });
    const response = await new TestClient().post(API_PATHS.authAdminLogin, {
      username: admin.username,
      password: admin.password,
    });
    expect(response.status).toBe(401);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.invalidCredentials);
  });
});

/** The reset links queued for an address so far (in the outbox, the email's plain-text body), oldest first. */
async function queuedResetLinks(email: string): Promise<string[]> {
  await runPasswordResetJobs();
  const rows = await sql<{ textBody: string }[]>`
    select text_body as "textBody" from email_outbox
    where kind = 'password_reset' and lower(recipient) = lower(${email})
    order by created_at, id`;
  return rows.flatMap((row) => row.textBody.match(/https?:\/\/\S+\/admin\/reset-password\?token=\S+/g) ?? []);
}

async function requestResetLink(email: string): Promise<string | null> {
  const before = (await queuedResetLinks(email)).length;
  const response = await new TestClient().post(API_PATHS.authAdminForgotPassword, { email });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ message: SERVER_MESSAGES.resetRequested });
  const links = await queuedResetLinks(email);
  if (links.length === before) return null;
  return new URL(links.at(-1) ?? '').searchParams.get('token');
}

describe('admin password reset', () => {
  test('forgot-password answers the same whether or not an admin has the email', async () => {
    const admin = await createUser({ role: 'admin' });
    const agent = await createUser({ role: 'agent' });
    const responses = await Promise.all(
      [admin.email, agent.email, `${uniqueName()}@example.test`].map((email) =>
        new TestClient().post(API_PATHS.authAdminForgotPassword, { email }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.text).toBe(responses[0]?.text ?? '');
    }
  });

  test('the link is built from APP_BASE_URL (never the Host header) and queued as an email', async () => {
    const admin = await createUser({ role: 'admin' });
    const response = await new TestClient().post(
      API_PATHS.authAdminForgotPassword,
      { email: admin.email.toUpperCase() },
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
    );
    expect(response.status).toBe(200);
    const [line, ...others] = await queuedResetLinks(admin.email);
    expect(others).toEqual([]);
    expect(line).toMatch(/^http:\/\/localhost:3000\/admin\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const [token] = await sql<{ tokenHash: string; minutes: number }[]>`
      select token_hash as "tokenHash", extract(epoch from (expires_at - created_at)) / 60 as minutes
      from password_reset_tokens where user_id = ${admin.id}`;
    expect(Math.round(Number(token?.minutes))).toBe(30);
    const raw = new URL(line ?? '').searchParams.get('token') ?? '';
    expect(token?.tokenHash).toBe(sha256Hex(raw));
    expect(token?.tokenHash).not.toContain(raw);
  });

  test('no link for non-admins or unknown emails', async () => {
    const agent = await createUser({ role: 'agent' });
    expect(await requestResetLink(agent.email)).toBeNull();
    expect(await requestResetLink(`${uniqueName()}@example.test`)).toBeNull();
  });

  test('reset sets the password, ends every session, and works once', async () => {
    const admin = await createUser({ role: 'admin' });
    const signedInClient = await signIn(admin);
    const token = await requestResetLink(admin.email);
    expect(token).not.toBeNull();
    const body = { token, password: 'NewStrong1!', confirmPassword: 'NewStrong1!' };
    const reset = await new TestClient().post(API_PATHS.authAdminResetPassword, body);
    expect(reset.status).toBe(200);
    expect(await sessionCount(admin.id)).toBe(0);
    expect((await signedInClient.get(API_PATHS.authMe)).status).toBe(401);
    expect(
      (
        await new TestClient().post(API_PATHS.authAdminLogin, {
          username: admin.username,
          password: admin.password,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await new TestClient().post(API_PATHS.authAdminLogin, {
          username: admin.username,
          password: 'NewStrong1!',
        })
      ).status,
    ).toBe(200);
    const again = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      ...body,
      password: 'Other123!',
      confirmPassword: 'Other123!',
    });
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
  });

  test('two concurrent resets with one token: exactly one wins', async () => {
    const admin = await createUser({ role: 'admin' });
    const token = await requestResetLink(admin.email);
    const responses = await Promise.all(
      ['RaceOne1!', 'RaceTwo2!'].map((password) =>
        new TestClient().post(API_PATHS.authAdminResetPassword, {
          token,
          password,
          confirmPassword: password,
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  test('a newer token supersedes the older one', async () => {
    const admin = await createUser({ role: 'admin' });
    const older = await requestResetLink(admin.email);
    const newer = await requestResetLink(admin.email);
    const stale = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token: older,
      password: 'Stale123!',
      confirmPassword: 'Stale123!',
    });
    expect(stale.status).toBe(400);
    expect(errorOf(stale).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
    const fresh = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token: newer,
      password: 'Fresh123!',
      confirmPassword: 'Fresh123!',
    });
    expect(fresh.status).toBe(200);
  });

  test('an expired token is refused', async () => {
    const admin = await createUser({ role: 'admin' });
    const token = await requestResetLink(admin.email);
    await sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${admin.id}`;
    const response = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'Expired1!',
      confirmPassword: 'Expired1!',
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
  });

  test('a random token, a mismatched confirmation or a short password are 400 and change nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const token = await requestResetLink(admin.email);
    const random = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token: 'A'.repeat(43),
      password: 'Random12!',
      confirmPassword: 'Random12!',
    });
    expect(errorOf(random).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
    const mismatch = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'Mismatch1!',
      confirmPassword: 'Mismatch2!',
    });
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch).fields?.confirmPassword).toBe(SERVER_MESSAGES.passwordsDontMatch);
    const short = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'a1!',
      confirmPassword: 'a1!',
    });
    expect(short.status).toBe(400);
    const missing = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      password: 'Missing1!',
      confirmPassword: 'Missing1!',
    });
    expect(missing.status).toBe(400);
    const [row] = await sql<
      { used: boolean }[]
    >`select used from password_reset_tokens where user_id = ${admin.id}`;
    expect(row?.used).toBe(false);
    expect(
      (
        await new TestClient().post(API_PATHS.authAdminLogin, {
          username: admin.username,
          password: admin.password,
        })
      ).status,
    ).toBe(200);
  });
});

describe('PATCH /api/auth/profile', () => {
  test('updates names and email, and nothing else', async () => {
    const { user, client } = await signedIn('end_user');
    const email = `${uniqueName()}@example.test`;
    const response = await client.patch(API_PATHS.authProfile, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email,
      currentPassword: user.password,
    });
    expect(response.status).toBe(200);
    // A new address waits for its confirmation link; the account keeps the old one until then.
    expect(userOf(response)).toMatchObject({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      pendingEmail: email,
      role: 'end_user',
    });
    const sneaky = await client.patch(API_PATHS.authProfile, {
      firstName: 'A',
      lastName: 'B',
      email,
      role: 'admin',
    });
    expect(sneaky.status).toBe(400);
    expect(errorOf(sneaky).fields?.role).toBe('Unknown field');
    expect(userOf(await client.get(API_PATHS.authMe)).role).toBe('end_user');
  });

  test('an email someone else uses is 409; invalid input is 400', async () => {
    const other = await createUser();
    const { client } = await signedIn('end_user');
    const taken = await client.patch(API_PATHS.authProfile, {
      firstName: 'A',
      lastName: 'B',
      email: other.email.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe(SERVER_MESSAGES.emailExists);
    const invalid = await client.patch(API_PATHS.authProfile, {
      firstName: '',
      lastName: 'B',
      email: 'nope',
    });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid).fields).toEqual({
      firstName: 'First name is required',
      email: 'Please enter a valid email address',
    });
  });

  test('keeping your own email is fine', async () => {
    const { user, client } = await signedIn('end_user');
    const response = await client.patch(API_PATHS.authProfile, {
      firstName: 'Same',
      lastName: 'Mail',
      email: user.email,
    });
    expect(response.status).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  test('checks the current password, rotates the session and ends the other sessions', async () => {
    const user = await createUser({ password: 'Current1!' });
    const client = await signIn(user);
    const otherDevice = await signIn(user);
    const before = client.cookie;
    const response = await client.post(API_PATHS.authChangePassword, {
      currentPassword: 'Current1!',
      newPassword: 'Changed1!',
      confirmPassword: 'Changed1!',
    });
    expect(response.status).toBe(200);
    expect(client.cookie).not.toBeNull();
    expect(client.cookie).not.toBe(before);
    expect((await client.get(API_PATHS.authMe)).status).toBe(200);
    expect((await otherDevice.get(API_PATHS.authMe)).status).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    expect(
      (await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: 'Changed1!' }))
        .status,
    ).toBe(200);
  });

  test('a wrong current password is 400 and changes nothing', async () => {
    const { user, client } = await signedIn('end_user');
    const response = await client.post(API_PATHS.authChangePassword, {
      currentPassword: 'Wrong1234!',
      newPassword: 'Changed1!',
      confirmPassword: 'Changed1!',
    });
    expect(response.status).toBe(400);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.currentPasswordWrong);
    expect((await client.get(API_PATHS.authMe)).status).toBe(200);
    expect(
      (await new TestClient().post(API_PATHS.authLogin, { username: user.username, password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
  });

  test('validation: short, mismatched, too long, missing', async () => {
    const { client } = await signedIn('end_user');
    const short = await client.post(API_PATHS.authChangePassword, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a',
      confirmPassword: 'a',
    });
    expect(errorOf(short).fields?.newPassword).toBe('New password must be at least 8 characters');
    const mismatch = await client.post(API_PATHS.authChangePassword, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changed1!',
      confirmPassword: 'Changed2!',
    });
    expect(errorOf(mismatch).fields?.confirmPassword).toBe(SERVER_MESSAGES.passwordsDontMatch);
    const long = await client.post(API_PATHS.authChangePassword, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'é'.repeat(600),
      confirmPassword: 'é'.repeat(600),
    });
    expect(long.status).toBe(400);
    expect(errorOf(long).message).toBe(SERVER_MESSAGES.passwordRequirements);
    const missing = await client.post(API_PATHS.authChangePassword, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {}).sort()).toEqual([
      'confirmPassword',
      'currentPassword',
      'newPassword',
    ]);
    expect((await client.get(API_PATHS.authMe)).status).toBe(200);
  });

  test('needs a session', async () => {
    const response = await new TestClient().post(API_PATHS.authChangePassword, {
      currentPassword: 'x',
      newPassword: 'Changed1!',
      confirmPassword: 'Changed1!',
    });
    expect(response.status).toBe(401);
  });
});
