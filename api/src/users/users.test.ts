import { describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  adminUserStatusPath,
  ERROR_CODES,
  SERVER_MESSAGES,
  type TUser,
  type TUserListResponse,
} from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  signIn,
  sql,
  TestClient,
  type TestResponse,
} from '../../test/helpers.ts';

const listOf = (response: TestResponse) => response.body as TUserListResponse;
const userOf = (response: TestResponse) => (response.body as { user: TUser }).user;

async function sessionCount(userId: string): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`select count(*)::int as count from sessions where user_id = ${userId}`;
  return row?.count ?? 0;
}

describe('GET /api/admin/users', () => {
  test('lists users newest first (id breaks ties) with the counts of everyone by status', async () => {
    const { client } = await signedIn('admin');
    const response = await client.get(`${API_PATHS.adminUsers}?limit=1000`);
    expect(response.status).toBe(200);
    const list = listOf(response);
    const [counts] = await sql<
      {
        pending: number;
        approved: number;
        active: number;
        rejected: number;
        inactive: number;
        total: number;
      }[]
    >`
      select count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'approved')::int as approved,
             count(*) filter (where status = 'active')::int as active,
             count(*) filter (where status = 'rejected')::int as rejected,
             count(*) filter (where status = 'inactive')::int as inactive,
             count(*)::int as total
      from users`;
    expect(list.counts).toEqual({
      pending: counts?.pending ?? -1,
      approved: counts?.approved ?? -1,
      active: counts?.active ?? -1,
      rejected: counts?.rejected ?? -1,
      inactive: counts?.inactive ?? -1,
    });
    expect(list.total).toBe(counts?.total ?? -1);
    const expected = await sql<
      { id: string }[]
    >`select id from users order by created_at desc, id desc limit 1000`;
    expect(list.users.map((u) => u.id)).toEqual(expected.map((row) => row.id));
    const times = list.users.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(JSON.stringify(list)).not.toContain('argon2');
  });

  test('filters by status and role; "all" means no filter', async () => {
    const { client } = await signedIn('admin');
    const pending = await createUser({ status: 'pending' });
    const agent = await createUser({ role: 'agent' });
    const byStatus = listOf(await client.get(`${API_PATHS.adminUsers}?status=pending&limit=1000`));
    expect(byStatus.users.every((u) => u.status === 'pending')).toBe(true);
    expect(byStatus.users.some((u) => u.id === pending.id)).toBe(true);
    expect(byStatus.total).toBe(byStatus.counts.pending);
    const byRole = listOf(await client.get(`${API_PATHS.adminUsers}?role=agent&limit=1000`));
    expect(byRole.users.every((u) => u.role === 'agent')).toBe(true);
    expect(byRole.users.some((u) => u.id === agent.id)).toBe(true);
    const both = listOf(await client.get(`${API_PATHS.adminUsers}?status=active&role=agent&limit=1000`));
    expect(both.users.every((u) => u.role === 'agent' && u.status === 'active')).toBe(true);
    const all = listOf(await client.get(`${API_PATHS.adminUsers}?status=all&role=all&limit=1000`));
    const none = listOf(await client.get(`${API_PATHS.adminUsers}?limit=1000`));
    expect(all.total).toBe(none.total);
  });

  test('limit and offset page through the list; the default limit is 100', async () => {
    const { client } = await signedIn('admin');
    await Promise.all([createUser(), createUser(), createUser()]);
    const full = listOf(await client.get(`${API_PATHS.adminUsers}?limit=1000`));
    const page = listOf(await client.get(`${API_PATHS.adminUsers}?limit=2&offset=1`));
    expect(page.users.map((u) => u.id)).toEqual(full.users.slice(1, 3).map((u) => u.id));
    expect(page.total).toBe(full.total);
    const defaults = listOf(await client.get(API_PATHS.adminUsers));
    expect(defaults.users.length).toBe(Math.min(100, full.total));
  });

  test('limit 0, 1001, -1, "abc", offset -1 and unknown filters are 400 with field messages', async () => {
    const { client } = await signedIn('admin');
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['offset=-1', 'offset'],
      ['status=superuser', 'status'],
      ['role=root', 'role'],
      ["status=active'--", 'status'],
      ['sort=password_hash', 'sort'],
    ];
    for (const [query, field] of cases) {
      const response = await client.get(`${API_PATHS.adminUsers}?${query}`);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
  });

  test('only admins may list users', async () => {
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      const response = await client.get(API_PATHS.adminUsers);
      expect(response.status).toBe(403);
      expect(errorOf(response)).toEqual({ code: ERROR_CODES.forbidden, message: SERVER_MESSAGES.forbidden });
    }
    expect((await new TestClient().get(API_PATHS.adminUsers)).status).toBe(401);
  });
});

describe('PATCH /api/admin/users/{userId}/status', () => {
  test('approves a pending user: active, approvedBy/approvedAt, and an audit row in the same transaction', async () => {
    const { user: admin, client } = await signedIn('admin');
    const pending = await createUser({ status: 'pending' });
    const response = await client.patch(
      adminUserStatusPath(pending.id),
      { status: 'active' },
      { headers: { 'user-agent': 'approval-test/1.0' } },
    );
    expect(response.status).toBe(200);
    const approved = userOf(response);
    expect(approved).toMatchObject({ id: pending.id, status: 'active', approvedBy: admin.id });
    expect(approved.approvedAt).not.toBeNull();
    const audits = await sql<
      { action: string; details: Record<string, string>; ipAddress: string; userAgent: string }[]
    >`
      select action, details, ip_address as "ipAddress", user_agent as "userAgent"
      from admin_audit_logs where admin_user_id = ${admin.id} and target_user_id = ${pending.id}`;
    expect([...audits]).toEqual([
      {
        action: 'user.approved',
        details: { username: pending.username, from: 'pending', to: 'active' },
        ipAddress: client.ip,
        userAgent: 'approval-test/1.0',
      },
    ]);
    expect((await signIn(pending)).cookie).not.toBeNull();
  });

  test('rejects a pending user, records who and when, and ends their sessions', async () => {
    const { user: admin, client } = await signedIn('admin');
    const pending = await createUser({ status: 'pending' });
    // A session made behind the API's back: a rejection must end it whatever its origin.
    await sql`
      insert into sessions (sid, user_id, expire, absolute_expire)
      values (${'a'.repeat(64)}, ${pending.id}, now() + interval '1 hour', now() + interval '1 day')`;
    const response = await client.patch(adminUserStatusPath(pending.id), { status: 'rejected' });
    expect(response.status).toBe(200);
    expect(userOf(response)).toMatchObject({ status: 'rejected', approvedBy: admin.id });
    expect(await sessionCount(pending.id)).toBe(0);
    const [audit] = await sql<
      { action: string }[]
    >`select action from admin_audit_logs where target_user_id = ${pending.id}`;
    expect(audit?.action).toBe('user.rejected');
    const login = await new TestClient().post(API_PATHS.authLogin, {
      username: pending.username,
      password: pending.password,
    });
    expect(errorOf(login).message).toContain('rejected');
  });

  test('only pending users change: anything else is 409 and writes no audit row', async () => {
    const { client } = await signedIn('admin');
    for (const status of ['active', 'rejected', 'approved'] as const) {
      const target = await createUser({ status });
      for (const next of ['active', 'rejected']) {
        const response = await client.patch(adminUserStatusPath(target.id), { status: next });
        expect(response.status).toBe(409);
        expect(errorOf(response)).toEqual({
          code: ERROR_CODES.conflict,
          message: SERVER_MESSAGES.invalidStatusTransition,
        });
      }
      const [row] = await sql<
        { count: number }[]
      >`select count(*)::int as count from admin_audit_logs where target_user_id = ${target.id}`;
      expect(row?.count).toBe(0);
    }
  });

  test('two admins approving at once: one 200, one 409, one audit row', async () => {
    const first = await signedIn('admin');
    const second = await signedIn('admin');
    const pending = await createUser({ status: 'pending' });
    const responses = await Promise.all([
      first.client.patch(adminUserStatusPath(pending.id), { status: 'active' }),
      second.client.patch(adminUserStatusPath(pending.id), { status: 'rejected' }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int as count from admin_audit_logs where target_user_id = ${pending.id}`;
    expect(row?.count).toBe(1);
  });

  test('an admin cannot change their own status', async () => {
    const { user, client } = await signedIn('admin');
    const response = await client.patch(adminUserStatusPath(user.id), { status: 'rejected' });
    expect(response.status).toBe(403);
    expect(errorOf(response).message).toBe(SERVER_MESSAGES.cannotChangeOwnStatus);
  });

  test("'Invalid user ID format' for a non-uuid; 404 for an unknown user", async () => {
    const { client } = await signedIn('admin');
    for (const id of ['123', 'not-a-uuid', "1' or '1'='1", '%00']) {
      const response = await client.patch(adminUserStatusPath(encodeURIComponent(id)), { status: 'active' });
      expect(response.status).toBe(400);
      expect(errorOf(response).message).toBe(SERVER_MESSAGES.invalidUserId);
    }
    const unknown = await client.patch(adminUserStatusPath(crypto.randomUUID()), { status: 'active' });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: ERROR_CODES.notFound, message: SERVER_MESSAGES.userNotFound });
  });

  test('the body takes only status active or rejected; approvedBy cannot be chosen', async () => {
    const { client } = await signedIn('admin');
    const pending = await createUser({ status: 'pending' });
    const otherAdmin = await createUser({ role: 'admin' });
    for (const body of [
      { status: 'pending' },
      { status: 'approved' },
      { status: 'ACTIVE' },
      {},
      { status: 'active', approvedBy: otherAdmin.id },
      { status: 'active', role: 'admin' },
    ]) {
      const response = await client.patch(adminUserStatusPath(pending.id), body);
      expect(response.status).toBe(400);
    }
    const [row] = await sql<
      { status: string; role: string }[]
    >`select status, role from users where id = ${pending.id}`;
    expect(row).toEqual({ status: 'pending', role: 'end_user' });
  });

  test('agents and end users cannot approve', async () => {
    const pending = await createUser({ status: 'pending' });
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      expect((await client.patch(adminUserStatusPath(pending.id), { status: 'active' })).status).toBe(403);
    }
    expect((await new TestClient().patch(adminUserStatusPath(pending.id), { status: 'active' })).status).toBe(
      401,
    );
    const [row] = await sql<{ status: string }[]>`select status from users where id = ${pending.id}`;
    expect(row?.status).toBe('pending');
  });
});
