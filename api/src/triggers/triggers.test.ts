/**
 * Triggers in the real database (docs/product.md#triggers): the admin routes, and the rules run by
 * the ticket writes (web, API and mail-in filing, field changes) in position order, once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  TRIGGER_LIMITS,
  TRIGGER_MESSAGES,
  TRIGGER_PATHS,
  type TTicketDetail,
  type TTrigger,
  type TTriggerInput,
  triggerMovePath,
  triggerPath,
  WEBHOOK_PATHS,
  ZTicketDetail,
  ZTrigger,
  ZTriggerListResponse,
  ZWebhookWithSecret,
} from '@helpdesk/contracts';
import {
  createUser,
  errorOf,
  signedIn,
  signIn,
  sql,
  type TestClient,
  type TestUser,
  uniqueName,
} from '../../test/helpers.ts';
import { createTeam, ensureSlaPolicies, fileTicket } from '../../test/tickets.ts';
import { inboundRow, insertMailbox, mail, receive, ticketsOf } from '../mail-in/intake-test-kit.ts';
import { selectMatchingPolicy } from '../sla/queries.ts';
import { selectTicketStateForUpdate } from '../tickets/queries.ts';
import { assignTicketAsSystem } from '../tickets/service.ts';

let admin: { user: TestUser; client: TestClient };
let agent: { user: TestUser; client: TestClient };
let endUser: { user: TestUser; client: TestClient };
let hardwareId: string;
const created: string[] = [];

/** A word no other test's title holds, so a rule on it touches only this file's tickets. */
const word = () => `zq${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;

beforeAll(async () => {
  await ensureSlaPolicies();
  [admin, agent, endUser] = await Promise.all([signedIn('admin'), signedIn('agent'), signedIn('end_user')]);
  // The printer example of docs/product.md#triggers names the Hardware team: the seed's when there is one.
  const [hardware] = await sql<{ id: string }[]>`select id from teams where name = 'Hardware' and is_active`;
  hardwareId = hardware?.id ?? (await createTeam('Hardware', []));
});

afterAll(async () => {
  // Rules run on every ticket write of the run: none of this file's may outlive it.
  if (created.length > 0) await sql`delete from triggers where id in ${sql(created)}`;
});

const rule = (changes: Partial<TTriggerInput> = {}): TTriggerInput => ({
  name: uniqueName('Rule'),
  isEnabled: true,
  runOn: 'both',
  conditions: [],
  actions: [{ type: 'set_priority', priority: 'high' }],
  ...changes,
});

async function addRule(input: TTriggerInput): Promise<TTrigger> {
  const response = await admin.client.post(TRIGGER_PATHS.list, input);
  if (response.status !== 201) throw new Error(`rule not created: ${response.status} ${response.text}`);
  const trigger = ZTrigger.parse(response.body);
  created.push(trigger.id);
  return trigger;
}

async function detail(client: TestClient, ticketId: string): Promise<TTicketDetail> {
  const response = await client.get(`${API_PATHS.tickets}/${ticketId}`);
  return ZTicketDetail.parse(response.body);
}

const ruleEvents = (ticket: TTicketDetail) =>
  ticket.events.filter((event) => event.eventType === 'trigger_applied');

describe('the printer rule (the example of docs/product.md#triggers)', () => {
  test('a ticket titled "Printer on floor 3 jams" goes to the Hardware team, and its timeline says which rule did it', async () => {
    const printer = await addRule(
      rule({
        name: 'Printers to Hardware',
        runOn: 'created',
        conditions: [{ type: 'title_words', in: ['printer'] }],
        actions: [{ type: 'assign_team', teamId: hardwareId }],
      }),
    );
    try {
      const filed = await fileTicket(endUser.client, { title: 'Printer on floor 3 jams' });
      expect(filed.team).toEqual({ id: hardwareId, name: 'Hardware' });
      const seen = await detail(agent.client, filed.id);
      expect(seen.team?.id).toBe(hardwareId);
      expect(ruleEvents(seen).map((event) => [event.user, event.eventData])).toEqual([
        [
          null,
          {
            triggerId: printer.id,
            triggerName: 'Printers to Hardware',
            actions: [{ type: 'assign_team', teamId: hardwareId, name: 'Hardware' }],
          },
        ],
      ]);
      // The requester sees the same timeline entry on their own ticket.
      expect(ruleEvents(await detail(endUser.client, filed.id))).toHaveLength(1);
      // A title without the whole word is left alone.
      const other = await fileTicket(endUser.client, { title: 'Printers are fine, the reprinter too' });
      expect(other.team).toBeNull();
      expect(ruleEvents(await detail(agent.client, other.id))).toEqual([]);
    } finally {
      await admin.client.request('DELETE', triggerPath(printer.id));
    }
  });
});

describe('ticket writes run the rules', () => {
  test('in position order, each seeing the one before; moving a rule changes the outcome', async () => {
    const key = word();
    const network = await createTeam(uniqueName('Network'), []);
    const toHigh = await addRule(
      rule({
        runOn: 'created',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [{ type: 'set_priority', priority: 'high' }],
      }),
    );
    const highToNetwork = await addRule(
      rule({
        runOn: 'created',
        conditions: [
          { type: 'title_words', in: [key] },
          { type: 'priority', in: ['high'] },
        ],
        actions: [{ type: 'assign_team', teamId: network }],
      }),
    );
    const first = await fileTicket(endUser.client, { title: `Broken ${key}`, priority: 'low' });
    expect(first.priority).toBe('high');
    expect(first.team?.id).toBe(network);
    expect(
      ruleEvents(await detail(agent.client, first.id)).map((event) => event.eventData.triggerId),
    ).toEqual([toHigh.id, highToNetwork.id]);

    const moved = await admin.client.post(triggerMovePath(highToNetwork.id), { direction: 'up' });
    expect(moved.status).toBe(200);
    const order = ZTriggerListResponse.parse(moved.body).triggers.map((trigger) => trigger.id);
    expect(order.indexOf(highToNetwork.id)).toBeLessThan(order.indexOf(toHigh.id));
    const second = await fileTicket(endUser.client, { title: `Broken ${key}`, priority: 'low' });
    expect(second.priority).toBe('high');
    expect(second.team).toBeNull();
  });

  test("never loop: a rule's own change does not run the rules again, and the desk's own writes run none", async () => {
    const key = word();
    const ticket = await fileTicket(endUser.client, { title: `Laptop ${key}` });
    const bumper = await addRule(
      rule({
        runOn: 'updated',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [
          { type: 'set_priority', priority: 'critical' },
          { type: 'add_note', text: 'Escalated by a rule.' },
        ],
      }),
    );
    const patched = await agent.client.patch(`${API_PATHS.tickets}/${ticket.id}`, {
      status: 'in_progress',
    });
    expect(patched.status).toBe(200);
    const seen = await detail(agent.client, ticket.id);
    expect(seen.priority).toBe('critical');
    expect(ruleEvents(seen)).toHaveLength(1);
    expect(seen.comments.filter((comment) => comment.content === 'Escalated by a rule.')).toHaveLength(1);
    expect(seen.comments.find((comment) => comment.content === 'Escalated by a rule.')?.isInternal).toBe(
      true,
    );
    // The end user never sees the rule's internal note.
    expect((await detail(endUser.client, ticket.id)).comments).toEqual([]);

    // The desk's own assignment changes the ticket without running the rules.
    await sql.begin(async (tx) => {
      const state = await selectTicketStateForUpdate(tx, ticket.id);
      if (!state) throw new Error('no ticket');
      await assignTicketAsSystem(tx, state, { id: agent.user.id, name: 'Desk pick' });
    });
    // The same values again are no change: no rule runs either.
    await agent.client.patch(`${API_PATHS.tickets}/${ticket.id}`, { status: 'in_progress' });
    expect(ruleEvents(await detail(agent.client, ticket.id))).toHaveLength(1);
    await admin.client.request('DELETE', triggerPath(bumper.id));
  });

  test("the SLA deadlines follow a rule's priority, on filing and on a change", async () => {
    const key = word();
    await addRule(
      rule({
        runOn: 'both',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [{ type: 'set_priority', priority: 'critical' }],
      }),
    );
    const filed = await fileTicket(endUser.client, { title: `Server ${key} down`, priority: 'low' });
    const critical = await selectMatchingPolicy(sql, {
      priority: 'critical',
      teamId: null,
      category: filed.category,
    });
    const [row] = await sql<{ policyId: string | null; priority: string }[]>`
      select sla_policy_id as "policyId", priority from tickets where id = ${filed.id}`;
    expect(row).toEqual({ policyId: critical?.id ?? 'none', priority: 'critical' });

    // An agent lowers it: the 'updated' run puts it back to critical, and the deadlines with it.
    await agent.client.patch(`${API_PATHS.tickets}/${filed.id}`, { priority: 'low' });
    const [after] = await sql<{ policyId: string | null; priority: string }[]>`
      select sla_policy_id as "policyId", priority from tickets where id = ${filed.id}`;
    expect(after).toEqual({ policyId: critical?.id ?? 'none', priority: 'critical' });
  });

  test('an agent a rule assigns is notified and auto assignment queues nothing', async () => {
    const key = word();
    await addRule(
      rule({
        runOn: 'created',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [{ type: 'assign_agent', userId: agent.user.id }],
      }),
    );
    const filed = await fileTicket(endUser.client, { title: `Monitor ${key}` });
    expect(filed.assigneeId).toBe(agent.user.id);
    const jobs =
      await sql`select 1 from jobs where kind = 'auto_assign' and payload->>'ticketId' = ${filed.id}`;
    expect(jobs).toHaveLength(0);
    const bells = await sql`
      select 1 from notifications where user_id = ${agent.user.id} and related_entity_id = ${filed.id}
        and type = 'ticket_assigned'`;
    expect(bells).toHaveLength(1);
  });

  test('a notify action rings the named staff; the requester domain is a condition', async () => {
    const domainUser = await createUser({ email: `${uniqueName('dom')}@trigger-domain.test` });
    const notified = await createUser({ role: 'agent' });
    await addRule(
      rule({
        runOn: 'created',
        conditions: [{ type: 'requester_domain', in: ['trigger-domain.test'] }],
        actions: [{ type: 'notify_user', userId: notified.id }],
      }),
    );
    const client = await signIn(domainUser);
    const filed = await fileTicket(client, { title: 'Anything at all' });
    const bells = await sql<{ type: string }[]>`
      select type from notifications where user_id = ${notified.id} and related_entity_id = ${filed.id}`;
    expect(bells.map((bell) => bell.type)).toEqual(['system_announcement']);
  });

  test('a ticket filed by mail runs the created rules', async () => {
    const key = word();
    await addRule(
      rule({
        runOn: 'created',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [{ type: 'assign_team', teamId: hardwareId }],
      }),
    );
    const box = await insertMailbox();
    const sender = await createUser();
    const { id } = await receive(
      box,
      mail([`From: <${sender.email}>`, `To: ${box.address}`, `Subject: Scanner ${key}`]),
    );
    expect((await inboundRow(id)).outcome).toBe('ticket');
    const [ticket] = await ticketsOf(sender.id);
    expect(ticket?.teamId).toBe(hardwareId);
    const events =
      await sql`select 1 from ticket_events where ticket_id = ${ticket?.id ?? null} and event_type = 'trigger_applied'`;
    expect(events).toHaveLength(1);
  });

  test("a public comment runs the updated rules with the comment's statement; an internal note runs none", async () => {
    const key = word();
    const ticket = await fileTicket(endUser.client, { title: `Docking ${key}`, priority: 'low' });
    await addRule(
      rule({
        runOn: 'updated',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [
          { type: 'set_priority', priority: 'critical' },
          { type: 'assign_team', teamId: hardwareId },
        ],
      }),
    );
    const note = await agent.client.post(`${API_PATHS.tickets}/${ticket.id}/comments`, {
      content: 'Only staff read this.',
      isInternal: true,
    });
    expect(note.status).toBe(201);
    expect((await detail(agent.client, ticket.id)).priority).toBe('low');
    const reply = await endUser.client.post(`${API_PATHS.tickets}/${ticket.id}/comments`, {
      content: 'Still broken.',
      isInternal: false,
    });
    expect(reply.status).toBe(201);
    const seen = await detail(agent.client, ticket.id);
    expect(seen.priority).toBe('critical');
    expect(seen.team?.id).toBe(hardwareId);
    expect(ruleEvents(seen)).toHaveLength(1);
    const critical = await selectMatchingPolicy(sql, {
      priority: 'critical',
      teamId: hardwareId,
      category: seen.category,
    });
    const [row] = await sql<
      { policyId: string | null }[]
    >`select sla_policy_id as "policyId" from tickets where id = ${ticket.id}`;
    expect(row?.policyId ?? null).toBe(critical?.id ?? null);
  });

  test('"call a webhook" queues one trigger.fired delivery to that webhook only, in the same statement', async () => {
    const key = word();
    const saved = await admin.client.post(WEBHOOK_PATHS.list, {
      name: uniqueName('Hook'),
      url: 'http://127.0.0.1:9/hook',
      events: ['user.registered'],
      allowPrivateNetwork: true,
      enabled: true,
    });
    expect(saved.status).toBe(201);
    const webhookId = ZWebhookWithSecret.parse(saved.body).webhook.id;
    const trigger = await addRule(
      rule({
        name: `Tell the hook ${key}`,
        runOn: 'created',
        conditions: [{ type: 'title_words', in: [key] }],
        actions: [{ type: 'webhook', webhookId }],
      }),
    );
    const filed = await fileTicket(endUser.client, { title: `Projector ${key}` });
    const deliveries = await sql<{ event: string; body: string }[]>`
      select event, body from webhook_deliveries where webhook_id = ${webhookId}`;
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['trigger.fired']);
    const body = JSON.parse(deliveries[0]?.body ?? '{}');
    expect(body.data.trigger).toEqual({ id: trigger.id, name: `Tell the hook ${key}` });
    expect(body.data.ticket.id).toBe(filed.id);
    await admin.client.request('DELETE', `${WEBHOOK_PATHS.list}/${webhookId}`);
  });

  test('a disabled rule does nothing', async () => {
    const key = word();
    await addRule(rule({ isEnabled: false, conditions: [{ type: 'title_words', in: [key] }] }));
    const filed = await fileTicket(endUser.client, { title: `Keyboard ${key}`, priority: 'low' });
    expect(filed.priority).toBe('low');
  });
});

describe('the admin routes', () => {
  test('list, change and delete, each audited', async () => {
    const trigger = await addRule(rule({ isEnabled: false }));
    const list = ZTriggerListResponse.parse((await admin.client.get(TRIGGER_PATHS.list)).body);
    expect(list.triggers.map((one) => one.id)).toContain(trigger.id);
    const changed = await admin.client.put(
      triggerPath(trigger.id),
      rule({ name: 'Renamed', isEnabled: false }),
    );
    expect(changed.status).toBe(200);
    expect(ZTrigger.parse(changed.body).name).toBe('Renamed');
    expect((await admin.client.request('DELETE', triggerPath(trigger.id))).status).toBe(204);
    expect((await admin.client.request('DELETE', triggerPath(trigger.id))).status).toBe(404);
    const audit = await sql<{ action: string }[]>`
      select action from admin_audit_logs where details->>'triggerId' = ${trigger.id} order by created_at`;
    expect(audit.map((row) => row.action)).toEqual(['trigger.created', 'trigger.updated', 'trigger.deleted']);
  });

  test('agents and end users are refused', async () => {
    expect((await agent.client.get(TRIGGER_PATHS.list)).status).toBe(403);
    expect((await endUser.client.post(TRIGGER_PATHS.list, rule())).status).toBe(403);
  });

  test('hostile input is a 400 that stores nothing', async () => {
    const [{ count: before } = { count: 0 }] = await sql<
      { count: number }[]
    >`select count(*)::int as count from triggers`;
    const inactive = await createTeam(uniqueName('Closed'), [], false);
    const bad: [unknown, string][] = [
      [
        rule({ actions: [{ type: 'assign_team', teamId: crypto.randomUUID() }] }),
        TRIGGER_MESSAGES.teamInvalid,
      ],
      [rule({ actions: [{ type: 'assign_team', teamId: inactive }] }), TRIGGER_MESSAGES.teamInvalid],
      [rule({ actions: [{ type: 'assign_agent', userId: endUser.user.id }] }), TRIGGER_MESSAGES.agentInvalid],
      [
        rule({ actions: [{ type: 'assign_agent', userId: crypto.randomUUID() }] }),
        TRIGGER_MESSAGES.agentInvalid,
      ],
      [
        rule({ actions: [{ type: 'webhook', webhookId: crypto.randomUUID() }] }),
        TRIGGER_MESSAGES.webhookInvalid,
      ],
      [
        rule({
          conditions: [
            {
              type: 'title_words',
              in: Array.from({ length: TRIGGER_LIMITS.valuesMax + 1 }, (_, i) => `w${i}`),
            },
          ],
        }),
        TRIGGER_MESSAGES.tooManyValues,
      ],
      [rule({ conditions: [{ type: 'title_words', in: ['two words'] }] }), TRIGGER_MESSAGES.wordInvalid],
      [
        rule({
          conditions: [
            { type: 'priority', in: ['high'] },
            { type: 'priority', in: ['low'] },
          ],
        }),
        TRIGGER_MESSAGES.duplicateCondition,
      ],
      [rule({ actions: [] }), TRIGGER_MESSAGES.actionsRequired],
      [rule({ name: 'a\u202Eb' }), TRIGGER_MESSAGES.nameInvisible],
      [{ ...rule(), position: 0 }, ''],
    ];
    for (const [body, message] of bad) {
      const response = await admin.client.post(TRIGGER_PATHS.list, body);
      expect(response.status).toBe(400);
      if (message) expect(JSON.stringify(errorOf(response))).toContain(message);
    }
    expect((await admin.client.post(triggerMovePath(crypto.randomUUID()), { direction: 'up' })).status).toBe(
      404,
    );
    expect((await admin.client.post(triggerMovePath('not-a-uuid'), { direction: 'up' })).status).toBe(400);
    const [{ count: after } = { count: 0 }] = await sql<
      { count: number }[]
    >`select count(*)::int as count from triggers`;
    expect(after).toBe(before);
  });

  test('a flood of concurrent creates and moves keeps positions unique, and the cap holds', async () => {
    const [{ count } = { count: 0 }] = await sql<
      { count: number }[]
    >`select count(*)::int as count from triggers`;
    const room = TRIGGER_LIMITS.triggersMax - count;
    const answers = await Promise.all(
      Array.from({ length: room + 3 }, () =>
        admin.client.post(TRIGGER_PATHS.list, rule({ isEnabled: false })),
      ),
    );
    for (const answer of answers) if (answer.status === 201) created.push(ZTrigger.parse(answer.body).id);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(room);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    const ids = created.slice(-4);
    await Promise.all(
      ids.map((id, index) =>
        admin.client.post(triggerMovePath(id), { direction: index % 2 ? 'up' : 'down' }),
      ),
    );
    const [dupes] = await sql<{ count: number }[]>`
      select count(*)::int as count from (select position from triggers group by position having count(*) > 1) d`;
    expect(dupes?.count).toBe(0);
    await sql`delete from triggers where id in ${sql(created)}`;
    created.length = 0;
  });
});
