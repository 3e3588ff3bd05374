import { describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  adminUserRolePath,
  adminUserStatusPath,
  ERROR_CODES,
  SERVER_MESSAGES,
  type TUser,
  teamMembersPath,
  USER_ADMIN_MESSAGES,
  ZUserResponse,
} from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  signIn,
  sql,
  TestClient,
  type TestResponse,
  uniqueName,
  withOnlyAdmins,
} from '../../test/helpers.ts';
import { changeUserRole } from './service.ts';

const userOf = (response: TestResponse) => ZUserResponse.parse(response.body).user;

const newAccount = (overrides: Record<string, unknown> = {}) => {
  const username = uniqueName('made');
  return {
    username,
    email: `${username}@example.test`,
    password: 'Agent123!',
    firstName: 'Made',
    lastName: 'ByAdmin',
    role: 'agent',
    ...overrides,
  };
};

async function auditActions(targetUserId: string): Promise<{ action: string; details: unknown }[]> {
  return [
    ...(await sql<{ action: string; details: unknown }[]>`
      select action, details from admin_audit_logs where target_user_id = ${targetUserId} order by created_at, id`),
  ];
}

describe('POST /api/admin/users (Add User)', () => {
  test('creates an active user with the chosen role, approved by the admin, audited; they can sign in', async () => {
    const { user: admin, client } = await signedIn('admin');
    for (const role of ['agent', 'admin', 'end_user'] as const) {
      const account = newAccount({ role });
      const response = await client.post(API_PATHS.adminUsers, account, {
        headers: { 'user-agent': 'add-user-test' },
      });
      expect(response.status).toBe(201);
      const created = userOf(response);
      expect(created).toMatchObject({
        username: account.username,
        email: account.email,
        role,
        status: 'active',
        approvedBy: admin.id,
        firstName: 'Made',
      });
      expect(created.approvedAt).not.toBeNull();
      expect(response.text).not.toContain('argon2');
      const [audit] = await sql<
        { action: string; details: unknown; adminUserId: string; userAgent: string }[]
      >`
        select action, details, admin_user_id as "adminUserId", user_agent as "userAgent"
        from admin_audit_logs where target_user_id = ${created.id}`;
      expect(audit).toEqual({
        action: 'user.created',
        details: { username: account.username, role },
        adminUserId: admin.id,
        userAgent: 'add-user-test',
      });
      const signedInClient = await signIn({ username: account.username, password: account.password });
      const me = await signedInClient.get(API_PATHS.authMe);
      expect((me.body as { user: TUser }).user).toMatchObject({ id: created.id, role, status: 'active' });
    }
  });

  test('a taken username or email (any case) is 409 with the registration messages', async () => {
    const { client } = await signedIn('admin');
    const existing = await createUser();
    const byName = await client.post(
      API_PATHS.adminUsers,
      newAccount({ username: existing.username.toUpperCase() }),
    );
    expect(byName.status).toBe(409);
    expect(errorOf(byName)).toEqual({ code: ERROR_CODES.conflict, message: SERVER_MESSAGES.usernameExists });
    const byEmail = await client.post(
      API_PATHS.adminUsers,
      newAccount({ email: existing.email.toUpperCase() }),
    );
    expect(byEmail.status).toBe(409);
    expect(errorOf(byEmail).message).toBe(SERVER_MESSAGES.emailExists);
  });

  test('two admins adding the same username at once: one 201, one 409', async () => {
    const [first, second] = await Promise.all([signedIn('admin'), signedIn('admin')]);
    const account = newAccount();
    const responses = await Promise.all([
      first.client.post(API_PATHS.adminUsers, account),
      second.client.post(API_PATHS.adminUsers, { ...account, email: `other-${account.email}` }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test('bad bodies are 400 (registration messages) and create nothing', async () => {
    const { client } = await signedIn('admin');
    const cases: [Record<string, unknown>, string, string][] = [
      [newAccount({ password: 'short' }), 'password', SERVER_MESSAGES.passwordRequirements],
      [newAccount({ password: 'x'.repeat(1025) }), 'password', SERVER_MESSAGES.passwordRequirements],
      [newAccount({ username: 'ab' }), 'username', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ username: 'has space' }), 'username', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ email: 'nope' }), 'email', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ firstName: '  ' }), 'firstName', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ role: 'superuser' }), 'role', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ role: undefined }), 'role', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ status: 'active' }), 'status', SERVER_MESSAGES.invalidRegistration],
      [newAccount({ approvedBy: crypto.randomUUID() }), 'approvedBy', SERVER_MESSAGES.invalidRegistration],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.post(API_PATHS.adminUsers, body);
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(message);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from users where lower(username) = lower(${String(body.username)})`;
      expect(row?.count).toBe(0);
    }
  });
});

describe('PATCH /api/admin/users/{userId}/role', () => {
  test('changes a role with an audit row; the new role applies on the next request', async () => {
    const { user: admin, client } = await signedIn('admin');
    const target = await createUser({ role: 'end_user' });
    const targetClient = await signIn(target);
    expect((await targetClient.get(API_PATHS.teams)).status).toBe(403);
    const response = await client.patch(adminUserRolePath(target.id), { role: 'admin' });
    expect(response.status).toBe(200);
    expect(userOf(response)).toMatchObject({ id: target.id, role: 'admin' });
    expect((await targetClient.get(API_PATHS.teams)).status).toBe(200);
    const back = await client.patch(adminUserRolePath(target.id), { role: 'agent' });
    expect(userOf(back).role).toBe('agent');
    expect((await targetClient.get(API_PATHS.teams)).status).toBe(403);
    const [audit] = await sql<{ adminUserId: string }[]>`
      select admin_user_id as "adminUserId" from admin_audit_logs where target_user_id = ${target.id} limit 1`;
    expect(audit?.adminUserId).toBe(admin.id);
    expect(await auditActions(target.id)).toEqual([
      { action: 'user.role_changed', details: { username: target.username, from: 'end_user', to: 'admin' } },
      { action: 'user.role_changed', details: { username: target.username, from: 'admin', to: 'agent' } },
    ]);
  });

  test('the same role again changes nothing and writes no audit row', async () => {
    const { client } = await signedIn('admin');
    const target = await createUser({ role: 'agent' });
    const response = await client.patch(adminUserRolePath(target.id), { role: 'agent' });
    expect(response.status).toBe(200);
    expect(userOf(response).role).toBe('agent');
    expect(await auditActions(target.id)).toEqual([]);
  });

  test('made an end user, a member leaves every team (teams hold only agents and admins)', async () => {
    const { client } = await signedIn('admin');
    const agent = await createUser({ role: 'agent' });
    const teamName = uniqueName('Leaving');
    const [team] = await sql<{ id: string }[]>`insert into teams (name) values (${teamName}) returning id`;
    const teamId = team?.id ?? '';
    expect((await client.post(teamMembersPath(teamId), { userIds: [agent.id] })).status).toBe(200);
    expect((await client.patch(adminUserRolePath(agent.id), { role: 'end_user' })).status).toBe(200);
    expect((await client.get(teamMembersPath(teamId))).body).toEqual([]);
    const actions = await auditActions(agent.id);
    expect(actions.at(-1)).toEqual({
      action: 'user.role_changed',
      details: { username: agent.username, from: 'agent', to: 'end_user', removedFromTeams: [teamName] },
    });
  });

  test('an admin cannot change their own role (403) nor their own status', async () => {
    const { user: admin, client } = await signedIn('admin');
    for (const role of ['agent', 'end_user', 'admin']) {
      const response = await client.patch(adminUserRolePath(admin.id), { role });
      expect(response.status).toBe(403);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.forbidden,
        message: USER_ADMIN_MESSAGES.cannotChangeOwnRole,
      });
    }
    const reject = await client.patch(adminUserStatusPath(admin.id), { status: 'rejected' });
    expect(reject.status).toBe(403);
    expect(errorOf(reject).message).toBe(SERVER_MESSAGES.cannotChangeOwnStatus);
    const [row] = await sql<
      { role: string; status: string }[]
    >`select role, status from users where id = ${admin.id}`;
    expect(row).toEqual({ role: 'admin', status: 'active' });
    expect(await auditActions(admin.id)).toEqual([]);
  });

  test('an active admin cannot be rejected through the status endpoint (409), and stays an admin', async () => {
    const { client } = await signedIn('admin');
    const other = await createUser({ role: 'admin' });
    const response = await client.patch(adminUserStatusPath(other.id), { status: 'rejected' });
    expect(response.status).toBe(409);
    const [row] = await sql<{ status: string }[]>`select status from users where id = ${other.id}`;
    expect(row?.status).toBe('active');
  });

  test('bad input: unknown user 404, bad id 400, unknown role or extra keys 400', async () => {
    const { client } = await signedIn('admin');
    const target = await createUser({ role: 'agent' });
    const missing = await client.patch(adminUserRolePath(crypto.randomUUID()), { role: 'agent' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe(SERVER_MESSAGES.userNotFound);
    const badId = await client.patch(adminUserRolePath('123'), { role: 'agent' });
    expect(badId.status).toBe(400);
    expect(errorOf(badId).message).toBe(SERVER_MESSAGES.invalidUserId);
    for (const body of [{}, { role: 'root' }, { role: 'agent', status: 'active' }, { role: null }]) {
      const response = await client.patch(adminUserRolePath(target.id), body);
      expect(response.status).toBe(400);
    }
    const [row] = await sql<
      { role: string; status: string }[]
    >`select role, status from users where id = ${target.id}`;
    expect(row).toEqual({ role: 'agent', status: 'active' });
  });

  test('agents and end users are refused Add User and role changes (403), anonymous 401', async () => {
    const target = await createUser({ role: 'end_user' });
    for (const role of ['agent', 'end_user'] as const) {
      const { user, client } = await signedIn(role);
      for (const response of [
        await client.post(API_PATHS.adminUsers, newAccount({ role: 'admin' })),
        await client.patch(adminUserRolePath(target.id), { role: 'admin' }),
        await client.patch(adminUserRolePath(user.id), { role: 'admin' }),
      ]) {
        expect(response.status).toBe(403);
        expect(errorOf(response)).toEqual({
          code: ERROR_CODES.forbidden,
          message: SERVER_MESSAGES.forbidden,
        });
      }
      const [row] = await sql<{ role: string }[]>`select role from users where id = ${user.id}`;
      expect(row?.role).toBe(role);
    }
    const anonymous = new TestClient();
    expect((await anonymous.post(API_PATHS.adminUsers, newAccount())).status).toBe(401);
    expect((await anonymous.patch(adminUserRolePath(target.id), { role: 'admin' })).status).toBe(401);
    const [row] = await sql<{ role: string }[]>`select role from users where id = ${target.id}`;
    expect(row?.role).toBe('end_user');
  });
});

describe('the last active admin', () => {
  test('an admin who was demoted a moment ago cannot demote the last admin left (409)', async () => {
    const first = await signedIn('admin');
    const second = await signedIn('admin');
    await withOnlyAdmins([first.user.id, second.user.id], async () => {
      const response = await first.client.patch(adminUserRolePath(second.user.id), { role: 'agent' });
      expect(response.status).toBe(200);
      // The second admin's request was already past the session check when the first one won:
      // the service, holding the admin lock, must still refuse to leave the desk without an admin.
      await expect(
        changeUserRole(
          second.user,
          first.user.id,
          { role: 'agent' },
          { ipAddress: '10.0.0.1', userAgent: null },
        ),
      ).rejects.toMatchObject({ status: 409, message: USER_ADMIN_MESSAGES.lastActiveAdmin });
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from users where role = 'admin' and status = 'active'`;
      expect(row?.count).toBe(1);
      expect((await second.client.patch(adminUserRolePath(first.user.id), { role: 'agent' })).status).toBe(
        403,
      );
    });
  });

  test('the two last admins demoting each other at once: exactly one wins, one admin remains', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await signedIn('admin');
      const second = await signedIn('admin');
      await withOnlyAdmins([first.user.id, second.user.id], async () => {
        const responses = await Promise.all([
          first.client.patch(adminUserRolePath(second.user.id), { role: 'agent' }),
          second.client.patch(adminUserRolePath(first.user.id), { role: 'end_user' }),
        ]);
        const statuses = responses.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        const loser = responses.find((r) => r.status !== 200);
        expect([403, 409]).toContain(loser?.status ?? 0);
        const admins = await sql<{ id: string }[]>`
          select id from users where role = 'admin' and status = 'active'`;
        expect(admins).toHaveLength(1);
        const roleChanges = await sql<{ count: number }[]>`
          select count(*)::int as count from admin_audit_logs
          where action = 'user.role_changed' and target_user_id in (${first.user.id}, ${second.user.id})`;
        expect(roleChanges[0]?.count).toBe(1);
      });
    }
  });

  test('while one admin holds the admin lock, the other demotion waits and then sees the result (409)', async () => {
    const first = await signedIn('admin');
    const second = await signedIn('admin');
    await withOnlyAdmins([first.user.id, second.user.id], async () => {
      const meta = { ipAddress: '10.0.0.2', userAgent: null };
      const [winner, loser] = await Promise.allSettled([
        changeUserRole(first.user, second.user.id, { role: 'agent' }, meta),
        // Started second: it queues on the admin rows the first transaction locked.
        Bun.sleep(20).then(() => changeUserRole(second.user, first.user.id, { role: 'agent' }, meta)),
      ]);
      expect(winner.status).toBe('fulfilled');
      expect(loser.status).toBe('rejected');
      expect(loser.status === 'rejected' ? loser.reason : null).toMatchObject({
        status: 409,
        message: USER_ADMIN_MESSAGES.lastActiveAdmin,
      });
    });
  });
});
