import { describe, expect, test } from 'bun:test';
import { API_PATHS, teamMembersPath, ZTeamListResponse, ZTeamMemberListResponse } from '@helpdesk/contracts';
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
