/**
 * A filing matches its SLA policy in memory when the policy cache holds them (policy-cache.ts), and
 * in SQL otherwise (queries.ts's matchingPolicy), so the two must always pick the same policy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from '@helpdesk/contracts';
import { sql } from '../../test/helpers.ts';
import { createTeam, ensureSlaPolicies } from '../../test/tickets.ts';
import { matchPolicy } from './policy-match.ts';
import { type ActivePolicy, activePoliciesColumn, selectMatchingPolicy } from './queries.ts';
import { WEEKDAYS_NINE_TO_FIVE } from './test-fixtures.ts';

let teamId: string;
let otherTeamId: string;
let calendarId: string;
const policyIds: string[] = [];

beforeAll(async () => {
  await ensureSlaPolicies();
  const suffix = crypto.randomUUID().slice(0, 8);
  teamId = await createTeam(`Matched ${suffix}`, []);
  otherTeamId = await createTeam(`Unmatched ${suffix}`, []);
  const [calendar] = await sql<{ id: string }[]>`
    insert into business_calendars (name, time_zone, weekly_hours, holidays)
    values (${`Match ${suffix}`}, 'Europe/Berlin', ${sql.json(WEEKDAYS_NINE_TO_FIVE)},
            ${sql.json([{ date: '2026-12-24', name: 'Christmas Eve' }])})
    returning id`;
  calendarId = calendar?.id ?? '';
  // Every kind of specificity for one team, and one kind for the other: team and category, team
  // alone, category alone, priority alone (the shared ones ensureSlaPolicies made).
  const rows = await sql<{ id: string }[]>`
    insert into sla_policies (name, priority, response_minutes, resolution_minutes, team_id, category, calendar_id)
    values (${`Team and software ${suffix}`}, 'medium', 60, 600, ${teamId}, 'software', ${calendarId}),
           (${`Team ${suffix}`}, 'medium', 70, 700, ${teamId}, null, null),
           (${`Team high ${suffix}`}, 'high', 80, 800, ${teamId}, null, null),
           (${`Other team access ${suffix}`}, 'low', 90, 900, ${otherTeamId}, 'access', null),
           (${`Inactive ${suffix}`}, 'critical', 10, 100, ${teamId}, null, null)
    returning id`;
  policyIds.push(...rows.map((row) => row.id));
  await sql`update sla_policies set is_active = false where name = ${`Inactive ${suffix}`}`;
  const category = TICKET_CATEGORIES.find((value) => value !== 'software') ?? 'other';
  const [free] = await sql<{ count: number }[]>`
    select count(*)::int as count from sla_policies
    where is_active and priority = 'high' and team_id is null and category = ${category}`;
  if (free?.count === 0) {
    const [row] = await sql<{ id: string }[]>`
      insert into sla_policies (name, priority, response_minutes, resolution_minutes, category)
      values (${`High ${category} ${suffix}`}, 'high', 50, 500, ${category}) returning id`;
    if (row) policyIds.push(row.id);
  }
});

afterAll(async () => {
  await sql`delete from sla_policies where id in ${sql(policyIds)}`;
  await sql`delete from business_calendars where id = ${calendarId}`;
});

describe('the SLA policy a ticket gets', () => {
  test('matched in memory, it is the one the SQL match picks, for every priority, team and category', async () => {
    const [row] = await sql<{ policies: ActivePolicy[] }[]>`select ${activePoliciesColumn()} as policies`;
    const policies = row?.policies ?? [];
    expect(policies.some((policy) => policy.teamId === teamId && policy.category === 'software')).toBe(true);
    let matched = 0;
    for (const priority of TICKET_PRIORITIES) {
      for (const team of [null, teamId, otherTeamId]) {
        for (const category of TICKET_CATEGORIES) {
          const match = { priority, teamId: team, category };
          const inSql = await selectMatchingPolicy(sql, match);
          expect({ match, policy: matchPolicy(policies, match) }).toEqual({ match, policy: inSql });
          if (inSql !== null) matched += 1;
        }
      }
    }
    expect(matched).toBeGreaterThan(0);
  });
});
