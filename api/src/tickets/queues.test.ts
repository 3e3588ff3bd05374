import { heapStats } from 'bun:jsc';
import { beforeAll, describe, expect, test } from 'bun:test';
import {
  API_PATHS,
  TICKET_LIST_MESSAGES,
  TICKET_MESSAGES,
  TICKET_SORTS,
  TICKET_VIEWS,
  type TTicketSort,
  type TTicketView,
  teamMembersPath,
  ZTicketListQuery,
  ZTicketListResponse,
} from '@helpdesk/contracts';
import { createUser, errorOf, signedIn, sql, type TestClient, type TestUser } from '../../test/helpers.ts';
import { createTeam, insertTicketRow } from '../../test/tickets.ts';
import { QUEUE_TEXT_WINDOW, queuePageTextStatement } from './list-queries.ts';
import { listQueue, queueListOf } from './queues.ts';

const HOUR = 3_600_000;

type Signed = { user: TestUser; client: TestClient };
let requester: Signed;
let otherRequester: Signed;
let agent: Signed;
let otherAgent: Signed;
let teamIds: string[] = [];

/** A ticket as the oracle below reads it: the columns the views and sorts are defined on. */
type Fact = {
  id: string;
  ticketNumber: string;
  status: string;
  priority: string;
  category: string;
  assigneeId: string | null;
  teamId: string | null;
  createdAt: number;
  updatedAt: number;
  dueAt: number | null;
  isAtRisk: boolean;
  isWaiting: boolean;
};
let facts: Fact[] = [];

const RANK: Record<string, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const isOpen = (fact: Fact) => fact.status === 'new' || fact.status === 'in_progress';

/** The views as docs/product.md#queues defines them, over the requester's tickets. */
function inView(view: TTicketView, fact: Fact): boolean {
  switch (view) {
    case 'mine':
      return isOpen(fact) && fact.assigneeId === agent.user.id;
    case 'unassigned':
      return isOpen(fact) && fact.assigneeId === null;
    case 'my_teams':
      return isOpen(fact) && fact.teamId !== null && teamIds.includes(fact.teamId);
    case 'at_risk':
      return isOpen(fact) && fact.isAtRisk;
    case 'waiting':
      return isOpen(fact) && fact.isWaiting;
    case 'open':
      return isOpen(fact);
    case 'all':
      return true;
  }
}

/** The sorts: the key, then created, then id, all in one direction; no deadline last in both due orders. */
function compare(sort: TTicketSort, a: Fact, b: Fact): number {
  const sign = sort.startsWith('-') ? -1 : 1;
  const key = sort.replace(/^-/, '');
  if (key === 'due' && (a.dueAt === null) !== (b.dueAt === null)) return a.dueAt === null ? 1 : -1;
  const first =
    key === 'updated'
      ? a.updatedAt - b.updatedAt
      : key === 'priority'
        ? (RANK[a.priority] ?? 0) - (RANK[b.priority] ?? 0)
        : key === 'due'
          ? (a.dueAt ?? 0) - (b.dueAt ?? 0)
          : 0;
  // The updated order's index is (updated_at, id): its ties go by id alone.
  const created = key === 'updated' ? 0 : a.createdAt - b.createdAt;
  const order = first || created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return sign * order;
}

const expected = (view: TTicketView, sort: TTicketSort, also: (fact: Fact) => boolean = () => true) =>
  facts
    .filter((fact) => inView(view, fact) && also(fact))
    .sort((a, b) => compare(sort, a, b))
    .map((fact) => fact.id);

/** Every page of a list, following nextCursor; fails on a page that is not the contract's shape. */
async function walk(client: TestClient, params: string, limit = 2): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const response = await client.get(
      `${API_PATHS.tickets}?${params}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect({ params, status: response.status, body: response.status === 200 ? null : response.body }).toEqual(
      { params, status: 200, body: null },
    );
    const body = ZTicketListResponse.parse(response.body);
    ids.push(...body.tickets.map((ticket) => ticket.id));
    cursor = body.nextCursor;
    if (cursor === null) return ids;
  }
  throw new Error('the cursor never ended');
}

beforeAll(async () => {
  [requester, otherRequester, agent, otherAgent] = await Promise.all([
    signedIn('end_user'),
    signedIn('end_user'),
    signedIn('agent'),
    signedIn('agent'),
  ]);
  teamIds = [
    await createTeam(`Queue team A ${crypto.randomUUID()}`, [agent.user.id]),
    await createTeam(`Queue team B ${crypto.randomUUID()}`, [agent.user.id]),
  ];
  const otherTeam = await createTeam(`Queue team C ${crypto.randomUUID()}`, [otherAgent.user.id]);
  const sameMoment = new Date(Date.now() - 30 * HOUR);
  const shapes: Parameters<typeof insertTicketRow>[0][] = [];
  const statuses = ['new', 'in_progress', 'resolved', 'closed'] as const;
  const priorities = ['low', 'medium', 'high', 'critical'] as const;
  for (let n = 0; n < 24; n++) {
    shapes.push({
      requesterId: requester.user.id,
      status: statuses[n % 5 === 4 ? 3 : n % 2] ?? 'new',
      priority: priorities[(n * 3) % 4] ?? 'medium',
      assigneeId: n % 3 === 0 ? agent.user.id : n % 3 === 1 ? otherAgent.user.id : null,
      teamId:
        n % 4 === 0
          ? (teamIds[0] ?? null)
          : n % 4 === 1
            ? (teamIds[1] ?? null)
            : n % 4 === 2
              ? otherTeam
              : null,
      createdHoursAgo: 1 + n * 7,
      // Several at the same moment (ties by id), some without a deadline, some answered.
      createdAt: n % 6 === 5 ? sameMoment : undefined,
      hasSla: n % 7 !== 3,
      respondedHoursAgo: n % 4 === 1 ? 0.5 : null,
    });
  }
  for (const shape of shapes) await insertTicketRow(shape);
  await insertTicketRow({
    requesterId: otherRequester.user.id,
    createdHoursAgo: 2,
    assigneeId: agent.user.id,
  });
  // The risk moments (a quarter of each target left) and categories.
  await sql`
    update tickets set
      sla_response_risk_at = sla_response_by - (sla_response_by - created_at) / 4,
      sla_resolve_risk_at = sla_resolve_by - (sla_resolve_by - created_at) / 4,
      category = (array['technical', 'access', 'software', 'hardware', 'other'])[1 + abs(hashtext(id::text)) % 5]
    where requester_id = ${requester.user.id}`;
  // Waiting on the requester: the resolution clock stopped (no resolve deadline).
  await sql`
    update tickets set waiting_since = now() - interval '1 hour', sla_resolve_by = null
    where requester_id = ${requester.user.id} and status = 'in_progress' and abs(hashtext(id::text)) % 2 = 0`;
  await sql`update tickets set title = 'Keyboard sticky zebra' where id = (
    select id from tickets where requester_id = ${requester.user.id} and status = 'new' order by created_at limit 1)`;
  // Last changes at other moments than now (the update trigger would set them all to now), a pair of them equal.
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`
      update tickets set updated_at = created_at + (abs(hashtext(id::text)) % 500) * interval '1 minute'
      where requester_id = ${requester.user.id}`;
    await tx`
      update tickets set updated_at = now() - interval '1 minute' where id in (
        select id from tickets where requester_id = ${requester.user.id} order by id limit 2)`;
  });
  const rows = await sql<
    (Omit<Fact, 'createdAt' | 'updatedAt' | 'dueAt'> & {
      createdAt: string;
      updatedAt: string;
      dueAt: string | null;
    })[]
  >`
    select id, ticket_number as "ticketNumber", status, priority, category, assignee_id as "assigneeId",
           team_id as "teamId", extract(epoch from created_at) * 1000 as "createdAt",
           extract(epoch from updated_at) * 1000 as "updatedAt",
           extract(epoch from case when status in ('new', 'in_progress')
             then least(sla_resolve_by, case when responded_at is null then sla_response_by end) end) * 1000 as "dueAt",
           coalesce(status in ('new', 'in_progress') and least(
             case when sla_resolve_by is not null then sla_resolve_risk_at end,
             case when responded_at is null then sla_response_risk_at end) <= now(), false) as "isAtRisk",
           waiting_since is not null as "isWaiting"
    from tickets where requester_id = ${requester.user.id}`;
  facts = rows.map((row) => ({
    ...row,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    dueAt: row.dueAt === null ? null : Number(row.dueAt),
  }));
});

describe('GET /api/tickets views and sorts', () => {
  test('the data covers every view and both due halves', () => {
    for (const view of TICKET_VIEWS) expect(expected(view, 'created').length).toBeGreaterThan(0);
    expect(facts.some((fact) => isOpen(fact) && fact.dueAt === null)).toBe(true);
  });

  test('every view in every sort: the right tickets in the right order, each once, page by page', async () => {
    const failures: string[] = [];
    for (const view of TICKET_VIEWS) {
      for (const sort of TICKET_SORTS) {
        const ids = await walk(agent.client, `view=${view}&sort=${sort}&requester=${requester.user.id}`);
        const want = expected(view, sort);
        if (JSON.stringify(ids) !== JSON.stringify(want))
          failures.push(`${view} ${sort} ${ids.length} ${want.length}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test("each view's default sort is the one the contract names; without view or sort, newest first", async () => {
    expect(await walk(agent.client, `view=mine&requester=${requester.user.id}`, 3)).toEqual(
      expected('mine', 'due'),
    );
    expect(await walk(agent.client, `view=waiting&requester=${requester.user.id}`, 3)).toEqual(
      expected('waiting', '-updated'),
    );
    expect(await walk(requester.client, 'status=new,in_progress', 3)).toEqual(expected('open', '-created'));
    expect(await walk(requester.client, '', 3)).toEqual(expected('all', '-created'));
  });

  test('tickets without a deadline come last in both due orders', async () => {
    for (const sort of ['due', '-due'] as const) {
      const ids = await walk(agent.client, `view=open&sort=${sort}&requester=${requester.user.id}`, 50);
      const dues = ids.map((id) => facts.find((fact) => fact.id === id)?.dueAt ?? null);
      const firstNull = dues.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(dues.slice(firstNull).every((due) => due === null)).toBe(true);
    }
  });

  test('filters narrow the view: status, priority, category lists, assignee, team, q', async () => {
    const base = `requester=${requester.user.id}&sort=-created`;
    const cases: [string, (fact: Fact) => boolean][] = [
      ['status=new,resolved', (f) => f.status === 'new' || f.status === 'resolved'],
      ['priority=high,critical', (f) => f.priority === 'high' || f.priority === 'critical'],
      ['category=access,other', (f) => f.category === 'access' || f.category === 'other'],
      ['assignee=me', (f) => f.assigneeId === agent.user.id],
      [`assignee=${otherAgent.user.id}`, (f) => f.assigneeId === otherAgent.user.id],
      ['assignee=none', (f) => f.assigneeId === null],
      [`team=${teamIds[1]}`, (f) => f.teamId === teamIds[1]],
      ['team=none', (f) => f.teamId === null],
      [
        'q=zebra%20keyboard',
        (f) =>
          f.status === 'new' &&
          f === facts.filter((g) => g.status === 'new').sort((a, b) => a.createdAt - b.createdAt)[0],
      ],
    ];
    for (const [filter, also] of cases) {
      expect({ filter, ids: await walk(agent.client, `${base}&view=all&${filter}`, 3) }).toEqual({
        filter,
        ids: expected('all', '-created', also),
      });
    }
    const numbered = facts[3];
    expect(await walk(agent.client, `${base}&q=${numbered?.ticketNumber}`)).toEqual([numbered?.id ?? '']);
  });

  test('words within a view keep the view order, every sort both ways', async () => {
    // Every ticket of the set says "Inserted" (the zebra one in its description).
    for (const sort of TICKET_SORTS) {
      const params = `requester=${requester.user.id}&view=all&sort=${sort}&q=inserted`;
      expect({ sort, ids: await walk(agent.client, params, 5) }).toEqual({
        sort,
        ids: expected('all', sort),
      });
    }
  });

  test("another list's cursor is a 400 cursorMismatch; a made-up one a 400 invalidCursor", async () => {
    const params = `requester=${requester.user.id}&limit=2`;
    const first = await agent.client.get(`${API_PATHS.tickets}?view=open&sort=due&${params}`);
    const cursor = ZTicketListResponse.parse(first.body).nextCursor;
    expect(cursor).not.toBeNull();
    const plain = await agent.client.get(`${API_PATHS.tickets}?limit=2`);
    const plainCursor = ZTicketListResponse.parse(plain.body).nextCursor;
    for (const path of [
      `view=open&sort=-due&${params}&cursor=${cursor}`,
      `view=all&sort=due&${params}&cursor=${cursor}`,
      `view=open&sort=due&priority=high&${params}&cursor=${cursor}`,
      `view=open&sort=due&${params}&cursor=${plainCursor}`,
      `limit=2&cursor=${cursor}`,
    ]) {
      const response = await agent.client.get(`${API_PATHS.tickets}?${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(errorOf(response).fields?.cursor).toBe(TICKET_LIST_MESSAGES.cursorMismatch);
    }
    const forged = Buffer.from(JSON.stringify(['x', 0, 'soon', crypto.randomUUID()])).toString('base64url');
    for (const bad of [forged, 'not-a-cursor', Buffer.from('[1,2,3]').toString('base64url')]) {
      const response = await agent.client.get(
        `${API_PATHS.tickets}?view=open&sort=due&${params}&cursor=${bad}`,
      );
      expect(response.status).toBe(400);
      expect(errorOf(response).fields?.cursor).toBe(TICKET_MESSAGES.invalidCursor);
    }
  });

  test('hostile lists: a thousand values, unknown values and views are 400s', async () => {
    for (const path of [
      `status=${Array(1000).fill('new').join(',')}`,
      `priority=${Array(1000).fill('x').join(',')}`,
      'status=new,new,new,new,new',
      'status=open',
      'category=printers',
      'view=everything',
      'sort=-due,created',
      'assignee=someone',
      'team=me',
    ]) {
      const response = await agent.client.get(`${API_PATHS.tickets}?${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
  });

  test('end users: their own open and all only; staff views and staff filters are 403', async () => {
    for (const view of TICKET_VIEWS) {
      const response = await requester.client.get(`${API_PATHS.tickets}?view=${view}`);
      const isTheirs = view === 'open' || view === 'all';
      expect({ view, status: response.status }).toEqual({ view, status: isTheirs ? 200 : 403 });
      if (!isTheirs) expect(errorOf(response).message).toBe(TICKET_LIST_MESSAGES.viewForbidden);
    }
    for (const filter of [
      `requester=${otherRequester.user.id}`,
      `assignee=${agent.user.id}`,
      'assignee=none',
      `team=${teamIds[0]}`,
    ]) {
      const response = await requester.client.get(`${API_PATHS.tickets}?view=all&${filter}`);
      expect({ filter, status: response.status }).toEqual({ filter, status: 403 });
      expect(errorOf(response).message).toBe(TICKET_LIST_MESSAGES.parameterForbidden);
    }
    for (const sort of TICKET_SORTS) {
      for (const view of ['open', 'all'] as const) {
        expect(await walk(requester.client, `view=${view}&sort=${sort}`, 5)).toEqual(expected(view, sort));
      }
    }
    // The other requester's ticket matches the words of no filter an end user has.
    const other = await walk(otherRequester.client, 'view=all&sort=due&q=inserted', 5);
    expect(other.every((id) => !facts.some((fact) => fact.id === id))).toBe(true);
    expect(other.length).toBe(1);
  });

  test('q reads a window of the view at a time: a page may be short, the cursor reads on, every match once', async () => {
    const reader = await signedIn('end_user');
    // More tickets than one window, newest first: matches at the top and past the first window.
    await sql`
      insert into tickets (title, description, requester_id, created_at)
      select case when n in (3, ${QUEUE_TEXT_WINDOW + 200}) then 'Quokka printer ' || n else 'Ticket ' || n end,
             'Generated', ${reader.user.id}, now() - n * interval '1 minute'
      from generate_series(1, ${QUEUE_TEXT_WINDOW + 500}) n`;
    const first = await reader.client.get(`${API_PATHS.tickets}?view=all&q=quokka&limit=10`);
    const body = ZTicketListResponse.parse(first.body);
    expect(body.tickets.map((ticket) => ticket.title)).toEqual(['Quokka printer 3']);
    expect(body.nextCursor).not.toBeNull();
    const ids = await walk(reader.client, 'view=all&q=quokka', 10);
    expect(ids.length).toBe(2);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('my_teams and team membership', () => {
  test('a my_teams page is one statement: the caller’s teams are read inside it', async () => {
    const sent: string[] = [];
    const previous = sql.options.debug;
    // Every statement the API's pool sends while the page is read (the service called directly,
    // so no session look-up is counted).
    sql.options.debug = (_connection, query) => {
      sent.push(query);
    };
    let text = '';
    try {
      text = await listQueue(
        { id: agent.user.id, isStaff: true },
        ZTicketListQuery.parse({ view: 'my_teams', limit: '50' }),
      );
    } finally {
      sql.options.debug = previous;
    }
    expect(sent).toHaveLength(1);
    const ids = ZTicketListResponse.parse(JSON.parse(text)).tickets.map((ticket) => ticket.id);
    expect(ids).toEqual(expected('my_teams', 'due'));
  });

  test('joining or leaving a team shows on the very next my_teams page', async () => {
    const [member, admin, owner] = await Promise.all([signedIn('agent'), signedIn('admin'), createUser()]);
    const team = await createTeam(`Queue team D ${crypto.randomUUID()}`, []);
    const ticket = await insertTicketRow({ requesterId: owner.id, teamId: team, createdHoursAgo: 1 });
    const page = async () => {
      const response = await member.client.get(`${API_PATHS.tickets}?view=my_teams&limit=50`);
      return ZTicketListResponse.parse(response.body).tickets.map((row) => row.id);
    };
    expect(await page()).toEqual([]);
    const joined = await admin.client.post(teamMembersPath(team), { userIds: [member.user.id] });
    expect(joined.status).toBe(200);
    expect(await page()).toEqual([ticket.id]);
    const left = await admin.client.request('DELETE', `${teamMembersPath(team)}/${member.user.id}`);
    expect(left.status).toBe(204);
    expect(await page()).toEqual([]);
  });
});

describe("a page's statement", () => {
  test('its constant parts are built once: a page makes a handful of fragments, whatever its view and order', () => {
    // Each postgres.js fragment is a Promise with closures of its own, made and walked again for
    // every request (docs/performance.md#api-process). Counted while alive. Built per request,
    // these pages made 38 to 88.
    const livePromises = () => {
      Bun.gc(true);
      return heapStats().objectTypeCounts.Promise ?? 0;
    };
    const caller = { id: crypto.randomUUID(), isStaff: true };
    const most = { mine: 14, at_risk: 14, waiting: 8, all: 8, unassigned: 8 } as const;
    for (const [view, limit] of Object.entries(most)) {
      const list = queueListOf(caller, ZTicketListQuery.parse({ view }));
      const before = livePromises();
      const built = Array.from({ length: 100 }, () =>
        queuePageTextStatement(list, { size: 50, after: null }),
      );
      const perStatement = (livePromises() - before) / built.length;
      expect(built).toHaveLength(100);
      expect({ view, perStatement: perStatement <= limit }).toEqual({ view, perStatement: true });
    }
  });
});
