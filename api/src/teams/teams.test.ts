import { describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  ERROR_CODES,
  SERVER_MESSAGES,
  TEAM_MESSAGES,
  teamMemberPath,
  teamMembersPath,
  teamPath,
  ZAddTeamMembersResponse,
  ZTeamListResponse,
  ZTeamMemberListResponse,
  ZTeamResponse,
} from '@helpdesk/contracts';
import { createUser, errorOf, signedIn, sql, TestClient, uniqueName } from '../../test/helpers.ts';

async function createTeam(name: string, description: string | null): Promise<string> {
  const [team] = await sql<
    { id: string }[]
  >`insert into teams (name, description) values (${name}, ${description}) returning id`;
  if (!team) throw new Error('team not inserted');
  return team.id;
}

describe('teams', () => {
  test('GET /api/teams lists teams by name with member counts', async () => {
    const { client } = await signedIn('admin');
    const name = uniqueName('Team');
    const teamId = await createTeam(name, null);
    const emptyId = await createTeam(`${name}_empty`, 'No one here yet');
    const [a, b] = await Promise.all([createUser({ role: 'agent' }), createUser({ role: 'agent' })]);
    await sql`insert into team_members (team_id, user_id, role) values (${teamId}, ${a?.id ?? ''}, 'lead'), (${teamId}, ${b?.id ?? ''}, 'member')`;
    const response = await client.get(API_PATHS.teams);
    expect(response.status).toBe(200);
    const teams = ZTeamListResponse.parse(response.body);
    expect(teams.find((t) => t.id === teamId)).toMatchObject({
      name,
      description: null,
      isActive: true,
      memberCount: 2,
    });
    expect(teams.find((t) => t.id === emptyId)).toMatchObject({
      memberCount: 0,
      description: 'No one here yet',
    });
    const ids = teams.map((t) => t.id);
    expect(ids.indexOf(teamId)).toBeLessThan(ids.indexOf(emptyId));
  });

  test('GET /api/teams/{id}/members answers user fields and the team role', async () => {
    const { client } = await signedIn('admin');
    const teamId = await createTeam(uniqueName('Team'), 'desc');
    const member = await createUser({ role: 'agent' });
    await sql`insert into team_members (team_id, user_id, role) values (${teamId}, ${member.id}, 'lead')`;
    const response = await client.get(teamMembersPath(teamId));
    expect(response.status).toBe(200);
    const members = ZTeamMemberListResponse.parse(response.body);
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({
      id: member.id,
      username: member.username,
      email: member.email,
      role: 'agent',
      status: 'active',
      teamRole: 'lead',
    });
    expect(JSON.stringify(response.body)).not.toContain('argon2');
    const emptyTeam = await createTeam(uniqueName('Team'), null);
    expect((await client.get(teamMembersPath(emptyTeam))).body).toEqual([]);
  });

  test('unknown team 404, bad id 400', async () => {
    const { client } = await signedIn('admin');
    expect((await client.get(teamMembersPath(crypto.randomUUID()))).status).toBe(404);
    const bad = await client.get(teamMembersPath('x'));
    expect(bad.status).toBe(400);
    expect(errorOf(bad).message).toBe('Invalid team ID format');
  });

  test('admins only', async () => {
    const teamId = await createTeam(uniqueName('Team'), null);
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      expect((await client.get(API_PATHS.teams)).status).toBe(403);
      expect((await client.get(teamMembersPath(teamId))).status).toBe(403);
    }
    expect((await new TestClient().get(API_PATHS.teams)).status).toBe(401);
  });
});

type AuditRow = {
  action: string;
  adminUserId: string;
  targetUserId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The audit rows that mention a team id in their details, oldest first. */
async function auditRowsOfTeam(teamId: string): Promise<AuditRow[]> {
  return [
    ...(await sql<AuditRow[]>`
      select action, admin_user_id as "adminUserId", target_user_id as "targetUserId", details,
             ip_address as "ipAddress", user_agent as "userAgent"
      from admin_audit_logs where details ->> 'teamId' = ${teamId}
      order by created_at, id`),
  ];
}

const teamOf = (response: { body: unknown }) => ZTeamResponse.parse(response.body).team;

describe('creating, changing and deleting teams', () => {
  test('POST /api/teams creates a team (name trimmed, empty description null) and audits it', async () => {
    const { user: admin, client } = await signedIn('admin');
    const name = uniqueName('Escalations');
    const response = await client.post(
      API_PATHS.teams,
      { name: `  ${name} `, description: '' },
      { headers: { 'user-agent': 'teams-test/1.0' } },
    );
    expect(response.status).toBe(201);
    const team = teamOf(response);
    expect(team).toMatchObject({ name, description: null, isActive: true, memberCount: 0 });
    const listed = ZTeamListResponse.parse((await client.get(API_PATHS.teams)).body);
    expect(listed.some((t) => t.id === team.id && t.name === name)).toBe(true);
    expect(await auditRowsOfTeam(team.id)).toEqual([
      {
        action: 'team.created',
        adminUserId: admin.id,
        targetUserId: null,
        details: { teamId: team.id, name },
        ipAddress: client.ip,
        userAgent: 'teams-test/1.0',
      },
    ]);
  });

  test('a name used by another team, whatever its case or spaces, is 409 and creates nothing', async () => {
    const { client } = await signedIn('admin');
    const name = uniqueName('Dup');
    expect((await client.post(API_PATHS.teams, { name })).status).toBe(201);
    for (const clash of [name.toUpperCase(), ` ${name.toLowerCase()}  `]) {
      const response = await client.post(API_PATHS.teams, { name: clash, description: 'again' });
      expect(response.status).toBe(409);
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.conflict,
        message: TEAM_MESSAGES.nameExists,
        fields: { name: TEAM_MESSAGES.nameExists },
      });
    }
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from teams where lower(btrim(name)) = lower(${name})`;
    expect(row?.count).toBe(1);
  });

  test('bad team bodies are 400 with field messages and create nothing', async () => {
    const { client } = await signedIn('admin');
    const [before] = await sql<{ count: number }[]>`select count(*)::int as count from teams`;
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '    ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'Fine', description: 'd'.repeat(1001) }, 'description'],
      [{ name: 'Fine', isActive: false }, 'isActive'],
      [{ name: 'Fine', id: crypto.randomUUID() }, 'id'],
    ];
    for (const [body, field] of cases) {
      const response = await client.post(API_PATHS.teams, body);
      expect(response.status).toBe(400);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    const [after] = await sql<{ count: number }[]>`select count(*)::int as count from teams`;
    expect(after?.count).toBe(before?.count ?? -1);
  });

  test('PATCH renames, describes and deactivates, auditing each changed field; no change, no row', async () => {
    const { client } = await signedIn('admin');
    const team = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Old') }));
    const newName = uniqueName('New');
    const response = await client.patch(teamPath(team.id), { name: newName, description: 'Hard cases' });
    expect(response.status).toBe(200);
    expect(teamOf(response)).toMatchObject({ id: team.id, name: newName, description: 'Hard cases' });
    const off = await client.patch(teamPath(team.id), { isActive: false, description: null });
    expect(teamOf(off)).toMatchObject({ isActive: false, description: null, name: newName });
    const same = await client.patch(teamPath(team.id), { name: newName });
    expect(same.status).toBe(200);
    const audits = await auditRowsOfTeam(team.id);
    expect(audits.map((a) => a.action)).toEqual(['team.created', 'team.updated', 'team.updated']);
    expect(audits[1]?.details).toEqual({
      teamId: team.id,
      name: newName,
      changes: {
        name: { from: team.name, to: newName },
        description: { from: null, to: 'Hard cases' },
      },
    });
    expect(audits[2]?.details).toEqual({
      teamId: team.id,
      name: newName,
      changes: { isActive: { from: true, to: false }, description: { from: 'Hard cases', to: null } },
    });
  });

  test("PATCH: another team's name 409, unknown team 404, bad id or empty body 400", async () => {
    const { client } = await signedIn('admin');
    const first = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('First') }));
    const second = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Second') }));
    const clash = await client.patch(teamPath(second.id), { name: first.name.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(errorOf(clash).message).toBe(TEAM_MESSAGES.nameExists);
    const missing = await client.patch(teamPath(crypto.randomUUID()), { name: uniqueName('Ghost') });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe(TEAM_MESSAGES.teamNotFound);
    expect((await client.patch(teamPath('nope'), { name: 'x' })).status).toBe(400);
    expect((await client.patch(teamPath(second.id), {})).status).toBe(400);
    expect((await client.patch(teamPath(second.id), { name: '' })).status).toBe(400);
    const [row] = await sql<{ name: string }[]>`select name from teams where id = ${second.id}`;
    expect(row?.name).toBe(second.name);
  });

  test('DELETE removes the team and its memberships; its tickets stay, with no team', async () => {
    const { user: admin, client } = await signedIn('admin');
    const team = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Doomed') }));
    const agent = await createUser({ role: 'agent' });
    await client.post(teamMembersPath(team.id), { userIds: [agent.id] });
    const [ticket] = await sql<{ id: string }[]>`
      insert into tickets (title, description, requester_id, team_id)
      values ('Team ticket', 'Owned by a team about to go.', ${admin.id}, ${team.id}) returning id`;
    const response = await client.request('DELETE', teamPath(team.id));
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const [left] = await sql<{ teamId: string | null }[]>`
      select team_id as "teamId" from tickets where id = ${ticket?.id ?? ''}`;
    expect(left).toEqual({ teamId: null });
    const [members] = await sql<{ count: number }[]>`
      select count(*)::int as count from team_members where team_id = ${team.id}`;
    expect(members?.count).toBe(0);
    expect((await client.get(teamMembersPath(team.id))).status).toBe(404);
    const audits = await auditRowsOfTeam(team.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'team.deleted',
      details: { teamId: team.id, name: team.name, memberCount: 1 },
    });
    const again = await client.request('DELETE', teamPath(team.id));
    expect(again.status).toBe(404);
  });
});

describe('team members', () => {
  test('adds several active agents and admins at once; already-members are skipped, not counted', async () => {
    const { user: admin, client } = await signedIn('admin');
    const team = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Squad') }));
    const [a, b, c] = await Promise.all([
      createUser({ role: 'agent' }),
      createUser({ role: 'agent' }),
      createUser({ role: 'admin' }),
    ]);
    if (!a || !b || !c) throw new Error('users not created');
    const first = await client.post(teamMembersPath(team.id), { userIds: [a.id, b.id] });
    expect(first.status).toBe(200);
    const added = ZAddTeamMembersResponse.parse(first.body);
    expect(added.added).toBe(2);
    expect(added.members.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(added.members.every((m) => m.teamRole === 'member')).toBe(true);
    const second = ZAddTeamMembersResponse.parse(
      (await client.post(teamMembersPath(team.id), { userIds: [b.id, c.id] })).body,
    );
    expect(second.added).toBe(1);
    expect(second.members.map((m) => m.id).sort()).toEqual([a.id, b.id, c.id].sort());
    const none = ZAddTeamMembersResponse.parse(
      (await client.post(teamMembersPath(team.id), { userIds: [a.id] })).body,
    );
    expect(none.added).toBe(0);
    const teams = ZTeamListResponse.parse((await client.get(API_PATHS.teams)).body);
    expect(teams.find((t) => t.id === team.id)?.memberCount).toBe(3);
    const audits = (await auditRowsOfTeam(team.id)).filter((row) => row.action === 'team.members_added');
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      adminUserId: admin.id,
      targetUserId: null,
      details: { teamId: team.id, teamName: team.name },
    });
    expect([...String(audits[0]?.details.usernames ?? '').split(',')].sort()).toEqual(
      [a.username, b.username].sort(),
    );
    expect(audits[1]).toMatchObject({
      targetUserId: c.id,
      details: { userIds: [c.id], usernames: [c.username] },
    });
  });

  test('end users, pending, rejected or unknown users are refused by name and nothing is added', async () => {
    const { client } = await signedIn('admin');
    const team = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Strict') }));
    const agent = await createUser({ role: 'agent' });
    const endUser = await createUser({ role: 'end_user' });
    const pendingAgent = await createUser({ role: 'agent', status: 'pending' });
    const rejectedAdmin = await createUser({ role: 'admin', status: 'rejected' });
    const ghost = crypto.randomUUID();
    const cases: [string[], string[]][] = [
      [[agent.id, endUser.id], [endUser.username]],
      [[pendingAgent.id], [pendingAgent.username]],
      [[rejectedAdmin.id, agent.id], [rejectedAdmin.username]],
      [[ghost], [ghost]],
      [
        [endUser.id, ghost, pendingAgent.id],
        [endUser.username, ghost, pendingAgent.username],
      ],
    ];
    for (const [userIds, named] of cases) {
      const response = await client.post(teamMembersPath(team.id), { userIds });
      expect(response.status).toBe(400);
      const message = `${TEAM_MESSAGES.membersNotEligible}: ${named.join(', ')}`;
      expect(errorOf(response)).toEqual({
        code: ERROR_CODES.validation,
        message,
        fields: { userIds: message },
      });
    }
    expect((await client.get(teamMembersPath(team.id))).body).toEqual([]);
    const audits = (await auditRowsOfTeam(team.id)).filter((row) => row.action === 'team.members_added');
    expect(audits).toEqual([]);
  });

  test('bad member bodies are 400; an unknown team is 404', async () => {
    const { client } = await signedIn('admin');
    const team = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Bodies') }));
    const agent = await createUser({ role: 'agent' });
    const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID());
    const cases: unknown[] = [
      {},
      { userIds: [] },
      { userIds: ['not-a-uuid'] },
      { userIds: [agent.id, agent.id] },
      { userIds: tooMany },
      { userIds: agent.id },
      { userIds: [agent.id], role: 'lead' },
    ];
    for (const body of cases) {
      const response = await client.post(teamMembersPath(team.id), body);
      expect(response.status).toBe(400);
      expect(errorOf(response).code).toBe(ERROR_CODES.validation);
    }
    const missing = await client.post(teamMembersPath(crypto.randomUUID()), { userIds: [agent.id] });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe(TEAM_MESSAGES.teamNotFound);
    expect((await client.get(teamMembersPath(team.id))).body).toEqual([]);
  });

  test('DELETE removes one member and audits it; a non-member or unknown team is 404', async () => {
    const { user: admin, client } = await signedIn('admin');
    const team = teamOf(await client.post(API_PATHS.teams, { name: uniqueName('Shrinking') }));
    const [a, b] = await Promise.all([createUser({ role: 'agent' }), createUser({ role: 'agent' })]);
    if (!a || !b) throw new Error('users not created');
    await client.post(teamMembersPath(team.id), { userIds: [a.id, b.id] });
    const response = await client.request('DELETE', teamMemberPath(team.id, a.id), {
      headers: { 'user-agent': 'teams-test/remove' },
    });
    expect(response.status).toBe(204);
    const members = ZTeamMemberListResponse.parse((await client.get(teamMembersPath(team.id))).body);
    expect(members.map((m) => m.id)).toEqual([b.id]);
    const again = await client.request('DELETE', teamMemberPath(team.id, a.id));
    expect(again.status).toBe(404);
    expect(errorOf(again).message).toBe(TEAM_MESSAGES.memberNotFound);
    expect((await client.request('DELETE', teamMemberPath(crypto.randomUUID(), b.id))).status).toBe(404);
    expect((await client.request('DELETE', teamMemberPath(team.id, 'x'))).status).toBe(400);
    const audits = (await auditRowsOfTeam(team.id)).filter((row) => row.action === 'team.member_removed');
    expect(audits).toEqual([
      {
        action: 'team.member_removed',
        adminUserId: admin.id,
        targetUserId: a.id,
        details: { teamId: team.id, teamName: team.name, username: a.username },
        ipAddress: client.ip,
        userAgent: 'teams-test/remove',
      },
    ]);
  });

  test('agents and end users are refused every team change (403), anonymous 401; nothing changes', async () => {
    const { client: adminClient } = await signedIn('admin');
    const team = teamOf(await adminClient.post(API_PATHS.teams, { name: uniqueName('Guarded') }));
    const agent = await createUser({ role: 'agent' });
    await adminClient.post(teamMembersPath(team.id), { userIds: [agent.id] });
    const calls = (client: TestClient) => [
      client.post(API_PATHS.teams, { name: uniqueName('Sneaky') }),
      client.patch(teamPath(team.id), { name: uniqueName('Renamed') }),
      client.request('DELETE', teamPath(team.id)),
      client.post(teamMembersPath(team.id), { userIds: [agent.id] }),
      client.request('DELETE', teamMemberPath(team.id, agent.id)),
    ];
    for (const role of ['agent', 'end_user'] as const) {
      const { client } = await signedIn(role);
      for (const response of await Promise.all(calls(client))) {
        expect(response.status).toBe(403);
        expect(errorOf(response)).toEqual({
          code: ERROR_CODES.forbidden,
          message: SERVER_MESSAGES.forbidden,
        });
      }
    }
    for (const response of await Promise.all(calls(new TestClient()))) expect(response.status).toBe(401);
    const [row] = await sql<{ name: string; members: number }[]>`
      select name, (select count(*)::int from team_members where team_id = ${team.id}) as members
      from teams where id = ${team.id}`;
    expect(row).toEqual({ name: team.name, members: 1 });
    expect((await auditRowsOfTeam(team.id)).map((a) => a.action)).toEqual([
      'team.created',
      'team.members_added',
    ]);
  });
});
