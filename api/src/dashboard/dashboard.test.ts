import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  type TDashboardMetrics,
  ticketPath,
  ZDashboardMetrics,
  ZSlaMetricsResponse,
  ZTeamActivityResponse,
} from '@helpdesk/contracts';
import { clearOfUtcMidnight } from '../../test/clock.ts';
import { createUser, signedIn, sql, TestClient, type TestUser } from '../../test/helpers.ts';
import { ensureSlaPolicies, fileTicket, insertTicketRow } from '../../test/tickets.ts';

type Signed = { user: TestUser; client: TestClient };
let agent: Signed;
let admin: Signed;

beforeAll(async () => {
  await ensureSlaPolicies();
  [agent, admin] = await Promise.all([signedIn('agent'), signedIn('admin')]);
});

async function metricsOf(client: TestClient): Promise<TDashboardMetrics> {
  const response = await client.get(API_PATHS.dashboardMetrics);
  expect(response.status).toBe(200);
  return ZDashboardMetrics.parse(response.body);
}

/** The UTC midnight that starts today, as resolvedToday counts from. */
function todayUtcStart(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

describe('an end user’s dashboard covers only their own tickets, by the documented rules', () => {
  let mine: Signed;
  beforeAll(async () => {
    mine = await signedIn('end_user');
    const other = await signedIn('end_user');
    const requesterId = mine.user.id;
    // Open, within both deadlines (medium: respond in 8 h, resolve in 48 h).
    await insertTicketRow({ requesterId, status: 'new', createdHoursAgo: 1 });
    // Open, answered 2 h late and past its resolution deadline: one breach, counted once.
    await insertTicketRow({ requesterId, status: 'in_progress', createdHoursAgo: 60, respondedHoursAgo: 50 });
    // Resolved in 8 h, on time.
    await insertTicketRow({
      requesterId,
      status: 'resolved',
      createdHoursAgo: 10,
      respondedHoursAgo: 9,
      resolvedHoursAgo: 2,
    });
    // Closed, low priority, resolved in 2 h.
    await insertTicketRow({
      requesterId,
      status: 'closed',
      priority: 'low',
      createdHoursAgo: 100,
      respondedHoursAgo: 99,
      resolvedHoursAgo: 98,
      closedHoursAgo: 90,
    });
    // High priority (4 h / 24 h), resolved after 29 h: late.
    await insertTicketRow({
      requesterId,
      status: 'resolved',
      priority: 'high',
      createdHoursAgo: 30,
      respondedHoursAgo: 29,
      resolvedHoursAgo: 1,
    });
    // Older than 30 days: counts nowhere but as history.
    await insertTicketRow({
      requesterId,
      status: 'resolved',
      createdHoursAgo: 41 * 24,
      respondedHoursAgo: 40 * 24,
      resolvedHoursAgo: 40 * 24,
    });
    // Someone else's open, breached ticket.
    await insertTicketRow({ requesterId: other.user.id, status: 'new', createdHoursAgo: 200 });
  });

  test('metrics', async () => {
    // Whether the tickets resolved 1 and 2 hours before the setup are today's depends on the time
    // of day (and the setup ran a moment ago): the expectation counts their stored times from the
    // midnight of the day the server reads them on, and no midnight may fall between the two.
    await clearOfUtcMidnight(sql);
    const resolved = await sql<{ resolvedAt: string }[]>`
      select resolved_at as "resolvedAt" from tickets where requester_id = ${mine.user.id} and resolved_at is not null`;
    expect(resolved).toHaveLength(4);
    const metrics = await metricsOf(mine.client);
    const midnight = todayUtcStart();
    expect(metrics).toEqual({
      openTickets: 2,
      resolvedToday: resolved.filter((row) => Date.parse(row.resolvedAt) >= midnight).length,
      avgResolutionHours: 13,
      slaBreaches: 2,
    });
  }, 30_000);

  test('SLA compliance', async () => {
    const response = await mine.client.get(API_PATHS.dashboardSlaMetrics);
    expect(response.status).toBe(200);
    expect(ZSlaMetricsResponse.parse(response.body)).toEqual([
      { name: 'Response time', target: 95, compliance: 75, displayValue: '75.0%', textColor: 'red' },
      { name: 'Resolution time', target: 95, compliance: 50, displayValue: '50.0%', textColor: 'red' },
    ]);
  });

  test('no tickets: zeros and no SLA data', async () => {
    const { user, client } = await signedIn('end_user');
    expect(await metricsOf(client)).toEqual({
      openTickets: 0,
      resolvedToday: 0,
      avgResolutionHours: 0,
      slaBreaches: 0,
    });
    expect((await client.get(API_PATHS.dashboardSlaMetrics)).body).toEqual([]);
    expect((await client.get(API_PATHS.dashboardTeamActivity)).body).toEqual([]);
    await insertTicketRow({ requesterId: user.id, createdHoursAgo: 3, hasSla: false });
    expect((await client.get(API_PATHS.dashboardSlaMetrics)).body).toEqual([]);
    expect((await metricsOf(client)).openTickets).toBe(1);
  });

  test('targets not yet decided count as compliant; colours follow the target', async () => {
    const { user, client } = await signedIn('end_user');
    await insertTicketRow({ requesterId: user.id, createdHoursAgo: 1 });
    expect(ZSlaMetricsResponse.parse((await client.get(API_PATHS.dashboardSlaMetrics)).body)).toEqual([
      { name: 'Response time', target: 95, compliance: 100, displayValue: '100.0%', textColor: 'green' },
      { name: 'Resolution time', target: 95, compliance: 100, displayValue: '100.0%', textColor: 'green' },
    ]);
  });
});

describe('the desk’s dashboard follows the work', () => {
  test('filing and resolving a ticket moves open, resolved today and the agent’s activity', async () => {
    const requester = await signedIn('end_user');
    // Resolved today starts again at midnight: before and after must be read on one UTC day.
    await clearOfUtcMidnight(sql);
    const before = await metricsOf(agent.client);
    const ticket = await fileTicket(requester.client, { priority: 'critical' });
    const filed = await metricsOf(admin.client);
    expect(filed.openTickets).toBe(before.openTickets + 1);

    const resolved = await agent.client.patch(ticketPath(ticket.id), { status: 'resolved' });
    expect(resolved.status).toBe(200);
    const after = await metricsOf(agent.client);
    expect(after.openTickets).toBe(before.openTickets);
    expect(after.resolvedToday).toBe(before.resolvedToday + 1);

    const activity = ZTeamActivityResponse.parse(
      (await admin.client.get(API_PATHS.dashboardTeamActivity)).body,
    );
    expect(activity.length).toBeLessThanOrEqual(8);
    const mine = activity.find((item) => item.id === agent.user.id);
    expect(mine).toMatchObject({
      name: `Test ${agent.user.lastName}`,
      initials: `T${agent.user.lastName[0]?.toUpperCase()}`,
      activity: `Resolved ${ticket.ticketNumber} · Just now`,
      statusColor: 'green',
    });
    expect(mine?.avatarBg).toBeDefined();
    expect(mine?.avatarBg).toBe(mine?.avatarText);
    expect(activity[0]?.id).toBe(agent.user.id);

    // The requester sees that activity on their own ticket; an internal note after it stays hidden from them.
    await agent.client.post(`${ticketPath(ticket.id)}/comments`, {
      content: 'Root cause: bad cable',
      isInternal: true,
    });
    const staffView = ZTeamActivityResponse.parse(
      (await admin.client.get(API_PATHS.dashboardTeamActivity)).body,
    );
    expect(staffView.find((item) => item.id === agent.user.id)?.activity).toBe(
      `Added an internal note to ${ticket.ticketNumber} · Just now`,
    );
    const requesterView = ZTeamActivityResponse.parse(
      (await requester.client.get(API_PATHS.dashboardTeamActivity)).body,
    );
    expect(requesterView.map((item) => [item.id, item.activity])).toEqual([
      [agent.user.id, `Resolved ${ticket.ticketNumber} · Just now`],
    ]);
    const stranger = await signedIn('end_user');
    expect((await stranger.client.get(API_PATHS.dashboardTeamActivity)).body).toEqual([]);
  }, 30_000);

  test('old activity (over 7 days) and end users’ own actions are not team activity', async () => {
    const requester = await signedIn('end_user');
    const ticket = await fileTicket(requester.client);
    const idleAgent = await createUser({ role: 'agent' });
    await sql`
      insert into ticket_events (ticket_id, user_id, event_type, event_data, created_at)
      values (${ticket.id}, ${idleAgent.id}, 'status_changed', ${sql.json({ from: 'new', to: 'in_progress' })},
              now() - interval '8 days')`;
    const activity = ZTeamActivityResponse.parse(
      (await agent.client.get(API_PATHS.dashboardTeamActivity)).body,
    );
    expect(activity.map((item) => item.id)).not.toContain(requester.user.id);
    expect(activity.map((item) => item.id)).not.toContain(idleAgent.id);
    expect((await requester.client.get(API_PATHS.dashboardTeamActivity)).body).toEqual([]);
  });

  test('anonymous callers get 401', async () => {
    for (const path of [
      API_PATHS.dashboardMetrics,
      API_PATHS.dashboardTeamActivity,
      API_PATHS.dashboardSlaMetrics,
    ]) {
      expect((await new TestClient().get(path)).status).toBe(401);
    }
  });
});
