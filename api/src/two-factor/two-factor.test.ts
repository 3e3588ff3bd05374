import { afterAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  adminUserTwoFactorPath,
  ERROR_CODES,
  SERVER_MESSAGES,
  type TUser,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
  ZSettings,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@helpdesk/contracts';
import { Secret, TOTP } from 'otpauth';
import {
  createUser,
  errorOf,
  settingsForm,
  signedIn,
  signIn,
  sql,
  TestClient,
  type TestResponse,
  type TestUser,
  testConfig,
} from '../../test/helpers.ts';
import { CHALLENGE_COOKIE, enableTwoFactor, totpCode, wrongCode } from '../../test/two-factor.ts';
import { SecretBoxError } from '../mailboxes/secret-box.ts';
import { sha256Hex } from '../session.ts';
import { matchingStep, secretFromStored, storedSecret } from './totp.ts';

const STEP_MS = 30_000;

/** A browser at the sign-in form: keeps the challenge cookie beside the session cookie. */
class SignInClient extends TestClient {
  challenge: string | null = null;
  challengeCookieHeader: string | null = null;

  override async request(method: string, path: string, options: Parameters<TestClient['request']>[2] = {}) {
    const headers = { ...options.headers };
    if (this.challenge) headers.cookie = `${CHALLENGE_COOKIE}=${this.challenge}`;
    const response = await super.request(method, path, { ...options, headers });
    for (const setCookie of response.headers.getSetCookie()) {
      const cookie = Bun.Cookie.parse(setCookie);
      if (cookie.name !== CHALLENGE_COOKIE) continue;
      this.challengeCookieHeader = setCookie;
      this.challenge = cookie.value && cookie.maxAge !== 0 ? cookie.value : null;
    }
    return response;
  }
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from sessions where user_id = ${userId}`;
  return row?.count ?? 0;
}

/** A user (of a role) with 2FA on, signed out again. */
async function userWithTwoFactor(role: TUser['role'] = 'end_user') {
  const user = await createUser({ role });
  const client = await signIn(user);
  const enabled = await enableTwoFactor(client);
  await client.post(API_PATHS.authLogout);
  return { user, ...enabled };
}

async function passwordStep(user: TestUser, path: string = API_PATHS.authLogin): Promise<SignInClient> {
  const client = new SignInClient();
  const response = await client.post(path, { username: user.username, password: user.password });
  expect(response.status).toBe(200);
  return client;
}

const userOf = (response: TestResponse) => (response.body as { user: TUser }).user;

function expectInvalidCode(response: TestResponse): void {
  expect(response.status).toBe(400);
  expect(errorOf(response)).toEqual({
    code: ERROR_CODES.validation,
    message: TWO_FACTOR_MESSAGES.invalidCode,
  });
}

afterAll(async () => {
  await sql`update settings set require_two_factor = null`;
});

describe('turning two-factor on from the profile', () => {
  test('setup shows the secret as text, an otpauth URI and an SVG QR code; a code turns it on with ten recovery codes', async () => {
    const { user, client } = await signedIn('end_user');
    const before = ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body);
    expect(before).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    const setup = ZTwoFactorSetup.parse((await client.post(TWO_FACTOR_PATHS.setup)).body);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toStartWith('otpauth://totp/');
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toStartWith('<svg');
    // Setup alone protects nothing: the password still signs in.
    expect(
      (
        await new SignInClient().post(API_PATHS.authLogin, {
          username: user.username,
          password: user.password,
        })
      ).body,
    ).toHaveProperty('user');

    const wrong = await client.post(TWO_FACTOR_PATHS.enable, {
      code: wrongCode(setup.secret),
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect(ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body).enabled).toBe(false);

    const enabled = await client.post(TWO_FACTOR_PATHS.enable, { code: totpCode(setup.secret) });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = enabled.body as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body)).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });

    // At rest: the secret sealed, the recovery codes only hashed.
    const [stored] = await sql<
      { secret: string }[]
    >`select secret from user_two_factor where user_id = ${user.id}`;
    expect(stored?.secret).toStartWith('v1.');
    expect(stored?.secret).not.toContain(setup.secret);
    const hashes = await sql<{ codeHash: string }[]>`
      select code_hash as "codeHash" from user_recovery_codes where user_id = ${user.id}`;
    expect(hashes).toHaveLength(10);
    const dump = JSON.stringify(hashes);
    for (const code of recoveryCodes) expect(dump).not.toContain(code.replace('-', ''));

    // Never again: a new setup is refused, and no answer carries the secret.
    const again = await client.post(TWO_FACTOR_PATHS.setup);
    expect(again.status).toBe(409);
    for (const response of [
      again,
      await client.get(TWO_FACTOR_PATHS.status),
      await client.get(API_PATHS.authMe),
    ]) {
      expect(response.text).not.toContain(setup.secret);
    }
    const audit =
      await sql`select 1 from admin_audit_logs where action = 'user.two_factor_enabled' and target_user_id = ${user.id}`;
    expect(audit).toHaveLength(1);
  });

  test('confirming without a setup is a 409; a code of the wrong shape or length is a 400 and changes nothing', async () => {
    const { client } = await signedIn('end_user');
    expect((await client.post(TWO_FACTOR_PATHS.enable, { code: '123456' })).status).toBe(409);
    await client.post(TWO_FACTOR_PATHS.setup);
    for (const body of [
      {},
      { code: '' },
      { code: '1'.repeat(33) },
      { code: 123456 },
      { code: '123456', extra: 1 },
      [],
    ]) {
      expect((await client.post(TWO_FACTOR_PATHS.enable, body)).status).toBe(400);
    }
    expect(ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body).enabled).toBe(false);
  });

  test('signed out, every profile route is a 401', async () => {
    const client = new TestClient();
    expect((await client.get(TWO_FACTOR_PATHS.status)).status).toBe(401);
    for (const path of [
      TWO_FACTOR_PATHS.setup,
      TWO_FACTOR_PATHS.enable,
      TWO_FACTOR_PATHS.disable,
      TWO_FACTOR_PATHS.recoveryCodes,
    ]) {
      expect((await client.post(path, { code: '123456' })).status).toBe(401);
    }
  });
});

describe('signing in with two-factor on', () => {
  test('the right password answers the code step, a HttpOnly SameSite=Strict challenge cookie and no session', async () => {
    const { user } = await userWithTwoFactor();
    const sessions = await sessionCount(user.id);
    const client = new SignInClient();
    const response = await client.post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ twoFactor: 'code' });
    expect(client.cookie).toBeNull();
    expect(await sessionCount(user.id)).toBe(sessions);
    expect(client.challengeCookieHeader).toContain('HttpOnly');
    expect(client.challengeCookieHeader?.toLowerCase()).toContain('samesite=strict');
    expect(client.challengeCookieHeader).toContain('Max-Age=300');
    const [row] = await sql<{ tokenHash: string }[]>`
      select token_hash as "tokenHash" from two_factor_challenges where user_id = ${user.id}`;
    expect(row?.tokenHash).toBe(sha256Hex(client.challenge ?? ''));
    expect((await client.get(API_PATHS.authMe)).status).toBe(401);
  });

  test('a code completes the sign-in once; the same code (same step) is refused afterwards', async () => {
    const { user, secret } = await userWithTwoFactor();
    const client = await passwordStep(user);
    const code = totpCode(secret, 1);
    const done = await client.post(TWO_FACTOR_PATHS.challengeVerify, { code });
    expect(done.status).toBe(200);
    expect(userOf(done).id).toBe(user.id);
    expect(client.cookie).not.toBeNull();
    expect(client.challenge).toBeNull();
    expect((await client.get(API_PATHS.authMe)).status).toBe(200);
    const [row] = await sql`select 1 from two_factor_challenges where user_id = ${user.id}`;
    expect(row).toBeUndefined();

    const replay = await passwordStep(user);
    expectInvalidCode(await replay.post(TWO_FACTOR_PATHS.challengeVerify, { code }));
    expect(replay.cookie).toBeNull();
  });

  test('a recovery code completes the sign-in once; case, spaces and dashes do not matter', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    const client = await passwordStep(user);
    const done = await client.post(TWO_FACTOR_PATHS.challengeVerify, {
      recoveryCode: ` ${first.toUpperCase()} `,
    });
    expect(done.status).toBe(200);
    const again = await passwordStep(user);
    expectInvalidCode(await again.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: first }));
    expect(
      (await again.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: second.replace('-', '') })).status,
    ).toBe(200);
    const status = ZTwoFactorStatus.parse((await again.get(TWO_FACTOR_PATHS.status)).body);
    expect(status.recoveryCodesLeft).toBe(8);
  });

  test('two requests racing with one recovery code: one session, never two', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const a = await passwordStep(user);
    const b = await passwordStep(user);
    // b's challenge replaced a's: a's cookie is dead already. Race b against itself.
    const [one, two] = await Promise.all([
      b.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] }),
      b.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    expectInvalidCode(await a.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[1] }));
  });

  test('every kind of failure answers alike and starts no session', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const sessions = await sessionCount(user.id);
    // No cookie at all, and a made-up one.
    expectInvalidCode(
      await new SignInClient().post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret) }),
    );
    const forged = new SignInClient();
    forged.challenge = 'x'.repeat(43);
    expectInvalidCode(await forged.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret) }));
    // A wrong code, a code given as a recovery code, a made-up recovery code.
    const client = await passwordStep(user);
    const wrong = wrongCode(secret);
    const answers = [
      await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: wrong }),
      await client.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: totpCode(secret) }),
      await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: 'abcde-fghij' }),
    ];
    for (const answer of answers) expectInvalidCode(answer);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    // An expired challenge: even the right code is refused.
    await sql`update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    expectInvalidCode(
      await client.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] }),
    );
    // A setup challenge cannot be answered at verify, nor a code challenge at setup.
    expectInvalidCode(await (await passwordStep(user)).post(TWO_FACTOR_PATHS.challengeSetup));
    expect(await sessionCount(user.id)).toBe(sessions);
  });

  test('too many wrong codes end the challenge; the sign-in limiter refuses the address with Retry-After', async () => {
    const { user, secret } = await userWithTwoFactor();
    const client = await passwordStep(user);
    const wrong = wrongCode(secret);
    for (let attempt = 0; attempt < 5; attempt++) {
      expectInvalidCode(await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: wrong }));
    }
    const [row] = await sql`select 1 from two_factor_challenges where user_id = ${user.id}`;
    expect(row).toBeUndefined();
    // The failures were counted like wrong passwords for this account and address: the next sign-in is refused.
    const blocked = await client.post(API_PATHS.authLogin, {
      username: user.username,
      password: user.password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sessionCount(user.id)).toBe(0);
  });

  test('a flood of codes is cut off: the challenge ends after five, and none starts a session', async () => {
    const { user, secret } = await userWithTwoFactor();
    const client = await passwordStep(user);
    const wrong = wrongCode(secret);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => client.post(TWO_FACTOR_PATHS.challengeVerify, { code: wrong })),
    );
    for (const answer of answers) expect([400, 429]).toContain(answer.status);
    // Counted under the challenge's lock: no more than five were weighed, however many raced.
    const [counted] = await sql<{ count: number }[]>`
      select count(*)::int from login_failures where key = ${`account:${user.username.toLowerCase()}`}`;
    expect(counted?.count ?? 0).toBeLessThanOrEqual(5);
    expect(await sql`select 1 from two_factor_challenges where user_id = ${user.id}`).toHaveLength(0);
    expectInvalidCode(await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) }));
    expect(await sessionCount(user.id)).toBe(0);
  });

  test('an address the limiter refuses gets 429 with Retry-After at the code step, and the challenge ends', async () => {
    const { user, secret } = await userWithTwoFactor();
    const client = await passwordStep(user);
    // Wrong passwords for the same account from the same address, after the right one.
    const sameAddress = new TestClient({ ip: client.ip });
    for (let attempt = 0; attempt < 5; attempt++) {
      await sameAddress.post(API_PATHS.authLogin, { username: user.username, password: 'Wrong1234!' });
    }
    const refused = await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sql`select 1 from two_factor_challenges where user_id = ${user.id}`).toHaveLength(0);
    expect(client.cookie).toBeNull();
  });

  test('a new password sign-in replaces the earlier challenge', async () => {
    const { user, secret } = await userWithTwoFactor();
    const first = await passwordStep(user);
    const second = await passwordStep(user);
    expectInvalidCode(await first.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) }));
    expect((await second.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) })).status).toBe(
      200,
    );
  });

  test('the admin sign-in asks too, and re-checks the role when the code comes', async () => {
    const { user, secret } = await userWithTwoFactor('admin');
    const client = await passwordStep(user, API_PATHS.authAdminLogin);
    await sql`update users set role = 'agent' where id = ${user.id}`;
    expectInvalidCode(await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) }));
    await sql`update users set role = 'admin' where id = ${user.id}`;
    const again = await passwordStep(user, API_PATHS.authAdminLogin);
    const done = await again.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) });
    expect(done.status).toBe(200);
    expect(userOf(done).role).toBe('admin');
  });

  test('a deactivated account cannot complete its sign-in', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const client = await passwordStep(user);
    await sql`update users set status = 'inactive' where id = ${user.id}`;
    expectInvalidCode(
      await client.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] }),
    );
    expect(await sessionCount(user.id)).toBe(0);
  });

  test('hostile and oversized answers are a 400 and spend nothing', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const client = await passwordStep(user);
    const bodies = [
      {},
      { code: '1'.repeat(10_000) },
      { recoveryCode: 'x'.repeat(33) },
      { code: '123456', recoveryCode: recoveryCodes[0] },
      { code: { $ne: null } },
      { recoveryCode: ["' or 1=1 --"] },
      null,
    ];
    for (const body of bodies)
      expect((await client.post(TWO_FACTOR_PATHS.challengeVerify, body)).status).toBe(400);
    expect(
      (await client.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] })).status,
    ).toBe(200);
  });
});

describe('the desk requires two-factor of admins and agents', () => {
  test('an agent without it is guided through setup at sign-in; end users are not asked', async () => {
    const { client: admin } = await signedIn('admin');
    const saved = await admin.put(ADMIN_API_PATHS.adminSettings, settingsForm({ requireTwoFactor: true }));
    expect(ZSettings.parse(saved.body).requireTwoFactor).toBe(true);
    try {
      const endUser = await createUser();
      expect((await passwordStep(endUser)).cookie).not.toBeNull();

      const agent = await createUser({ role: 'agent' });
      const client = new SignInClient();
      const step = await client.post(API_PATHS.authLogin, {
        username: agent.username,
        password: agent.password,
      });
      expect(step.body).toEqual({ twoFactor: 'setup' });
      expect(client.cookie).toBeNull();
      expectInvalidCode(await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: '123456' }));
      const setup = ZTwoFactorSetup.parse((await client.post(TWO_FACTOR_PATHS.challengeSetup)).body);
      // Asking again shows the same secret (a reload of the page).
      expect(ZTwoFactorSetup.parse((await client.post(TWO_FACTOR_PATHS.challengeSetup)).body).secret).toBe(
        setup.secret,
      );
      expectInvalidCode(
        await client.post(TWO_FACTOR_PATHS.challengeConfirm, {
          code: wrongCode(setup.secret),
        }),
      );
      const done = await client.post(TWO_FACTOR_PATHS.challengeConfirm, { code: totpCode(setup.secret) });
      expect(done.status).toBe(200);
      expect(userOf(done).id).toBe(agent.id);
      expect((done.body as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
      expect((await client.get(API_PATHS.authMe)).status).toBe(200);
      expect(ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body)).toEqual({
        enabled: true,
        recoveryCodesLeft: 10,
        required: true,
      });
      // The challenge is spent, and the next sign-in asks for a code.
      expectInvalidCode(await client.post(TWO_FACTOR_PATHS.challengeSetup));
      expect((await passwordStep(agent)).cookie).toBeNull();
      expect(
        (
          await new SignInClient().post(API_PATHS.authLogin, {
            username: agent.username,
            password: agent.password,
          })
        ).body,
      ).toEqual({ twoFactor: 'code' });
    } finally {
      await admin.put(ADMIN_API_PATHS.adminSettings, settingsForm({ requireTwoFactor: false }));
    }
    const [audit] = await sql<{ details: { changes: Record<string, unknown> } }[]>`
      select details from admin_audit_logs where action = 'settings.updated' order by created_at desc limit 1`;
    expect(audit?.details.changes).toHaveProperty('requireTwoFactor');
  });

  test('the admin sign-in of an admin without two-factor gets the setup step too', async () => {
    await sql`insert into settings (company_name, company_email, timezone, language, email_notifications,
      push_notifications, auto_assignment, require_approval, smtp_host, smtp_port, smtp_username, updated_at)
      values ('', '', 'UTC', 'en', true, false, true, false, '', 587, '', now()) on conflict (id) do nothing`;
    await sql`update settings set require_two_factor = true`;
    try {
      const admin = await createUser({ role: 'admin' });
      const client = new SignInClient();
      const step = await client.post(API_PATHS.authAdminLogin, {
        username: admin.username,
        password: admin.password,
      });
      expect(step.body).toEqual({ twoFactor: 'setup' });
    } finally {
      await sql`update settings set require_two_factor = false`;
    }
  });
});

describe('turning it off and new recovery codes', () => {
  test('turning off needs the password or a code; a wrong one is a 400 and changes nothing', async () => {
    const { user, secret } = await userWithTwoFactor();
    const client = (await passwordStep(user)) as SignInClient;
    await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) });
    expect((await client.post(TWO_FACTOR_PATHS.disable, {})).status).toBe(400);
    const wrong = await client.post(TWO_FACTOR_PATHS.disable, { password: 'Wrong1234!' });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).message).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
    expect(ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body).enabled).toBe(true);
    expect((await client.post(TWO_FACTOR_PATHS.disable, { password: user.password })).status).toBe(200);
    expect(ZTwoFactorStatus.parse((await client.get(TWO_FACTOR_PATHS.status)).body)).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await client.post(TWO_FACTOR_PATHS.disable, { password: user.password })).status).toBe(409);
    expect(await sql`select 1 from user_recovery_codes where user_id = ${user.id}`).toHaveLength(0);
    // The password alone signs in again.
    expect((await passwordStep(user)).cookie).not.toBeNull();
  });

  test('turning off with a recovery code spends it; new recovery codes make the old ones useless', async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const client = await passwordStep(user);
    await client.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] });
    const fresh = await client.post(TWO_FACTOR_PATHS.recoveryCodes, { code: recoveryCodes[1] });
    expect(fresh.status).toBe(200);
    const newCodes = (fresh.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(recoveryCodes[2]);
    expect((await client.post(TWO_FACTOR_PATHS.disable, { code: recoveryCodes[2] })).status).toBe(400);
    expect((await client.post(TWO_FACTOR_PATHS.recoveryCodes, { code: totpCode(secret, 1) })).status).toBe(
      200,
    );
    expect((await client.post(TWO_FACTOR_PATHS.disable, { code: totpCode(secret, 1) })).status).toBe(400);
  });
});

describe('password changes and resets keep two-factor', () => {
  test('after a password change the new password still asks for a code', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const client = await passwordStep(user);
    await client.post(TWO_FACTOR_PATHS.challengeVerify, { recoveryCode: recoveryCodes[0] });
    const changed = await client.post(API_PATHS.authChangePassword, {
      currentPassword: user.password,
      newPassword: 'Changed123!',
      confirmPassword: 'Changed123!',
    });
    expect(changed.status).toBe(200);
    const after = await new SignInClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: 'Changed123!',
    });
    expect(after.body).toEqual({ twoFactor: 'code' });
  });

  test('after a password reset the new password still asks for a code', async () => {
    const { user } = await userWithTwoFactor();
    const token = `reset-${crypto.randomUUID()}`;
    await sql`insert into password_reset_tokens (user_id, token_hash, expires_at, purpose)
      values (${user.id}, ${sha256Hex(token)}, now() + interval '1 hour', 'reset')`;
    const reset = await new TestClient().post(API_PATHS.authResetPassword, {
      token,
      password: 'Reset1234!',
      confirmPassword: 'Reset1234!',
    });
    expect(reset.status).toBe(200);
    const after = await new SignInClient().post(API_PATHS.authLogin, {
      username: user.username,
      password: 'Reset1234!',
    });
    expect(after.body).toEqual({ twoFactor: 'code' });
  });
});

describe('DELETE /api/admin/users/:id/two-factor', () => {
  test("clears a user's two-factor, audited; the answer says nothing of the secret", async () => {
    const { user: admin, client } = await signedIn('admin');
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    const cleared = await client.request('DELETE', adminUserTwoFactorPath(user.id));
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ message: TWO_FACTOR_MESSAGES.cleared });
    expect(cleared.text).not.toContain(secret);
    for (const code of recoveryCodes) expect(cleared.text).not.toContain(code);
    expect((await passwordStep(user)).cookie).not.toBeNull();
    const audit = await sql<{ adminUserId: string; details: { username: string } }[]>`
      select admin_user_id as "adminUserId", details from admin_audit_logs
      where action = 'user.two_factor_cleared' and target_user_id = ${user.id}`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: admin.id, details: { username: user.username } });
    // Again: nothing to clear, and no second audit row.
    const again = await client.request('DELETE', adminUserTwoFactorPath(user.id));
    expect(again.body).toEqual({ message: TWO_FACTOR_MESSAGES.nothingToClear });
    expect(
      await sql`select 1 from admin_audit_logs where action = 'user.two_factor_cleared' and target_user_id = ${user.id}`,
    ).toHaveLength(1);
  });

  test('404 for an unknown user, 400 for a malformed id, 403 for their own, 403 for agents, 401 signed out', async () => {
    const { user: admin, client } = await signedIn('admin');
    const unknown = await client.request('DELETE', adminUserTwoFactorPath(crypto.randomUUID()));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toBe(SERVER_MESSAGES.userNotFound);
    expect([400, 404]).toContain(
      (await client.request('DELETE', adminUserTwoFactorPath('not-a-uuid'))).status,
    );
    const own = await client.request('DELETE', adminUserTwoFactorPath(admin.id));
    expect(own.status).toBe(403);
    expect(errorOf(own).message).toBe(TWO_FACTOR_MESSAGES.cannotClearOwn);
    const { user: target } = await userWithTwoFactor();
    const { client: agent } = await signedIn('agent');
    expect((await agent.request('DELETE', adminUserTwoFactorPath(target.id))).status).toBe(403);
    expect((await new TestClient().request('DELETE', adminUserTwoFactorPath(target.id))).status).toBe(401);
    expect(
      ZTwoFactorStatus.parse((await (await signInAfterCode(target)).get(TWO_FACTOR_PATHS.status)).body)
        .enabled,
    ).toBe(true);
  });
});

/** Signs a user with two-factor in with one of their recovery codes' replacement: clears nothing. */
async function signInAfterCode(user: TestUser): Promise<TestClient> {
  const [row] = await sql<
    { secret: string }[]
  >`select secret from user_two_factor where user_id = ${user.id}`;
  const secret = secretFromStored(testConfig.mailSecretKey, row?.secret ?? '');
  const client = await passwordStep(user);
  expect((await client.post(TWO_FACTOR_PATHS.challengeVerify, { code: totpCode(secret, 1) })).status).toBe(
    200,
  );
  return client;
}

describe('the secret at rest', () => {
  test('sealed under the key with its own associated data; stored marked plain without a key', () => {
    const key = testConfig.mailSecretKey;
    const sealed = storedSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).toStartWith('v1.');
    expect(secretFromStored(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => secretFromStored(Buffer.alloc(32, 7), sealed)).toThrow(SecretBoxError);
    expect(storedSecret(null, 'JBSWY3DPEHPK3PXP')).toBe('plain.JBSWY3DPEHPK3PXP');
    expect(secretFromStored(null, 'plain.JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });

  test('a code matches its own step and the neighbours only', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const now = 1_800_000_000_000;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const step = Math.floor(now / STEP_MS);
    expect(matchingStep(secret, totp.generate({ timestamp: now }), now)).toBe(step);
    expect(matchingStep(secret, totp.generate({ timestamp: now + STEP_MS }), now)).toBe(step + 1);
    expect(matchingStep(secret, totp.generate({ timestamp: now - 3 * STEP_MS }), now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });
});
