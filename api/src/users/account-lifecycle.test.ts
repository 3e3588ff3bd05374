import { describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  adminUserPasswordResetPath,
  adminUserPath,
  adminUserStatusPath,
  ERROR_CODES,
  SERVER_MESSAGES,
  type TUser,
  USER_ADMIN_MESSAGES,
} from '@helpdesk/contracts';
import {
  BASE_URL,
  createUser,
  errorOf,
  settingsForm,
  signedIn,
  signIn,
  sql,
  TestClient,
  type TestResponse,
  testConfig,
  uniqueName,
  withOnlyAdmins,
  withRateLimitScale,
} from '../../test/helpers.ts';
import { runPasswordResetJobs } from '../../test/password-reset-jobs.ts';
import { outboxFor } from '../email/email-test-kit.ts';
import { changeUserStatus, statusMove } from './service.ts';

const userOf = (response: TestResponse) => (response.body as { user: TUser }).user;
const meta = { ipAddress: '10.0.0.9', userAgent: null };
const links = { appBaseUrl: 'http://localhost:3000' };

async function auditRows(
  targetUserId: string,
): Promise<{ action: string; details: Record<string, unknown> }[]> {
  return [
    ...(await sql<{ action: string; details: Record<string, unknown> }[]>`
      select action, details from admin_audit_logs where target_user_id = ${targetUserId} order by created_at, id`),
  ];
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from sessions where user_id = ${userId}`;
  return row?.count ?? 0;
}

describe('statusMove', () => {
  test('approve and reject only a pending user; deactivate an active one; reactivate an inactive one', () => {
    expect(statusMove('pending', 'active')).toBe('approve');
    expect(statusMove('pending', 'rejected')).toBe('reject');
    expect(statusMove('active', 'inactive')).toBe('deactivate');
    expect(statusMove('inactive', 'active')).toBe('reactivate');
    for (const [from, to] of [
      ['pending', 'inactive'],
      ['active', 'active'],
      ['active', 'rejected'],
      ['rejected', 'active'],
      ['rejected', 'inactive'],
      ['inactive', 'inactive'],
      ['inactive', 'rejected'],
      ['approved', 'inactive'],
    ] as const) {
      expect(statusMove(from, to)).toBeNull();
    }
  });
});

describe('deactivate and reactivate', () => {
  test('deactivating ends the sessions, keeps the approval and tickets, and sign-in says not active', async () => {
    const { user: admin, client } = await signedIn('admin');
    const agent = await createUser({ role: 'agent' });
    const agentClient = await signIn(agent);
    const ticket = await agentClient.post(API_PATHS.tickets, { title: 'Stays', description: 'history' });
    expect(ticket.status).toBe(201);
    const [before] = await sql<{ approvedAt: Date | null }[]>`
      select approved_at as "approvedAt" from users where id = ${agent.id}`;

    const response = await client.patch(adminUserStatusPath(agent.id), { status: 'inactive' });
    expect(response.status).toBe(200);
    expect(userOf(response).status).toBe('inactive');
    expect(await sessionCount(agent.id)).toBe(0);
    expect((await agentClient.get(API_PATHS.authMe)).status).toBe(401);
    const [after] = await sql<{ approvedAt: Date | null; tickets: number }[]>`
      select approved_at as "approvedAt",
        (select count(*)::int from tickets where requester_id = ${agent.id}) as tickets
      from users where id = ${agent.id}`;
    expect(after?.approvedAt).toEqual(before?.approvedAt ?? null);
    expect(after?.tickets).toBe(1);

    const login = await new TestClient().post(API_PATHS.authLogin, {
      username: agent.username,
      password: agent.password,
    });
    expect(login.status).toBe(403);
    expect(errorOf(login)).toEqual({
      code: ERROR_CODES.accountInactive,
      message: SERVER_MESSAGES.accountInactive,
    });
    const wrong = await new TestClient().post(API_PATHS.authLogin, {
      username: agent.username,
      password: 'Wrong123!',
    });
    expect(errorOf(wrong).message).toBe(SERVER_MESSAGES.invalidCredentials);

    const listed = await client.get(`${API_PATHS.adminUsers}?status=inactive&limit=1000`);
    expect(listed.status).toBe(200);
    const list = listed.body as { users: TUser[]; counts: { inactive: number } };
    expect(list.users.map((user) => user.id)).toContain(agent.id);
    expect(list.users.every((user) => user.status === 'inactive')).toBe(true);
    expect(list.counts.inactive).toBeGreaterThanOrEqual(1);

    const reactivated = await client.patch(adminUserStatusPath(agent.id), { status: 'active' });
    expect(reactivated.status).toBe(200);
    expect(userOf(reactivated).status).toBe('active');
    expect((await signIn(agent).then((c) => c.get(API_PATHS.authMe))).status).toBe(200);
    const audit = await auditRows(agent.id);
    expect(audit.map((row) => row.action)).toEqual(['user.deactivated', 'user.reactivated']);
    expect(audit[0]?.details).toMatchObject({ username: agent.username, from: 'active', to: 'inactive' });
    const [adminRow] = await sql<{ adminUserId: string }[]>`
      select admin_user_id as "adminUserId" from admin_audit_logs where target_user_id = ${agent.id} limit 1`;
    expect(adminRow?.adminUserId).toBe(admin.id);
  });

  test("deactivating ends the user's open event stream at once", async () => {
    const { client: admin } = await signedIn('admin');
    expect(
      (await admin.put(ADMIN_API_PATHS.adminSettings, settingsForm({ pushNotifications: true }))).status,
    ).toBe(200);
    try {
      const agent = await createUser({ role: 'agent' });
      const agentClient = await signIn(agent);
      const controller = new AbortController();
      const stream = await fetch(`${BASE_URL}${API_PATHS.events}`, {
        headers: { cookie: `${testConfig.sessionCookie.name}=${agentClient.cookie}` },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const ended = (async () => {
        for await (const _chunk of stream.body ?? []) {
          // Reading until the server ends the stream.
        }
        return true;
      })();
      expect((await admin.patch(adminUserStatusPath(agent.id), { status: 'inactive' })).status).toBe(200);
      const isEnded = await Promise.race([ended, Bun.sleep(2000).then(() => false)]);
      controller.abort();
      expect(isEnded).toBe(true);
    } finally {
      await admin.put(ADMIN_API_PATHS.adminSettings, settingsForm());
    }
  });

  test('other moves are 409 and write nothing; an admin cannot deactivate themself', async () => {
    const { user: admin, client } = await signedIn('admin');
    const cases = [
      { status: 'pending', next: 'inactive', message: USER_ADMIN_MESSAGES.invalidLifecycleTransition },
      { status: 'rejected', next: 'inactive', message: USER_ADMIN_MESSAGES.invalidLifecycleTransition },
      { status: 'inactive', next: 'inactive', message: USER_ADMIN_MESSAGES.invalidLifecycleTransition },
      { status: 'inactive', next: 'rejected', message: USER_ADMIN_MESSAGES.invalidLifecycleTransition },
      { status: 'active', next: 'rejected', message: SERVER_MESSAGES.invalidStatusTransition },
    ] as const;
    for (const { status, next, message } of cases) {
      const target = await createUser({ status });
      const response = await client.patch(adminUserStatusPath(target.id), { status: next });
      expect(response.status).toBe(409);
      expect(errorOf(response).message).toBe(message);
      expect(await auditRows(target.id)).toEqual([]);
    }
    const own = await client.patch(adminUserStatusPath(admin.id), { status: 'inactive' });
    expect(own.status).toBe(403);
    expect(errorOf(own).message).toBe(SERVER_MESSAGES.cannotChangeOwnStatus);
  });

  test('the last active admin cannot be deactivated, even by an admin deactivated a moment ago', async () => {
    const first = await signedIn('admin');
    const second = await signedIn('admin');
    await withOnlyAdmins([first.user.id, second.user.id], async () => {
      expect(
        (await first.client.patch(adminUserStatusPath(second.user.id), { status: 'inactive' })).status,
      ).toBe(200);
      await expect(
        changeUserStatus(second.user, first.user.id, { status: 'inactive' }, meta, links),
      ).rejects.toMatchObject({ status: 409, message: USER_ADMIN_MESSAGES.lastActiveAdmin });
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from users where role = 'admin' and status = 'active'`;
      expect(row?.count).toBe(1);
      expect(
        (await first.client.patch(adminUserStatusPath(second.user.id), { status: 'active' })).status,
      ).toBe(200);
    });
  });

  test('bad bodies are 400 and change nothing; agents and end users are refused', async () => {
    const { client } = await signedIn('admin');
    const target = await createUser({ role: 'agent' });
    for (const body of [
      {},
      { status: 'deleted' },
      { status: 'inactive', approvedBy: target.id },
      { status: 7 },
    ]) {
      expect((await client.patch(adminUserStatusPath(target.id), body)).status).toBe(400);
    }
    for (const role of ['agent', 'end_user'] as const) {
      const other = await signedIn(role);
      expect((await other.client.patch(adminUserStatusPath(target.id), { status: 'inactive' })).status).toBe(
        403,
      );
    }
    const [row] = await sql<{ status: string }[]>`select status from users where id = ${target.id}`;
    expect(row?.status).toBe('active');
  });
});

describe('PATCH /api/admin/users/{userId} (edit)', () => {
  test('changes names with an audit row of before and after; the same values again write nothing', async () => {
    const { client } = await signedIn('admin');
    const target = await createUser({ role: 'agent' });
    const response = await client.patch(adminUserPath(target.id), {
      firstName: '  Grace ',
      lastName: 'Hopper',
    });
    expect(response.status).toBe(200);
    expect(userOf(response)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: target.email });
    expect(userOf(response).emailVerified).toBe(true);
    const again = await client.patch(adminUserPath(target.id), { firstName: 'Grace' });
    expect(again.status).toBe(200);
    const audit = await auditRows(target.id);
    expect(audit).toEqual([
      {
        action: 'user.updated',
        details: {
          username: target.username,
          before: { firstName: 'Test', lastName: target.username },
          after: { firstName: 'Grace', lastName: 'Hopper' },
        },
      },
    ]);
  });

  test('a new email is unconfirmed, gets a confirmation link, and stops the old reset links', async () => {
    const { client } = await signedIn('admin');
    const target = await createUser({ role: 'end_user' });
    const resetSent = await client.post(adminUserPasswordResetPath(target.id));
    expect(resetSent.status).toBe(200);
    const email = `${uniqueName('moved')}@example.test`;
    const response = await client.patch(adminUserPath(target.id), { email });
    expect(response.status).toBe(200);
    expect(userOf(response)).toMatchObject({ email, emailVerified: false, pendingEmail: null });
    const mail = await outboxFor(email);
    expect(mail.map((row) => row.kind)).toEqual(['email_verification']);
    const [live] = await sql<{ count: number }[]>`
      select count(*)::int as count from password_reset_tokens where user_id = ${target.id} and not used`;
    expect(live?.count).toBe(0);
    const [audit] = await auditRows(target.id).then((rows) =>
      rows.filter((row) => row.action === 'user.updated'),
    );
    expect(audit?.details).toEqual({
      username: target.username,
      before: { email: target.email },
      after: { email },
    });
  });

  test("an address someone else confirmed is 409; one's own account is refused; unknown is 404", async () => {
    const { user: admin, client } = await signedIn('admin');
    const owner = await createUser();
    const target = await createUser();
    const taken = await client.patch(adminUserPath(target.id), { email: owner.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(errorOf(taken).message).toBe(SERVER_MESSAGES.emailExists);
    const own = await client.patch(adminUserPath(admin.id), { firstName: 'Me' });
    expect(own.status).toBe(403);
    expect(errorOf(own).message).toBe(USER_ADMIN_MESSAGES.cannotEditOwnAccount);
    expect((await client.patch(adminUserPath(crypto.randomUUID()), { firstName: 'Nobody' })).status).toBe(
      404,
    );
    expect(await auditRows(target.id)).toEqual([]);
  });

  test('bad bodies are 400 with field messages and change nothing', async () => {
    const { client } = await signedIn('admin');
    const target = await createUser();
    const bad: unknown[] = [
      {},
      { firstName: '' },
      { firstName: '   ' },
      { lastName: 'x'.repeat(101) },
      { email: 'not-an-email' },
      { email: `${'a'.repeat(250)}@example.test` },
      { firstName: 'Evil\u0000Name' },
      { firstName: 'Line\nBreak' },
      { role: 'admin' },
      { status: 'active' },
      { firstName: 'Ok', passwordHash: 'x' },
      { firstName: 42 },
      [],
      'plain',
    ];
    for (const body of bad) {
      const response = await client.patch(adminUserPath(target.id), body);
      expect(response.status).toBe(400);
    }
    const malformed = await client.request('PATCH', adminUserPath(target.id), {
      body: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const [row] = await sql<{ firstName: string; role: string }[]>`
      select first_name as "firstName", role from users where id = ${target.id}`;
    expect(row).toEqual({ firstName: 'Test', role: 'end_user' });
    expect(await auditRows(target.id)).toEqual([]);
  });
});

describe('POST /api/admin/users/{userId}/password-reset', () => {
  test("mails an agent a link to the public reset page and an admin one to the admin's, audited", async () => {
    const { user: admin, client } = await signedIn('admin');
    const agent = await createUser({ role: 'agent' });
    const otherAdmin = await createUser({ role: 'admin' });
    for (const [target, page] of [
      [agent, '/reset-password?token='],
      [otherAdmin, '/admin/reset-password?token='],
    ] as const) {
      const response = await client.post(adminUserPasswordResetPath(target.id));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: USER_ADMIN_MESSAGES.resetLinkSent });
      const [mail] = await outboxFor(target.email);
      expect(mail?.kind).toBe('password_reset');
      expect(mail?.textBody).toContain(`http://localhost:3000${page}`);
      const audit = await auditRows(target.id);
      expect(audit.map((row) => row.action)).toEqual(['user.password_reset_sent']);
    }
    const [row] = await sql<{ adminUserId: string }[]>`
      select admin_user_id as "adminUserId" from admin_audit_logs where target_user_id = ${agent.id}`;
    expect(row?.adminUserId).toBe(admin.id);
  });

  test('a second link within minutes is 429; the first stays the valid one', () =>
    withRateLimitScale(1, async () => {
      const { client } = await signedIn('admin');
      const agent = await createUser({ role: 'agent' });
      expect((await client.post(adminUserPasswordResetPath(agent.id))).status).toBe(200);
      const again = await client.post(adminUserPasswordResetPath(agent.id));
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
      const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from password_reset_tokens where user_id = ${agent.id} and not used`;
      expect(row?.count).toBe(1);
      // Nor does a forgot-password request a moment later replace it.
      await new TestClient().post(API_PATHS.authForgotPassword, { email: agent.email });
      await runPasswordResetJobs();
      expect((await outboxFor(agent.email)).length).toBe(1);
    }));

  test('refused for a user who is not active or whose address is unconfirmed; 404 for nobody', async () => {
    const { client } = await signedIn('admin');
    for (const status of ['pending', 'rejected', 'inactive'] as const) {
      const target = await createUser({ status });
      const response = await client.post(adminUserPasswordResetPath(target.id));
      expect(response.status).toBe(409);
      expect(errorOf(response).message).toBe(USER_ADMIN_MESSAGES.resetNeedsActiveUser);
    }
    const unconfirmed = await createUser({ isEmailVerified: false });
    const response = await client.post(adminUserPasswordResetPath(unconfirmed.id));
    expect(response.status).toBe(409);
    expect(errorOf(response).message).toBe(USER_ADMIN_MESSAGES.resetNeedsConfirmedEmail);
    expect(await outboxFor(unconfirmed.email)).toEqual([]);
    expect((await client.post(adminUserPasswordResetPath(crypto.randomUUID()))).status).toBe(404);
    expect((await client.post(`${API_PATHS.adminUsers}/not-a-uuid/password-reset`)).status).toBe(400);
  });

  test('a flood from one admin stops at their budget of account mail (429)', () =>
    withRateLimitScale(1, async () => {
      const { client } = await signedIn('admin');
      const targets = await Promise.all(Array.from({ length: 51 }, () => createUser({ role: 'agent' })));
      const statuses: number[] = [];
      for (const target of targets)
        statuses.push((await client.post(adminUserPasswordResetPath(target.id))).status);
      expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
      expect(statuses[50]).toBe(429);
    }));
});
