/**
 * The SLA card (GET /api/tickets/{id}/sla-status) takes the ticket's policy and calendar from the
 * process's copy of the active policies (sla/policy-cache.ts) when there is one: its statement then
 * reads the ticket's row alone. Counted on the API's own pool with postgres.js's debug hook, calling
 * the service directly so the session lookup is not in the count.
 */

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eventually } from '../../test/eventually.ts';
import { createUser, sql, type TestUser } from '../../test/helpers.ts';
import { startListeningCaches } from '../../test/process-caches.ts';
import { createTeam, insertTicketRow } from '../../test/tickets.ts';
import { slaPolicyCache } from '../sla/policy-cache.ts';
import { WEEKDAYS_NINE_TO_FIVE } from '../sla/test-fixtures.ts';
import { getTicketSlaStatus } from './service.ts';
import { resumeTicket, waitOnRequester } from './waiting.ts';

/** The statements `run` sends on the API's pool, whole. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const previous = sql.options.debug;
  sql.options.debug = (_connection, query) => {
    sent.push(query.trim());
  };
  try {
    await run();
  } finally {
    sql.options.debug = previous;
  }
  return sent;
}

const suffix = crypto.randomUUID().slice(0, 8);
let agent: TestUser;
let teamId: string;
let policyId: string;
let ticketId: string;
let stopCaches: () => Promise<void> = async () => {};

const card = () => getTicketSlaStatus(agent, ticketId);
const policyName = async () => (await card()).explanation.policy?.name;

beforeAll(async () => {
  stopCaches = await startListeningCaches(() => slaPolicyCache().isActive);
  agent = await createUser({ role: 'agent' });
  const requester = await createUser();
  teamId = await createTeam(`Card desk ${suffix}`, [agent.id]);
  const [calendar] = await sql<{ id: string }[]>`
    insert into business_calendars (name, time_zone, weekly_hours)
    values (${`Card office ${suffix}`}, 'Europe/Berlin',
            ${sql.json(WEEKDAYS_NINE_TO_FIVE)})
    returning id`;
  const [policy] = await sql<{ id: string }[]>`
    insert into sla_policies (name, priority, response_minutes, resolution_minutes, team_id, calendar_id)
    values (${`Card policy ${suffix}`}, 'low', 240, 960, ${teamId}, ${calendar!.id})
    returning id`;
  policyId = policy!.id;
  ({ id: ticketId } = await insertTicketRow({
    requesterId: requester.id,
    priority: 'low',
    teamId,
    createdHoursAgo: 1,
  }));
  await sql`update tickets set sla_policy_id = ${policyId} where id = ${ticketId}`;
});

afterAll(async () => {
  await sql`update sla_policies set is_active = false where team_id = ${teamId}`;
  await stopCaches();
});

describe('the SLA card while the policy cache is up', () => {
  test('the first card reads the active policies for the cache; the next reads the ticket row alone', async () => {
    slaPolicyCache().clear();
    const cold = await statementsOf(card);
    expect(cold).toHaveLength(1);
    expect(cold[0]).toContain('sla_policies');

    let answer: Awaited<ReturnType<typeof card>> | null = null;
    const warm = await statementsOf(async () => {
      answer = await card();
    });
    expect(warm).toHaveLength(1);
    expect(warm[0]).not.toContain('sla_policies');
    expect(warm[0]).not.toContain('business_calendars');
    expect(answer!.explanation.policy).toEqual({ id: policyId, name: `Card policy ${suffix}` });
    expect(answer!.explanation.calendar).toMatchObject({
      name: `Card office ${suffix}`,
      timeZone: 'Europe/Berlin',
      isAroundTheClock: false,
    });
  });

  test('a hold and its resume read the ticket row alone, and answer with its policy', async () => {
    await card();
    let answer: Awaited<ReturnType<typeof card>> | null = null;
    const held = await statementsOf(async () => {
      answer = await waitOnRequester(agent, ticketId, {});
    });
    expect(held).toHaveLength(2);
    expect(held[0]).not.toContain('sla_policies');
    expect(answer!.explanation.policy?.id).toBe(policyId);
    const resumed = await statementsOf(async () => {
      answer = await resumeTicket(agent, ticketId);
    });
    expect(resumed).toHaveLength(2);
    expect(resumed[0]).not.toContain('sla_policies');
    expect(answer!.explanation.calendar?.name).toBe(`Card office ${suffix}`);
  });

  test('a policy renamed elsewhere shows on the card once its notification is heard', async () => {
    await card();
    await sql`update sla_policies set name = ${`Card policy ${suffix} renamed`} where id = ${policyId}`;
    await eventually(
      async () => (await policyName()) === `Card policy ${suffix} renamed`,
      3_000,
      'the rename heard',
    );
  });

  test('a policy deactivated since the ticket was filed is read by its id and still named', async () => {
    await sql`update sla_policies set is_active = false where id = ${policyId}`;
    await eventually(
      async () => !(slaPolicyCache().current() ?? []).some((policy) => policy.id === policyId),
      3_000,
      'the deactivation heard',
    );
    await card();
    const sent = await statementsOf(card);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain('sla_policies');
    expect((await card()).explanation.policy?.id).toBe(policyId);
    expect((await card()).explanation.calendar?.name).toBe(`Card office ${suffix}`);
  });

  test('a ticket without a policy reads no policy at all', async () => {
    await sql`update tickets set sla_policy_id = null where id = ${ticketId}`;
    try {
      await card();
      const sent = await statementsOf(card);
      expect(sent).toHaveLength(1);
      expect((await card()).explanation.policy).toBeNull();
    } finally {
      await sql`update tickets set sla_policy_id = ${policyId} where id = ${ticketId}`;
    }
  });
});
