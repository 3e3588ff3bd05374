/**
 * Address squatting and unproven addresses (docs/security.md#verified-addresses): a user who types
 * someone else's address gets no mail, no tickets and no claim on it; an email change needs the
 * current password, tells the old address and is audited; password changes and resets are audited;
 * a confirmation link works once, expires and is superseded; one confirmation mail per address per
 * few minutes.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  adminUserStatusPath,
  EMAIL_VERIFICATION_MESSAGES,
  ERROR_CODES,
  SERVER_MESSAGES,
  TICKET_MESSAGES,
  type TUser,
} from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  sql,
  TEST_PASSWORD,
  TestClient,
  uniqueName,
  withRateLimitScale,
} from '../helpers.ts';
import { runPasswordResetJobs } from '../password-reset-jobs.ts';
import { ensureSlaPolicies, fileTicket } from '../tickets.ts';

beforeAll(async () => {
  await ensureSlaPolicies();
});

const freshAddress = (prefix = 'owner') => `${uniqueName(prefix)}@example.test`;

/** Every message queued for an address so far, oldest first. */
async function outboxTo(email: string): Promise<{ kind: string; textBody: string }[]> {
  return sql<{ kind: string; textBody: string }[]>`
    select kind, text_body as "textBody" from email_outbox
    where lower(recipient) = lower(${email}) order by created_at, id`;
}

/** The token of the newest confirmation link queued for an address. */
async function latestToken(email: string): Promise<string> {
  const links = (await outboxTo(email))
    .filter((m) => m.kind === 'email_verification')
    .map((m) => m.textBody.match(/\/verify-email\?token=([\w-]+)/)?.[1]);
  const token = links.at(-1);
  if (!token) throw new Error(`no confirmation link for ${email}`);
  return token;
}

const userOf = (body: unknown) => (body as { user: TUser }).user;

const confirm = (token: string) => new TestClient().post(API_PATHS.authVerifyEmail, { token });

const changeEmail = (client: TestClient, email: string, currentPassword?: string) =>
  client.patch(API_PATHS.authProfile, { firstName: 'Test', lastName: 'Person', email, currentPassword });

async function auditRows(targetUserId: string, action: string): Promise<unknown[]> {
  const rows = await sql<{ adminUserId: string; details: Record<string, unknown> }[]>`
    select admin_user_id as "adminUserId", details from admin_audit_logs
    where target_user_id = ${targetUserId} and action = ${action} order by created_at`;
  return [...rows];
}

describe("squatting someone else's address", () => {
  test('a profile change to it keeps the old address, sends only a link there, and matches no ticket', async () => {
    const victim = freshAddress('ceo');
    const { user: attacker, client } = await signedIn('end_user');
    const changed = await changeEmail(client, victim, attacker.password);
    expect(changed.status).toBe(200);
    expect(userOf(changed.body)).toMatchObject({ email: attacker.email, pendingEmail: victim });
    expect(userOf((await client.get(API_PATHS.authMe)).body).email).toBe(attacker.email);

    // The agent files for the address: nobody owns it yet, so no ticket and no mail (with a temporary password in it).
    const { client: agent } = await signedIn('agent');
    const filed = await agent.post(API_PATHS.tickets, {
      title: 'Your temporary password',
      description: 'It is Temp-Pass-123',
      requesterEmail: victim,
      notifyRequester: true,
    });
    expect(filed.status).toBe(400);
    expect(errorOf(filed).fields?.requesterEmail).toBe(TICKET_MESSAGES.noActiveUserWithEmail);
    // The attacker's own ticket mail still goes to the attacker's confirmed address, never to the victim's.
    await fileTicket(client, { notifyRequester: true });
    expect((await outboxTo(victim)).map((m) => m.kind)).toEqual(['email_verification']);
    expect((await outboxTo(victim))[0]?.textBody).not.toContain('Temp-Pass-123');

    // The real owner can still register, and be added by an admin.
    const registered = await new TestClient().post(API_PATHS.authRegister, {
      username: uniqueName('real'),
      email: victim,
      password: 'Register1!',
      firstName: 'Real',
      lastName: 'Owner',
    });
    expect(registered.status).toBe(201);
    const { client: admin } = await signedIn('admin');
    const added = await admin.post(API_PATHS.adminUsers, {
      username: uniqueName('added'),
      email: victim.toUpperCase(),
      password: 'Added-Pass-1',
      firstName: 'Real',
      lastName: 'Owner',
      role: 'end_user',
    });
    expect(added.status).toBe(201);
  });

  test('a registration with it gets only the link: approval mails nothing, and the owner still registers', async () => {
    const victim = freshAddress('cfo');
    const squat = await new TestClient().post(API_PATHS.authRegister, {
      username: uniqueName('squat'),
      email: victim,
      password: 'Register1!',
      firstName: 'Squat',
      lastName: 'Ter',
    });
    expect(squat.status).toBe(201);
    expect(userOf(squat.body).emailVerified).toBe(false);
    const { client: admin } = await signedIn('admin');
    expect((await admin.patch(adminUserStatusPath(userOf(squat.body).id), { status: 'active' })).status).toBe(
      200,
    );
    expect((await outboxTo(victim)).map((m) => m.kind)).toEqual(['email_verification']);

    const owner = await new TestClient().post(API_PATHS.authRegister, {
      username: uniqueName('owner'),
      email: victim,
      password: 'Register1!',
      firstName: 'Real',
      lastName: 'Owner',
    });
    expect(owner.status).toBe(201);
    // The owner confirms and is approved: from now on the address is theirs.
    expect((await confirm(await latestToken(victim))).status).toBe(200);
    expect((await admin.patch(adminUserStatusPath(userOf(owner.body).id), { status: 'active' })).status).toBe(
      200,
    );
    const { client: agent } = await signedIn('agent');
    const ticket = await fileTicket(agent, { requesterEmail: victim });
    expect(ticket.requester.id).toBe(userOf(owner.body).id);
  });

  test('an unconfirmed account hears nothing about its own tickets until it confirms', async () => {
    const email = freshAddress('unconfirmed');
    const user = await createUser({ email, isEmailVerified: false });
    const client = new TestClient();
    expect(
      (await client.post(API_PATHS.authLogin, { username: user.username, password: user.password })).status,
    ).toBe(200);
    await fileTicket(client, { notifyRequester: true });
    expect(await outboxTo(email)).toEqual([]);
  });

  test('a link confirms nothing once someone else confirmed the address first (409)', async () => {
    const address = freshAddress('race');
    const first = await signedIn('end_user');
    const second = await signedIn('end_user');
    expect((await changeEmail(first.client, address, first.user.password)).status).toBe(200);
    const firstToken = await latestToken(address);
    expect((await changeEmail(second.client, address, second.user.password)).status).toBe(200);
    const secondToken = await latestToken(address);
    expect((await confirm(secondToken)).status).toBe(200);
    const late = await confirm(firstToken);
    expect(late.status).toBe(409);
    expect(errorOf(late).message).toBe(SERVER_MESSAGES.emailExists);
  });
});

describe('changing the email', () => {
  test('without the current password is refused on the field; a wrong one too', async () => {
    const { user, client } = await signedIn('end_user');
    const target = freshAddress('new');
    const missing = await changeEmail(client, target);
    expect(missing.status).toBe(400);
    expect(errorOf(missing).fields?.currentPassword).toBe(
      EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired,
    );
    const wrong = await changeEmail(client, target, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).fields?.currentPassword).toBe(SERVER_MESSAGES.currentPasswordWrong);
    expect(await outboxTo(target)).toEqual([]);
    // Names alone need no password, as the spec's client sends them.
    const renamed = await client.patch(API_PATHS.authProfile, {
      firstName: 'New',
      lastName: 'Name',
      email: user.email,
    });
    expect(renamed.status).toBe(200);
    expect(userOf(renamed.body)).toMatchObject({ firstName: 'New', email: user.email, pendingEmail: null });
  });

  test('tells the old address, is audited, and takes effect only through the link', async () => {
    const { user, client } = await signedIn('end_user');
    const target = freshAddress('moved');
    expect((await changeEmail(client, target, user.password)).status).toBe(200);
    const notices = (await outboxTo(user.email)).filter((m) => m.kind === 'email_changed');
    expect(notices).toHaveLength(1);
    expect(await auditRows(user.id, 'user.email_change_requested')).toEqual([
      { adminUserId: user.id, details: { username: user.username, from: user.email, to: target } },
    ]);

    expect((await confirm(await latestToken(target))).status).toBe(200);
    const me = userOf((await client.get(API_PATHS.authMe)).body);
    expect(me).toMatchObject({ email: target, emailVerified: true, pendingEmail: null });
    expect(await auditRows(user.id, 'user.email_confirmed')).toEqual([
      {
        adminUserId: user.id,
        details: { username: user.username, email: target, previousEmail: user.email },
      },
    ]);
  });
});

describe('confirmation links', () => {
  test('work once', async () => {
    const { user, client } = await signedIn('end_user');
    const target = freshAddress('once');
    await changeEmail(client, target, user.password);
    const token = await latestToken(target);
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe(EMAIL_VERIFICATION_MESSAGES.linkInvalid);
  });

  test('expire, and a newer one supersedes the older', async () => {
    const { user, client } = await signedIn('end_user');
    const target = freshAddress('expiring');
    await changeEmail(client, target, user.password);
    const expired = await latestToken(target);
    await sql`update email_verification_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`;
    expect((await confirm(expired)).status).toBe(400);

    const resent = await client.post(API_PATHS.authResendVerification);
    expect(resent.status).toBe(200);
    const older = await latestToken(target);
    expect((await client.post(API_PATHS.authResendVerification)).status).toBe(200);
    const newer = await latestToken(target);
    expect((await confirm(older)).status).toBe(400);
    expect((await confirm(newer)).status).toBe(200);
  });

  test('store only the hash of the token', async () => {
    const { user, client } = await signedIn('end_user');
    const target = freshAddress('hashed');
    await changeEmail(client, target, user.password);
    const token = await latestToken(target);
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from email_verification_tokens where token_hash = ${token}`;
    expect(row?.count).toBe(0);
  });

  test('an admin-created account is unconfirmed until its owner follows the link it was mailed', async () => {
    const { client: admin } = await signedIn('admin');
    const email = freshAddress('added');
    const added = await admin.post(API_PATHS.adminUsers, {
      username: uniqueName('added'),
      email,
      password: 'Added-Pass-1',
      firstName: 'New',
      lastName: 'Agent',
      role: 'agent',
    });
    expect(added.status).toBe(201);
    expect(userOf(added.body).emailVerified).toBe(false);
    expect((await outboxTo(email)).map((m) => m.kind)).toEqual(['email_verification']);
    expect((await confirm(await latestToken(email))).status).toBe(200);
    const [row] = await sql<{ isVerified: boolean }[]>`
      select email_verified_at is not null as "isVerified" from users where id = ${userOf(added.body).id}`;
    expect(row?.isVerified).toBe(true);
  });
});

describe('one confirmation mail per address per few minutes', () => {
  test('a second link to the same address is refused with when to try again', async () => {
    await withRateLimitScale(1, async () => {
      const { user, client } = await signedIn('end_user');
      const target = freshAddress('flood');
      expect((await changeEmail(client, target, user.password)).status).toBe(200);
      const resent = await client.post(API_PATHS.authResendVerification);
      expect(resent.status).toBe(429);
      expect(errorOf(resent).code).toBe(ERROR_CODES.tooManyRequests);
      expect(errorOf(resent).message).toBe(EMAIL_VERIFICATION_MESSAGES.tooSoon(300));
      expect(Number(resent.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account asking for the same address is refused too: the limit is the address's.
      const other = await signedIn('end_user');
      expect((await changeEmail(other.client, target, other.user.password)).status).toBe(429);
      expect((await outboxTo(target)).filter((m) => m.kind === 'email_verification')).toHaveLength(1);
    });
  });
});

describe('password changes and resets are audited', () => {
  test('a change writes user.password_changed', async () => {
    const { user, client } = await signedIn('end_user');
    const changed = await client.post(API_PATHS.authChangePassword, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changed-Pass-1',
      confirmPassword: 'Changed-Pass-1',
    });
    expect(changed.status).toBe(200);
    expect(await auditRows(user.id, 'user.password_changed')).toEqual([
      { adminUserId: user.id, details: { username: user.username } },
    ]);
  });

  test('a reset writes user.password_reset', async () => {
    const admin = await createUser({ role: 'admin' });
    const asked = await new TestClient().post(API_PATHS.authAdminForgotPassword, { email: admin.email });
    expect(asked.status).toBe(200);
    await runPasswordResetJobs();
    const [mail] = await outboxTo(admin.email);
    const token = mail?.textBody.match(/reset-password\?token=([\w-]+)/)?.[1];
    const reset = await new TestClient().post(API_PATHS.authAdminResetPassword, {
      token,
      password: 'Reset-Pass-12',
      confirmPassword: 'Reset-Pass-12',
    });
    expect(reset.status).toBe(200);
    expect(await auditRows(admin.id, 'user.password_reset')).toEqual([
      { adminUserId: admin.id, details: {} },
    ]);
  });
});
