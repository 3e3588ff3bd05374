import { describe, expect, test } from 'bun:test';
import {
  ANONYMOUS_MAIL_MESSAGES,
  API_PATHS,
  adminUserPasswordResetPath,
  adminUserPath,
  PASSWORD_LINK_MESSAGES,
  SERVER_MESSAGES,
  type TUser,
  USER_ADMIN_MESSAGES,
} from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  signIn,
  sql,
  TestClient,
  uniqueName,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { runPasswordResetJobs } from '../../test/password-reset-jobs.ts';
import { outboxFor } from '../email/email-test-kit.ts';
import { sha256Hex } from '../session.ts';

const NEW_PASSWORD = 'Fresh123!';
const body = (token: string | null, password = NEW_PASSWORD) => ({
  token,
  password,
  confirmPassword: password,
});

/** The tokens of the links to `page` queued for an address so far, oldest first. */
async function linkTokens(email: string, page: string): Promise<string[]> {
  await runPasswordResetJobs();
  const pattern = new RegExp(`https?://[^/\\s]+${page}\\?token=([A-Za-z0-9_-]+)`, 'g');
  return (await outboxFor(email)).flatMap((row) =>
    [...row.textBody.matchAll(pattern)].map((m) => m[1] ?? ''),
  );
}

async function forgot(email: string) {
  return new TestClient().post(API_PATHS.authForgotPassword, { email });
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from sessions where user_id = ${userId}`;
  return row?.count ?? 0;
}

async function canSignIn(user: { username: string }, password: string): Promise<boolean> {
  const response = await new TestClient().post(API_PATHS.authLogin, { username: user.username, password });
  return response.status === 200;
}

describe("everyone's forgot-password", () => {
  test('answers the same whether or not an account has the address, whatever its role or status', async () => {
    const people = [
      await createUser({ role: 'end_user' }),
      await createUser({ role: 'admin' }),
      await createUser({ status: 'inactive' }),
      await createUser({ status: 'pending' }),
      await createUser({ isEmailVerified: false }),
    ];
    const responses = await Promise.all(
      [...people.map((p) => p.email), `${uniqueName()}@example.test`].map((email) => forgot(email)),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: PASSWORD_LINK_MESSAGES.resetRequested });
    }
    await runPasswordResetJobs();
    const [user, admin, inactive, pending, unconfirmed] = people;
    expect(await linkTokens(user?.email ?? '', '/reset-password')).toHaveLength(1);
    expect(await linkTokens(admin?.email ?? '', '/admin/reset-password')).toHaveLength(1);
    for (const nobody of [inactive, pending, unconfirmed])
      expect(await outboxFor(nobody?.email ?? '')).toEqual([]);
  });

  test('the link resets the password once, ends every session and stores only a hash', async () => {
    const user = await createUser();
    const otherTab = await signIn(user);
    expect((await forgot(user.email.toUpperCase())).status).toBe(200);
    const [token] = await linkTokens(user.email, '/reset-password');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await sql<{ tokenHash: string; minutes: number; purpose: string }[]>`
      select token_hash as "tokenHash", purpose,
        extract(epoch from (expires_at - created_at)) / 60 as minutes
      from password_reset_tokens where user_id = ${user.id}`;
    expect(stored?.tokenHash).toBe(sha256Hex(token ?? ''));
    expect(stored?.purpose).toBe('reset');
    expect(Math.round(Number(stored?.minutes))).toBe(30);

    const reset = await new TestClient().post(API_PATHS.authResetPassword, body(token ?? ''));
    expect(reset.status).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await otherTab.get(API_PATHS.authMe)).status).toBe(401);
    expect(await canSignIn(user, user.password)).toBe(false);
    expect(await canSignIn(user, NEW_PASSWORD)).toBe(true);
    const again = await new TestClient().post(API_PATHS.authResetPassword, body(token ?? '', 'Other123!'));
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
    const [audit] = await sql<{ action: string }[]>`
      select action from admin_audit_logs where target_user_id = ${user.id}`;
    expect(audit?.action).toBe('user.password_reset');
  });

  test("the administrator form's reset page refuses a non-admin's token; the public one takes an admin's", async () => {
    const agent = await createUser({ role: 'agent' });
    const admin = await createUser({ role: 'admin' });
    await forgot(agent.email);
    await forgot(admin.email);
    const [agentToken] = await linkTokens(agent.email, '/reset-password');
    const [adminToken] = await linkTokens(admin.email, '/admin/reset-password');
    const viaAdminForm = await new TestClient().post(
      API_PATHS.authAdminResetPassword,
      body(agentToken ?? ''),
    );
    expect(viaAdminForm.status).toBe(400);
    expect(await canSignIn(agent, agent.password)).toBe(true);
    expect((await new TestClient().post(API_PATHS.authResetPassword, body(adminToken ?? ''))).status).toBe(
      200,
    );
  });

  test('an expired, random, oversized or invitation token is refused and changes nothing', async () => {
    const user = await createUser();
    await forgot(user.email);
    const [token] = await linkTokens(user.email, '/reset-password');
    await sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    for (const bad of [token ?? '', 'A'.repeat(43), "' or 1=1 --"]) {
      const response = await new TestClient().post(API_PATHS.authResetPassword, body(bad));
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(SERVER_MESSAGES.resetTokenInvalid);
    }
    const invited = await invite();
    const [invitation] = await linkTokens(invited.email, '/set-password');
    expect((await new TestClient().post(API_PATHS.authResetPassword, body(invitation ?? ''))).status).toBe(
      400,
    );
    for (const wrong of [
      { token: 'x'.repeat(513), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: 'abc', password: 'short', confirmPassword: 'short' },
      { token: 'abc', password: NEW_PASSWORD, confirmPassword: 'Different1!' },
      { token: 'abc', password: 'p'.repeat(2000), confirmPassword: 'p'.repeat(2000) },
      { token: 'abc', password: NEW_PASSWORD },
      { token: 'abc', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, userId: user.id },
    ]) {
      expect((await new TestClient().post(API_PATHS.authResetPassword, wrong)).status).toBe(400);
    }
    expect(await canSignIn(user, user.password)).toBe(true);
  });

  test('bad addresses are 400; a flood from one address is 429 with Retry-After', () =>
    withRateLimitScale(1, async () => {
      for (const email of ['not-an-email', '', `${'a'.repeat(260)}@example.test`, 'a@b.c\r\nBcc: x@y.z']) {
        expect((await forgot(email)).status).toBe(400);
      }
      expect(
        (await new TestClient().post(API_PATHS.authForgotPassword, { email: 'a@b.test', extra: 1 })).status,
      ).toBe(400);
      const client = new TestClient();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await client.post(API_PATHS.authForgotPassword, {
          email: `${uniqueName()}@flood.test`,
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(errorOf(response).message).toBe(
            ANONYMOUS_MAIL_MESSAGES.tooManyResetRequests(Number(response.headers.get('retry-after'))),
          );
        }
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    }));
});

async function invite(overrides: Record<string, unknown> = {}): Promise<TUser> {
  const { client } = await signedIn('admin');
  const username = uniqueName('invited');
  const response = await client.post(API_PATHS.adminUsers, {
    username,
    email: `${username}@example.test`,
    firstName: 'Ivy',
    lastName: 'Invited',
    role: 'agent',
    sendInvitation: true,
    ...overrides,
  });
  expect(response.status).toBe(201);
  return (response.body as { user: TUser }).user;
}

describe('invitations', () => {
  test('an invited account is active with no password and cannot sign in until the link sets one', async () => {
    const invited = await invite();
    expect(invited).toMatchObject({ status: 'active', isInvited: true, emailVerified: false, role: 'agent' });
    const [row] = await sql<{ passwordHash: string | null }[]>`
      select password_hash as "passwordHash" from users where id = ${invited.id}`;
    expect(row?.passwordHash).toBeNull();
    const refused = await new TestClient().post(API_PATHS.authLogin, {
      username: invited.username,
      password: '',
    });
    expect(refused.status).toBe(400);
    const guessed = await new TestClient().post(API_PATHS.authLogin, {
      username: invited.username,
      password: 'Anything1!',
    });
    expect(guessed.status).toBe(401);
    expect(errorOf(guessed).message).toBe(SERVER_MESSAGES.invalidCredentials);
    const [audit] = await sql<{ action: string }[]>`
      select action from admin_audit_logs where target_user_id = ${invited.id}`;
    expect(audit?.action).toBe('user.invited');

    const mail = await outboxFor(invited.email);
    expect(mail.map((m) => m.kind)).toEqual(['account_invitation']);
    const [token] = await linkTokens(invited.email, '/set-password');
    const [stored] = await sql<{ days: number; purpose: string }[]>`
      select purpose, round(extract(epoch from (expires_at - created_at)) / 86400)::int as days
      from password_reset_tokens where user_id = ${invited.id}`;
    expect(stored).toEqual({ purpose: 'invitation', days: 7 });
    // A reset page does not take an invitation.
    expect((await new TestClient().post(API_PATHS.authResetPassword, body(token ?? ''))).status).toBe(400);

    const set = await new TestClient().post(API_PATHS.authSetPassword, body(token ?? ''));
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: PASSWORD_LINK_MESSAGES.passwordSet });
    expect(await canSignIn(invited, NEW_PASSWORD)).toBe(true);
    const me = await (await signIn({ username: invited.username, password: NEW_PASSWORD })).get(
      API_PATHS.authMe,
    );
    expect((me.body as { user: TUser }).user).toMatchObject({ isInvited: false, emailVerified: true });
    const again = await new TestClient().post(API_PATHS.authSetPassword, body(token ?? '', 'Second12!'));
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe(PASSWORD_LINK_MESSAGES.invitationInvalid);
  });

  test('a reset token does not set an invited password; an expired invitation is refused', async () => {
    const user = await createUser();
    await forgot(user.email);
    const [resetToken] = await linkTokens(user.email, '/reset-password');
    const wrongKind = await new TestClient().post(API_PATHS.authSetPassword, body(resetToken ?? ''));
    expect(wrongKind.status).toBe(400);
    expect(errorOf(wrongKind).message).toBe(PASSWORD_LINK_MESSAGES.invitationInvalid);
    const invited = await invite();
    const [token] = await linkTokens(invited.email, '/set-password');
    await sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${invited.id}`;
    expect((await new TestClient().post(API_PATHS.authSetPassword, body(token ?? ''))).status).toBe(400);
  });

  test('the admin resends the invitation (the old link stops working); forgot-password sends nothing', () =>
    withRateLimitScale(1, async () => {
      const { client } = await signedIn('admin');
      const invited = await invite();
      const [first] = await linkTokens(invited.email, '/set-password');
      expect((await forgot(invited.email)).status).toBe(200);
      expect(await linkTokens(invited.email, '/set-password')).toHaveLength(1);
      await sql`delete from rate_limits where key like ${`reset:link:${invited.id}%`}`;
      const resent = await client.post(adminUserPasswordResetPath(invited.id));
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ message: USER_ADMIN_MESSAGES.invitationSent });
      const tokens = await linkTokens(invited.email, '/set-password');
      expect(tokens).toHaveLength(2);
      expect((await new TestClient().post(API_PATHS.authSetPassword, body(first ?? ''))).status).toBe(400);
      expect((await new TestClient().post(API_PATHS.authSetPassword, body(tokens[1] ?? ''))).status).toBe(
        200,
      );
    }));

  test("correcting an invited person's address sends the invitation there instead", async () => {
    const { client } = await signedIn('admin');
    const invited = await invite();
    const email = `${uniqueName('fixed')}@example.test`;
    expect((await client.patch(adminUserPath(invited.id), { email })).status).toBe(200);
    expect((await outboxFor(email)).map((m) => m.kind)).toEqual(['account_invitation']);
    const [old] = await linkTokens(invited.email, '/set-password');
    expect((await new TestClient().post(API_PATHS.authSetPassword, body(old ?? ''))).status).toBe(400);
  });

  test('an invitation with a password, or Add User with neither, is 400 and creates nothing', async () => {
    const { client } = await signedIn('admin');
    for (const extra of [{ sendInvitation: true, password: 'Agent123!' }, {}, { sendInvitation: false }]) {
      const username = uniqueName('nope');
      const response = await client.post(API_PATHS.adminUsers, {
        username,
        email: `${username}@example.test`,
        firstName: 'No',
        lastName: 'Body',
        role: 'agent',
        ...extra,
      });
      expect(response.status).toBe(400);
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from users where username = ${username}`;
      expect(row?.count).toBe(0);
    }
  });
});
