/**
 * Every body PostgreSQL renders (json-text.ts), run on fixtures for each scope (an end user, an
 * agent, an admin) and checked strictly against its route's schema: a value of the wrong kind or a
 * key the contract does not declare (a password hash, an internal flag) fails here, whatever the
 * statement selects. The fixtures hold what must never leave (internal notes and attachments for
 * an end user, users with password hashes, other people's tickets) and what must vary (every
 * status, assignee and team or none, a follow-up, SLA times set and not, a ticket waiting).
 *
 * A route that answers with `jsonText(ZSomething, ...)` needs an entry in RENDERED naming its
 * schema; the last test fails for any schema used so without one.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import * as contracts from '@helpdesk/contracts';
import {
  API_PATHS,
  TICKET_ASSIGNMENT_OPTIONS_PATH,
  TICKET_SORTS,
  TICKET_VIEWS,
  type TTicketListParams,
  type TTicketStatus,
  type TUserRole,
  ZSearchQuery,
  ZTicketListQuery,
} from '@helpdesk/contracts';
import type { z } from 'zod';
import { createUser, logLines, signIn, sql, type TestClient, type TestUser } from '../test/helpers.ts';
import { createTeam } from '../test/tickets.ts';
import { checkJsonText } from './json-text.ts';
import { searchDesk } from './search/service.ts';
import { getTicket, listTickets } from './tickets/service.ts';

type Scope = 'endUser' | 'agent' | 'admin';
const SCOPES: readonly Scope[] = ['endUser', 'agent', 'admin'];

/** What every entry may render from: the viewers, the fixture tickets and texts that must never leave. */
type Fixtures = {
  viewers: Record<Scope, TestUser>;
  /** The end user's tickets (every status and variant), then one of someone else's. */
  ticketIds: string[];
  /** A word in every fixture ticket's title (for anything that searches). */
  word: string;
  /** Texts that must never reach the end user: an internal note's, an internal attachment's name, another requester's ticket's title. */
  internalTexts: string[];
};

type RenderedEntry = {
  /** The contract schema the route passes to jsonText, by its export name. */
  schema: keyof typeof contracts & `Z${string}`;
  /** Every body the viewer gets from this route's statements on the fixtures. */
  bodies: (viewer: TestUser, fixtures: Fixtures) => Promise<string[]>;
};

const roleOf = (scope: Scope): TUserRole => (scope === 'endUser' ? 'end_user' : scope);

/** Every page of a list, following nextCursor (at most `pages`), as the texts the route sends. */
async function listPages(viewer: TestUser, params: TTicketListParams, pages = 4): Promise<string[]> {
  const texts: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < pages; page++) {
    const text = await listTickets(viewer, ZTicketListQuery.parse({ limit: 2, ...params, cursor }));
    texts.push(text);
    const next = (JSON.parse(text) as { nextCursor: string | null }).nextCursor;
    if (next === null) break;
    cursor = next;
  }
  return texts;
}

const RENDERED: RenderedEntry[] = [
  {
    schema: 'ZTicketListResponse',
    bodies: async (viewer, fixtures) => {
      const isStaff = viewer.role !== 'end_user';
      const views = isStaff ? TICKET_VIEWS : contracts.END_USER_TICKET_VIEWS;
      const lists: TTicketListParams[] = [{}, { status: 'closed' }, { priority: 'high' }];
      for (const view of views) {
        for (const sort of TICKET_SORTS) lists.push({ view, sort });
        lists.push({ view, q: fixtures.word });
      }
      const texts = await Promise.all(lists.map((params) => listPages(viewer, params)));
      return texts.flat();
    },
  },
  {
    schema: 'ZTicketDetail',
    bodies: async (viewer, fixtures) => {
      const texts: string[] = [];
      for (const id of fixtures.ticketIds) {
        const text = await getTicket(viewer, id).catch((error: unknown) => {
          // Someone else's ticket is a 404 for an end user: no body to check.
          if (viewer.role === 'end_user' && (error as { status?: number }).status === 404) return null;
          throw error;
        });
        if (text !== null) texts.push(text);
      }
      return texts;
    },
  },
  {
    // Built by the search service (its highlights are marked in the process) and passed through as
    // a rendered body; search/rendered-bodies.test.ts holds its own fixtures of what must never leave.
    schema: 'ZSearchResponse',
    bodies: async (viewer, fixtures) => {
      const texts: string[] = [];
      for (const q of [fixtures.word, `${fixtures.word.slice(0, 4)}*`, 'no-such-word-anywhere']) {
        texts.push(await (await searchDesk(viewer, ZSearchQuery.parse({ q }))).text());
      }
      return texts;
    },
  },
];

const STATUSES: readonly TTicketStatus[] = contracts.TICKET_STATUSES;
let fixtures: Fixtures;
let passwordHashes: string[] = [];
const secretTexts = { note: '', file: '' };

beforeAll(async () => {
  const [endUser, agent, admin, stranger] = await Promise.all([
    createUser({ role: 'end_user' }),
    createUser({ role: 'agent' }),
    createUser({ role: 'admin' }),
    createUser({ role: 'end_user' }),
  ]);
  if (!endUser || !agent || !admin || !stranger) throw new Error('fixture users missing');
  const teamId = await createTeam(`Rendered team ${crypto.randomUUID()}`, [agent.id]);
  const word = `rendered${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const secretNote = `internal-note-${crypto.randomUUID()}`;
  const secretFile = `internal-original-${crypto.randomUUID()}.eml`;
  const ticketIds: string[] = [];
  // Every status, each both with and without assignee, team and SLA times; one waiting.
  for (const [index, status] of STATUSES.flatMap((status) => [status, status]).entries()) {
    const isFull = index % 2 === 0;
    const [row] = await sql<{ id: string }[]>`
      insert into tickets (title, description, priority, status, category, requester_id, assignee_id, team_id,
                           sla_response_by, sla_resolve_by, sla_response_risk_at, sla_resolve_risk_at,
                           responded_at, resolved_at, closed_at, waiting_since, created_at)
      values (${`${word} ticket ${index}`}, 'Rendered fixture', ${isFull ? 'high' : 'low'}, ${status}, 'access',
              ${endUser.id}, ${isFull ? agent.id : null}, ${isFull ? teamId : null},
              ${isFull ? sql`now() + interval '8 hours'` : null}, ${isFull ? sql`now() + interval '2 days'` : null},
              ${isFull ? sql`now() - interval '1 hour'` : null}, ${isFull ? sql`now() + interval '1 day'` : null},
              ${isFull ? sql`now() - interval '30 minutes'` : null},
              ${status === 'resolved' || status === 'closed' ? sql`now() - interval '10 minutes'` : null},
              ${status === 'closed' ? sql`now() - interval '5 minutes'` : null},
              ${status === 'in_progress' && !isFull ? sql`now() - interval '2 hours'` : null},
              now() - ${`${index} minutes`}::interval - interval '123456 microseconds')
      returning id`;
    if (row) ticketIds.push(row.id);
  }
  const [first, second] = ticketIds;
  await sql`update tickets set follow_up_of = ${first ?? null} where id = ${second ?? null}`;
  await sql`
    insert into ticket_comments (ticket_id, author_id, content, is_internal) values
      (${first ?? null}, ${endUser.id}, 'A public reply', false),
      (${first ?? null}, ${agent.id}, ${secretNote}, true)`;
  await sql`
    insert into attachments (ticket_id, file_name, file_size, file_type, file_path, uploaded_by_id, is_internal) values
      (${first ?? null}, 'screenshot.png', 10, 'image/png', ${`rendered/${crypto.randomUUID()}`}, ${endUser.id}, false),
      (${first ?? null}, ${secretFile}, 20, 'message/rfc822', ${`rendered/${crypto.randomUUID()}`}, ${agent.id}, true)`;
  await sql`
    insert into ticket_events (ticket_id, user_id, event_type, event_data) values
      (${first ?? null}, ${agent.id}, 'status_changed', '{"from": "new", "to": "in_progress"}'),
      (${first ?? null}, ${agent.id}, 'comment_added', ${sql.json({ isInternal: true, excerpt: secretNote })}),
      (${first ?? null}, null, 'sla_warning', '{}')`;
  const [others] = await sql<{ id: string }[]>`
    insert into tickets (title, description, requester_id) values (${`${word} someone else's`}, 'Not yours', ${stranger.id})
    returning id`;
  if (others) ticketIds.push(others.id);
  secretTexts.note = secretNote;
  secretTexts.file = secretFile;
  fixtures = {
    viewers: { endUser, agent, admin },
    ticketIds,
    word,
    internalTexts: [secretNote, secretFile, `${word} someone else's`],
  };
  passwordHashes = (
    await sql<{ hash: string }[]>`
      select password_hash as hash from users where id in ${sql([endUser.id, agent.id, admin.id, stranger.id])}`
  ).map((row) => row.hash);
}, 60_000);

/** A contract schema by its export name. */
const schemaNamed = (name: string): z.ZodType =>
  (contracts as unknown as Record<string, z.ZodType>)[name] as z.ZodType;

describe('bodies rendered by PostgreSQL', () => {
  for (const entry of RENDERED) {
    for (const scope of SCOPES) {
      test(`${entry.schema}, as ${roleOf(scope)}: every body is its contract exactly, no hash, no internal text for an end user`, async () => {
        const texts = await entry.bodies(fixtures.viewers[scope], fixtures);
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) {
          checkJsonText(schemaNamed(entry.schema), text);
          for (const hash of passwordHashes) expect(text).not.toContain(hash);
          if (scope === 'endUser') {
            for (const secret of fixtures.internalTexts) expect(text).not.toContain(secret);
          }
        }
      }, 60_000);
    }
  }

  test('the fixtures vary what they must: every status, people and teams set and not, a follow-up, a hold', async () => {
    const details = await Promise.all(
      fixtures.ticketIds
        .slice(0, -1)
        .map(async (id) => JSON.parse(await getTicket(fixtures.viewers.agent, id))),
    );
    expect(new Set(details.map((detail) => detail.status))).toEqual(new Set(STATUSES));
    expect(
      details.some((detail) => detail.assignee === null) && details.some((detail) => detail.assignee),
    ).toBe(true);
    expect(details.some((detail) => detail.team === null) && details.some((detail) => detail.team)).toBe(
      true,
    );
    expect(details.some((detail) => detail.followUpOf !== null)).toBe(true);
    expect(details.some((detail) => detail.waitingSince !== null)).toBe(true);
    expect(details.some((detail) => detail.slaResponseBy === null)).toBe(true);
    // Dates as the API writes them: UTC, milliseconds truncated, 'Z'.
    for (const detail of details)
      expect(detail.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test("an end user's ticket page never holds an internal note or attachment; staff's holds both", async () => {
    const [first] = fixtures.ticketIds;
    const mine = await getTicket(fixtures.viewers.endUser, first ?? '');
    const staff = await getTicket(fixtures.viewers.agent, first ?? '');
    for (const secret of [secretTexts.note, secretTexts.file]) {
      expect(mine).not.toContain(secret);
      expect(staff).toContain(secret);
    }
    const parsed = JSON.parse(mine) as { comments: { isInternal: boolean }[]; events: unknown[] };
    expect(parsed.comments.map((comment) => comment.isInternal)).toEqual([false]);
    expect(parsed.events).toHaveLength(2);
  });

  test('every schema a route passes to jsonText has an entry here', async () => {
    const used = new Set<string>();
    for await (const path of new Bun.Glob('**/*.ts').scan({ cwd: import.meta.dir })) {
      if (path.endsWith('.test.ts') || path === 'json-text.ts') continue;
      const text = await Bun.file(`${import.meta.dir}/${path}`).text();
      for (const match of text.matchAll(/jsonText\(\s*(Z\w+)/g)) if (match[1]) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(0);
    const covered = new Set(RENDERED.map((entry) => entry.schema as string));
    expect([...used].filter((name) => !covered.has(name))).toEqual([]);
  });
});

describe('a rendered body as a response', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await signIn(fixtures.viewers.agent);
  });

  test('carries the security headers and the request id, as an answer Elysia serialises does', async () => {
    const rendered = await client.get(`${API_PATHS.tickets}?limit=2`);
    const plain = await client.get(TICKET_ASSIGNMENT_OPTIONS_PATH);
    expect(rendered.status).toBe(200);
    expect(plain.status).toBe(200);
    const ignored = new Set(['content-length', 'date', 'x-request-id', 'content-type']);
    const headersOf = (headers: Headers) =>
      Object.fromEntries([...headers.entries()].filter(([name]) => !ignored.has(name)));
    expect(headersOf(rendered.headers)).toEqual(headersOf(plain.headers));
    expect(rendered.headers.get('x-request-id')).toBeTruthy();
    expect(rendered.headers.get('content-type')).toStartWith('application/json');
    expect(rendered.headers.get('x-content-type-options')).toBe('nosniff');
    expect(rendered.headers.get('cache-control')).toBe('no-store');
    // The request log writes its line for the returned Response too, with its status.
    const id = rendered.headers.get('x-request-id') ?? '';
    const line = logLines.find((entry) => entry.includes(id) && entry.includes('"route":"/api/tickets"'));
    expect(line).toContain('"status":200');
  });
});
