import { afterAll, describe, expect, test } from 'bun:test';
import {
  ADMIN_API_PATHS,
  API_PATHS,
  AUDIT_LOG_MESSAGES,
  adminUserRolePath,
  ERROR_CODES,
  SERVER_MESSAGES,
  type TAuditLogEntry,
  teamMembersPath,
  ZAuditLogListResponse,
} from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  settingsForm,
  signedIn,
  sql,
  TestClient,
  type TestUser,
  uniqueName,
} from '../../test/helpers.ts';

const path = (query: Record<string, string>) =>
  `${ADMIN_API_PATHS.adminAuditLogs}?${new URLSearchParams(query)}`;

/** Every page of a query, following nextCursor. */
async function allPages(client: TestClient, query: Record<string, string>): Promise<TAuditLogEntry[]> {
  const entries: TAuditLogEntry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const response = await client.get(path(cursor ? { ...query, cursor } : query));
    expect(response.status).toBe(200);
    const body = ZAuditLogListResponse.parse(response.body);
    entries.push(...body.entries);
    cursor = body.nextCursor;
    if (!cursor) return entries;
  }
  throw new Error('too many pages');
}

/** Audit rows written straight into the table at chosen times, for the date filters. */
async function insertAuditAt(admin: TestUser, action: string, at: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into admin_audit_logs (admin_user_id, action, details, created_at)
    values (${admin.id}, ${action}, '{}'::jsonb, ${at}) returning id`;
  return row?.id ?? '';
}

afterAll(async () => {
  await sql`delete from settings`;
});

describe('GET /api/admin/audit-logs', () => {
  test('shows who, what, whom, when and from where, newest first, filtered by admin, action, target', async () => {
    const { user: admin, client } = await signedIn('admin');
    const target = await createUser({ role: 'agent' });
    const headers = { 'user-agent': 'audit-test/2.0' };
    const team = await client.post(API_PATHS.teams, { name: uniqueName('Audited') }, { headers });
    const teamId = (team.body as { team: { id: string } }).team.id;
    await client.post(teamMembersPath(teamId), { userIds: [target.id] }, { headers });
    await client.patch(adminUserRolePath(target.id), { role: 'admin' }, { headers });

    const mine = await allPages(client, { adminUserId: admin.id });
    expect(mine.map((e) => e.action)).toEqual(['user.role_changed', 'team.members_added', 'team.created']);
    const expectedOrder = await sql<{ id: string }[]>`
      select id from admin_audit_logs where admin_user_id = ${admin.id} order by created_at desc, id desc`;
    expect(mine.map((e) => e.id)).toEqual(expectedOrder.map((row) => row.id));
    expect(mine[0]).toMatchObject({
      action: 'user.role_changed',
      admin: { id: admin.id, username: admin.username, firstName: admin.firstName, lastName: admin.lastName },
      target: {
        id: target.id,
        username: target.username,
        firstName: target.firstName,
        lastName: target.lastName,
      },
      details: { username: target.username, from: 'agent', to: 'admin' },
      ipAddress: client.ip,
      userAgent: 'audit-test/2.0',
    });
    expect(mine[2]?.target).toBeNull();
    expect(Date.parse(mine[0]?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const created = await allPages(client, { adminUserId: admin.id, action: 'team.created' });
    expect(created.map((e) => e.action)).toEqual(['team.created']);
    const aboutTarget = await allPages(client, { targetUserId: target.id });
    expect(aboutTarget.map((e) => e.action)).toEqual(['user.role_changed', 'team.members_added']);
    expect(await allPages(client, { targetUserId: target.id, action: 'team.created' })).toEqual([]);
  });

  test('keyset pages of any size cover every row once, in order, even when times tie', async () => {
    const { user: admin, client } = await signedIn('admin');
    const at = '2002-02-02T12:00:00.123456Z';
    for (let i = 0; i < 5; i++) await insertAuditAt(admin, 'test.tied', at);
    await insertAuditAt(admin, 'test.tied', '2002-02-02T12:00:01Z');
    const all = await allPages(client, { adminUserId: admin.id, limit: '100' });
    expect(all).toHaveLength(6);
    for (const limit of ['1', '2', '4']) {
      const paged = await allPages(client, { adminUserId: admin.id, limit });
      expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    }
    const first = ZAuditLogListResponse.parse(
      (await client.get(path({ adminUserId: admin.id, limit: '6' }))).body,
    );
    expect(first.nextCursor).toBeNull();
  });

  test('date filters: dates are whole days in the desk timezone, date-times are exact and inclusive', async () => {
    const { user: admin, client } = await signedIn('admin');
    const early = await insertAuditAt(admin, 'test.dated', '2001-03-05T10:00:00Z');
    const late = await insertAuditAt(admin, 'test.dated', '2001-03-06T02:00:00Z');
    const ids = async (query: Record<string, string>) =>
      (await allPages(client, { adminUserId: admin.id, ...query })).map((e) => e.id);
    await sql`delete from settings`;
    expect(await ids({ from: '2001-03-05', to: '2001-03-05' })).toEqual([early]);
    expect(await ids({ from: '2001-03-06' })).toEqual([late]);
    expect(await ids({ to: '2001-03-04' })).toEqual([]);
    expect(await ids({ from: '2001-03-05T10:00:00Z', to: '2001-03-06T02:00:00Z' })).toEqual([late, early]);
    expect(await ids({ from: '2001-03-05T10:00:00.001Z' })).toEqual([late]);
    expect(await ids({ to: '2001-03-05T05:00:00-05:00' })).toEqual([early]);
    // 02:00 UTC on the 6th is 21:00 on the 5th in New York.
    const { client: settingsClient } = await signedIn('admin');
    const saved = await settingsClient.put(ADMIN_API_PATHS.adminSettings, settingsForm({ timezone: 'EST' }));
    expect(saved.status).toBe(200);
    expect(await ids({ from: '2001-03-05', to: '2001-03-05' })).toEqual([late, early]);
    expect(await ids({ from: '2001-03-06', to: '2001-03-06' })).toEqual([]);
  });

  test('bad filters are 400 with field messages', async () => {
    const { client } = await signedIn('admin');
    const cases: [Record<string, string>, string][] = [
      [{ adminUserId: 'nope' }, 'adminUserId'],
      [{ targetUserId: '1' }, 'targetUserId'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2001-02-30' }, 'to'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ action: 'x'.repeat(101) }, 'action'],
      [{ cursor: 'not*a*cursor' }, 'cursor'],
      [{ cursor: Buffer.from('2001-01-01|x').toString('base64url') }, 'cursor'],
      [{ sort: 'ip_address' }, 'sort'],
      [{ from: '2001-03-06', to: '2001-03-05' }, 'from'],
    ];
    for (const [query, field] of cases) {
      const response = await client.get(path(query));
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    const reversed = await client.get(path({ from: '2001-03-06', to: '2001-03-05' }));
    expect(errorOf(reversed).message).toBe(AUDIT_LOG_MESSAGES.fromAfterTo);
  });

  test('admins only: agents and end users 403, anonymous 401', async () => {
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      const response = await client.get(ADMIN_API_PATHS.adminAuditLogs);
      expect(response.status).toBe(403);
      expect(errorOf(response)).toEqual({ code: ERROR_CODES.forbidden, message: SERVER_MESSAGES.forbidden });
    }
    expect((await new TestClient().get(ADMIN_API_PATHS.adminAuditLogs)).status).toBe(401);
  });
});
