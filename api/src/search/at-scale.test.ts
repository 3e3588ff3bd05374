import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { createPlanTracer, type PlanNode, type PlanTracer, tsqueryPerRowOf } from '../../test/query-plans.ts';
import type { TicketScope } from '../tickets/queries.ts';
import {
  applySearchSettings,
  GIN_SAMPLE,
  type PeopleSearch,
  SEARCH_SESSION_SETTINGS,
  selectPeopleAndTickets,
  selectTicketMatches,
  type TicketSearch,
  WALK_ROWS,
} from './queries.ts';
import { buildDeskSearchTerms } from './search-terms.ts';
import { commonLexemesFor, forgetCommonLexemes } from './word-frequency.ts';

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;

let db: Scratch;
let tracer: PlanTracer;
let requesterId = '';
const TICKETS = 50_000;

/**
 * Runs a query function, then runs the statement it sent again under EXPLAIN ANALYZE as the search
 * pool runs it, on its generic plan (SEARCH_SESSION_SETTINGS): which path it took and how many rows
 * each node read. A plan that is right only for some words fails here for the others.
 */
const planOf = (run: (sql: Sql) => Promise<unknown>) => tracer.planOf(run, { analyze: true, generic: true });

/** Nodes of a search's plan that make a tsquery per row (tsqueryPerRowOf), labelled. */
const tsqueryPerRow = (label: string, nodes: PlanNode[]) =>
  tsqueryPerRowOf(nodes).map((problem) => `${label}: ${problem}`);
const USERS = 20_000;
const BIG_TABLES = new Set(['tickets', 'ticket_comments', 'users']);
/**
 * Rows a bounded search may read from one table: a common word's walk (WALK_ROWS at most), or a
 * GIN sample (capped softly: PostgreSQL drops matches at random, so allow for the spread).
 */
const MAX_ROWS_READ = Math.max(WALK_ROWS, 1.5 * GIN_SAMPLE);

/** Seq scans of the growing tables, and scans that read more than a bounded search should. */
function problemsOf(label: string, nodes: PlanNode[]): string[] {
  const problems: string[] = [];
  for (const node of nodes) {
    const table = node['Relation Name'] ?? '';
    if (node['Node Type'] === 'Seq Scan' && BIG_TABLES.has(table))
      problems.push(`${label}: seq scan on ${table}`);
    // Per loop, as EXPLAIN reports them: what the node returned plus what it read and threw away.
    const perLoop =
      (node['Actual Rows'] ?? 0) +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0);
    const read = perLoop * (node['Actual Loops'] ?? 1);
    const isScan = /Scan/.test(node['Node Type']) && BIG_TABLES.has(table);
    if (isScan && read > MAX_ROWS_READ) {
      problems.push(`${label}: ${node['Node Type']} ${node['Index Name'] ?? table} read ${read} rows`);
    }
  }
  return problems;
}

/** The large desk, in one transaction without the API's statement timeout (a busy CPU may need longer). */
async function seed(tx: TransactionSql): Promise<void> {
  await tx`set local statement_timeout = 0`;
  // People: a few agents and many requesters, with names that repeat (first) and that do not (last).
  await tx`
    insert into users (username, email, password_hash, first_name, last_name, role, status)
    select 'scale_user_' || n, 'scale.user' || n || '@example.test', 'x',
           (array['Maria','John','Aisha','Wei','Olga','Pedro','Fatima','Liam'])[1 + n % 8], 'Surname' || n,
           case when n <= 20 then 'agent' else 'end_user' end, 'active'
    from generate_series(1, ${USERS}) n`;
  // Tickets over three years: a word in a fifth of the titles (printer), one in every description
  // (network), words in ten tickets each (term0..term4999), one per ticket (serialN), and one in
  // a fifth of the tickets older than the newest 20,000 only (legacyword: the planner expects to
  // meet it soon when walking newest first, and would read 20,000 rows before the first).
  await tx`
    insert into tickets (title, description, priority, status, requester_id, assignee_id, created_at)
    select (array['Printer','Laptop','VPN','Monitor','Email'])[1 + n % 5] || ' problem serial' || n,
           'Generated description about the network and term' || (n % 5000)
             || case when n > 20000 and n % 5 = 0 then ' legacyword' else '' end || '.',
           (array['low','medium','high','critical'])[1 + n % 4],
           case when n % 50 = 0 then 'new' when n % 50 = 1 then 'in_progress' else 'closed' end,
           people.requesters[1 + n % array_length(people.requesters, 1)],
           people.agents[1 + n % array_length(people.agents, 1)],
           now() - n * interval '30 minutes'
    from generate_series(1, ${TICKETS}) n,
         (select array_agg(id) filter (where role = 'end_user') as requesters,
                 array_agg(id) filter (where role = 'agent') as agents from users) people`;
  // Comments on three tickets in ten, a fifth of them internal: a word in each (network), words in
  // five comments each (remark0..remark2999), and one in the older comments only (oldremark).
  await tx`
    insert into ticket_comments (ticket_id, author_id, content, is_internal, created_at)
    select t.id, t.assignee_id,
           'Comment with remark' || (t.rn % 3000) || ' about the network'
             || case when t.rn < 35000 and t.rn % 2 = 0 then ' oldremark' else '' end || '.',
           t.rn % 5 = 0,
           t.created_at + interval '1 hour'
    from (select id, assignee_id, created_at, row_number() over (order by created_at) as rn from tickets) t
    where t.rn % 10 < 3`;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql.begin((tx) => seed(tx));
  await db.sql`vacuum analyze`;
  forgetCommonLexemes();
  const [requester] = await db.sql<{ id: string }[]>`
    select requester_id as id from tickets group by requester_id order by count(*) desc, requester_id limit 1`;
  requesterId = requester?.id ?? '';
  tracer = createPlanTracer(db.url);
  // The plans are read as the service runs them: with its GIN cap and without parallel workers.
  await applySearchSettings(tracer.sql);
}, 300_000);

afterAll(async () => {
  await tracer?.end();
  await db?.drop();
});

const STAFF: TicketScope = { requesterId: null, includeInternal: true };

/** The ticket search the service would run for a query, in a scope. */
async function ticketSearch(q: string, scope: TicketScope, limit = 20): Promise<TicketSearch> {
  const terms = buildDeskSearchTerms(q);
  const words = terms.text?.text.split(' ') ?? [];
  const text = terms.text?.text ?? '';
  return {
    // As the service asks: the typo fallback rides along whenever there are three letters.
    similarText: text.length >= 3 ? text : null,
    commonLexemes: scope.requesterId === null ? await commonLexemesFor(db.sql, words) : [],
    anyWords: terms.text?.anyWords ?? null,
    allWords: terms.text?.allWords ?? null,
    exactNumber: terms.number?.exact ?? null,
    numberRanges: terms.number?.ranges ?? [],
    scope,
    limit,
  };
}

/** The people search the service would run for a query (staff). */
function peopleSearch(q: string, limit = 20): PeopleSearch {
  const terms = buildDeskSearchTerms(q);
  const text = terms.people?.text ?? '';
  return {
    allWords: terms.people?.allWords ?? '',
    exactIdentity: terms.exactIdentity,
    similarText: text.length >= 3 ? text : null,
    limit,
  };
}

/** Staff's statement for a query: its people and their tickets, as the service sends it. */
async function peopleAndTickets(sql: Sql, q: string, limit = 20) {
  return selectPeopleAndTickets(sql, peopleSearch(q, limit), await ticketSearch(q, STAFF, limit));
}

describe(`search query plans at scale (${TICKETS} tickets)`, () => {
  test('rare, common, prefix and number searches read indexes and a bounded number of rows, staff and end user', async () => {
    const endUser: TicketScope = { requesterId, includeInternal: false };
    const searches: [string, TicketScope][] = [];
    for (const scope of [STAFF, endUser]) {
      for (const q of [
        'term4321',
        'serial12345',
        'remark1234',
        'network',
        'printer',
        'pri',
        'net',
        '12345',
        'TKT-000123',
        '12',
        'printer network term42',
        'legacyword',
        'oldremark',
      ]) {
        searches.push([q, scope]);
      }
    }
    const problems: string[] = [];
    const check = (label: string, nodes: PlanNode[]) => {
      problems.push(...problemsOf(label, nodes));
      if (!nodes.some((node) => node['Index Name']?.startsWith('tickets_')))
        problems.push(`${label}: no tickets index`);
    };
    for (const [q, scope] of searches) {
      const search = await ticketSearch(q, scope);
      check(
        `${q} (${scope.requesterId === null ? 'staff' : 'end user'})`,
        await planOf((sql) => selectTicketMatches(sql, search)),
      );
    }
    // Staff's words also search people, and the people named bring their tickets: one statement.
    for (const q of ['surname42', 'maria surname7', 'term4321', 'network', 'pri', 'legacyword']) {
      check(`${q} (staff, with people)`, await planOf((sql) => peopleAndTickets(sql, q)));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  test('the statistics choose the path: a rare word reads its GIN index only, a common one walks the newest tickets only', async () => {
    const ran = (node: PlanNode) => (node['Actual Loops'] ?? 0) > 0;
    const readGin = (nodes: PlanNode[]) =>
      nodes.some((node) => ran(node) && node['Index Name'] === 'tickets_search_vector_idx');
    // The walk: a tickets index in created_at order (the planner may pick any with that order).
    const walked = (nodes: PlanNode[]) =>
      nodes.some(
        (node) =>
          ran(node) &&
          node['Node Type'] === 'Index Scan' &&
          node['Relation Name'] === 'tickets' &&
          /created/.test(node['Index Name'] ?? ''),
      );
    const rare = await planOf(async (sql) => selectTicketMatches(sql, await ticketSearch('term4321', STAFF)));
    expect([readGin(rare), walked(rare)]).toEqual([true, false]);
    const common = await planOf(async (sql) =>
      selectTicketMatches(sql, await ticketSearch('network', STAFF)),
    );
    expect([readGin(common), walked(common)]).toEqual([false, true]);
  });

  test('the words are made a tsquery once per search, not for each row a plan tests', async () => {
    const problems: string[] = [];
    for (const q of ['network', 'printer network term42', 'pri', 'legacyword']) {
      const search = await ticketSearch(q, STAFF);
      problems.push(...tsqueryPerRow(q, await planOf((sql) => selectTicketMatches(sql, search))));
    }
    for (const q of ['maria surname4', 'network surname42']) {
      problems.push(...tsqueryPerRow(`${q} (with people)`, await planOf((sql) => peopleAndTickets(sql, q))));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  test('the check itself catches a tsquery made per row', async () => {
    const nodes = await planOf(
      (sql) => sql`select id from (select id, search_vector from tickets order by created_at desc limit 100) t
                   where search_vector @@ to_tsquery('english', ${'network'})`,
    );
    expect(tsqueryPerRow('inline', nodes)).toHaveLength(1);
  });

  test('the check itself catches a search that reads the table (a LIKE over descriptions)', async () => {
    const nodes = await planOf(
      (sql) => sql`select id from tickets where description ilike ${'%term4321.%'} limit 20`,
    );
    expect(problemsOf('ilike', nodes).length).toBeGreaterThan(0);
  });

  test('the plans kept for every word find what plans made for the words find, row for row', async () => {
    // GIN sampling off on both sides: with it, a common word's sample is random on each run.
    const session = (mode: string) =>
      postgres(db.url, {
        max: 1,
        onnotice: () => {},
        connection: {
          TimeZone: 'UTC',
          ...SEARCH_SESSION_SETTINGS,
          plan_cache_mode: mode,
          gin_fuzzy_search_limit: '0',
        },
      });
    const kept = session('force_generic_plan');
    const planned = session('force_custom_plan');
    try {
      const endUser: TicketScope = { requesterId, includeInternal: false };
      const searches: [string, TicketScope][] = [
        ...['term4321', 'network', 'printer network term42', 'pri', 'legacyword', '12345', 'TKT-000123'].map(
          (q): [string, TicketScope] => [q, STAFF],
        ),
        ['network', endUser],
        ['12', endUser],
      ];
      for (const [q, scope] of searches) {
        const search = await ticketSearch(q, scope);
        // Twice on each side: the first runs of a prepared statement may be planned otherwise.
        for (let run = 0; run < 2; run++) {
          const [a, b] = [
            await selectTicketMatches(kept, search),
            await selectTicketMatches(planned, search),
          ];
          expect({ q, rows: a }).toEqual({ q, rows: b });
        }
      }
      for (const q of ['surname42', 'maria surname4', 'network', 'surnme42']) {
        for (let run = 0; run < 2; run++) {
          expect({ q, found: await peopleAndTickets(kept, q) }).toEqual({
            q,
            found: await peopleAndTickets(planned, q),
          });
        }
      }
    } finally {
      await Promise.all([kept.end(), planned.end()]);
    }
  }, 120_000);

  test('what the plans find is right: the number exactly, the common word newest first, scope kept', async () => {
    const byNumber = await selectTicketMatches(db.sql, await ticketSearch('TKT-000123', STAFF));
    expect(byNumber[0]?.ticketNumber).toBe('TKT-000123');
    const common = await selectTicketMatches(db.sql, await ticketSearch('network', STAFF));
    expect(common).toHaveLength(20);
    const mine = await selectTicketMatches(
      db.sql,
      await ticketSearch('network', { requesterId, includeInternal: false }),
    );
    const [owned] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from tickets where id = any(${mine.map((row) => row.id)}::uuid[])
        and requester_id = ${requesterId}`;
    expect(owned?.count).toBe(mine.length);
    expect(mine.length).toBeGreaterThan(0);
  });

  test('the typo fallbacks and the people search read indexes, never whole tables', async () => {
    const problems: string[] = [];
    const fallbacks: [string, (sql: Sql) => Promise<unknown>][] = [
      [
        'ticket typo (staff)',
        async (sql) => selectTicketMatches(sql, await ticketSearch('serail12345', STAFF)),
      ],
      [
        'ticket typo (end user)',
        async (sql) =>
          selectTicketMatches(sql, await ticketSearch('pirnter', { requesterId, includeInternal: false })),
      ],
      ['people by name', (sql) => peopleAndTickets(sql, 'surname4321')],
      ['people by username', (sql) => peopleAndTickets(sql, 'scale_user_77')],
      ['people typo', (sql) => peopleAndTickets(sql, 'surnme4321')],
    ];
    for (const [label, run] of fallbacks) problems.push(...problemsOf(label, await planOf(run)));
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('the typo fallbacks as their pool plans them once (a generic plan)', () => {
  test('read the trigram indexes (an end user: theirs), never whole tables', async () => {
    const problems: string[] = [];
    const scopes: [string, TicketScope][] = [
      ['staff', STAFF],
      ['end user', { requesterId, includeInternal: false }],
    ];
    const runs: [string, RegExp, (sql: Sql) => Promise<unknown>][] = [
      ...scopes.map(([who, scope]): [string, RegExp, (sql: Sql) => Promise<unknown>] => [
        `ticket typo (${who})`,
        // An end user's own tickets' index may serve instead of the trigram one.
        scope.requesterId === null ? /^tickets_title_trgm/ : /^tickets_/,
        async (sql) => selectTicketMatches(sql, await ticketSearch('pirnter', scope, 7)),
      ]),
      ['people typo', /^users_search_text_trgm/, (sql) => peopleAndTickets(sql, 'surnme', 9)],
    ];
    for (const [label, index, run] of runs) {
      const nodes = await tracer.planOf(run, { generic: true });
      problems.push(...problemsOf(label, nodes));
      if (!nodes.some((node) => index.test(node['Index Name'] ?? ''))) problems.push(`${label}: no index`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
