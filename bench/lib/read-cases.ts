/**
 * The reads the bench measures against their limits (limits.ts): every list filter, every queue
 * view and order and each view's deep page, My Tickets, the ticket page, the searches and the
 * knowledge base's list; and the reads answered from caches, against the raw `select 1`.
 */
import postgres from 'postgres';
import { TICKET_SORTS, TICKET_VIEWS } from '../../contracts/src/ticket-queues.ts';
import { deepRowIndex, orderLength, plainDeepRowIndex, positionAt } from './limits.ts';
import type { LoadRequest } from './load.ts';
import type { Case } from './measure.ts';
import {
  afterOf,
  globalSearchStatement,
  kbListStatement,
  kbSearchStatement,
  type ListPage,
  listPageStatement,
  literal,
  type QueueSort,
  type QueueView,
  ticketPageStatement,
  viewCountsStatement,
} from './reference-statements.ts';
import { BENCH_SEARCH_WORD_FREQUENCY, BENCH_SEARCH_WORDS } from './seed-facts.ts';
import type { Server } from './servers.ts';

type TSearchKind = keyof typeof BENCH_SEARCH_WORDS;

/** Lists, the ticket page and searches: at least this share of their limit. */
const READ_MIN_RATIO = 0.6;
/** The reads answered from the API's caches, against the raw server's `select 1`. */
const CACHED_MIN_RATIO = 0.8;
/** A list page holds 50 tickets; the statement reads one more to know whether a next page exists. */
const PAGE = 50;

/** The views' default orders (contracts/src/ticket-queues.ts), as the reference spells an order. */
const DEFAULT_ORDER: Record<QueueView, { key: QueueSort; descending: boolean }> = {
  mine: { key: 'due', descending: false },
  unassigned: { key: 'created', descending: true },
  my_teams: { key: 'due', descending: false },
  at_risk: { key: 'due', descending: false },
  waiting: { key: 'updated', descending: true },
  open: { key: 'created', descending: true },
  all: { key: 'created', descending: true },
};

const orderOf = (sort: string) => ({
  key: sort.replace(/^-/, '') as QueueSort,
  descending: sort.startsWith('-'),
});

export type ReadCaseContext = {
  databaseUrl: string;
  api: Server;
  api10k: Server;
  ceiling: Server;
  agentCookie: string;
  agent10kCookie: string;
  userCookie: string;
  adminCookie: string;
  agentId: string;
  endUserId: string;
  newestTicketId: string;
  articleId: string;
  openIds: readonly string[];
  /** The plain list's deep page (the product's cursor, 100,000 rows deep). */
  deepCursor: string;
  /** Each view's deep page in its default order (the product's cursors). */
  queueDeepCursors: Partial<Record<QueueView, string>>;
};

export async function readCases(context: ReadCaseContext): Promise<Case[]> {
  const { api, databaseUrl } = context;
  const agent = { Cookie: context.agentCookie };
  const get = (paths: string[], headers: Record<string, string> = agent): LoadRequest => ({
    method: 'GET',
    paths,
    headers,
  });
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const teamIds = (
      await sql<{ teamId: string }[]>`
        select team_id as "teamId" from team_members where user_id = ${context.agentId} order by team_id`
    ).map((row) => row.teamId);
    const pageOf = (
      view: QueueView,
      order: { key: QueueSort; descending: boolean },
      filters: string[] = [],
    ) => ({ view, ...order, filters, agentId: context.agentId, teamIds, after: null }) satisfies ListPage;
    const limitOf = (page: ListPage, variables: Record<string, string> = {}) => ({
      databaseUrl,
      statement: listPageStatement(page),
      variables: { limit: PAGE + 1, ...variables },
      minRatio: READ_MIN_RATIO,
    });
    /** The same page started after the row the product's deep cursor names (found by the reference's own order). */
    /** A deep page's limit, or why there is none (the reference's own order is shorter than the product's). */
    const deepLimitOf = async (
      page: ListPage,
      index: number | null,
    ): Promise<Pick<Case, 'limit' | 'setupFailure'>> => {
      const position = index === null ? null : await positionAt(sql, page, index);
      if (!position)
        return { setupFailure: `no reference row ${index ?? 'deep'} rows into ${page.view} ${page.key}` };
      const { after, variables } = afterOf(page, position);
      return { limit: limitOf({ ...page, after }, variables) };
    };
    const listCase = (name: string, path: string, page: ListPage, headers = agent): Case => ({
      name,
      server: api,
      request: get([path], headers),
      limit: limitOf(page),
      latency: 'read',
    });
    const select1 = (minRatio: number) => ({
      label: 'select 1',
      server: context.ceiling,
      request: { method: 'GET', paths: ['/select-1'], headers: {} } as LoadRequest,
      minRatio,
    });
    const firstPage = get([`/api/tickets?limit=${PAGE}`]);
    const allNewest = pageOf('all', { key: 'created', descending: true });

    const cases: Case[] = [
      listCase('ticket list, first page', `/api/tickets?limit=${PAGE}`, allNewest),
      // Each list filter alone and the two together: each has its own index.
      ...[
        ['status=new', ["t.status = 'new'"]],
        ['status=in_progress', ["t.status = 'in_progress'"]],
        ['status=resolved', ["t.status = 'resolved'"]],
        ['priority=critical', ["t.priority = 'critical'"]],
        ['status=new&priority=high', ["t.status = 'new'", "t.priority = 'high'"]],
      ].map(([filter, conditions]) =>
        listCase(
          `ticket list, ${filter}`,
          `/api/tickets?limit=${PAGE}&${filter}`,
          pageOf('all', { key: 'created', descending: true }, conditions as string[]),
        ),
      ),
      // The queues: each view in its default order, and every order of `open` and `all`.
      ...TICKET_VIEWS.map((view) =>
        listCase(
          `ticket list, view=${view}`,
          `/api/tickets?limit=${PAGE}&view=${view}`,
          pageOf(view, DEFAULT_ORDER[view]),
        ),
      ),
      ...(['open', 'all'] as const).flatMap((view) =>
        TICKET_SORTS.map((sort) =>
          listCase(
            `ticket list, view=${view}&sort=${sort}`,
            `/api/tickets?limit=${PAGE}&view=${view}&sort=${sort}`,
            pageOf(view, orderOf(sort)),
          ),
        ),
      ),
    ];
    // Each view's deep page, against the same rows found by the reference's own order.
    for (const [view, cursor] of Object.entries(context.queueDeepCursors) as [QueueView, string][]) {
      const page = pageOf(view, DEFAULT_ORDER[view]);
      cases.push({
        name: `ticket list, view=${view}, deep`,
        server: api,
        request: get([`/api/tickets?limit=${PAGE}&view=${view}&cursor=${cursor}`]),
        ...(await deepLimitOf(page, deepRowIndex(await orderLength(sql, page)))),
        latency: 'read',
      });
    }
    cases.push(
      listCase(
        "end user's My Tickets",
        `/api/tickets?limit=${PAGE}`,
        pageOf('all', { key: 'created', descending: true }, [
          `t.requester_id = ${literal(context.endUserId)}`,
        ]),
        { Cookie: context.userCookie },
      ),
      {
        name: 'ticket list, 100,000 rows deep',
        server: api,
        request: get([`/api/tickets?limit=${PAGE}&cursor=${context.deepCursor}`]),
        ...(await deepLimitOf(allNewest, plainDeepRowIndex(await orderLength(sql, allNewest)))),
        against: { label: 'first page', server: api, request: firstPage, minRatio: 0.9 },
        latency: 'read',
      },
      {
        name: 'ticket list at 1M vs 10k',
        server: api,
        request: firstPage,
        against: {
          label: 'first page at 10k',
          server: context.api10k,
          request: get([`/api/tickets?limit=${PAGE}`], { Cookie: context.agent10kCookie }),
          minRatio: 1 / 1.3,
        },
      },
      {
        name: 'ticket page',
        server: api,
        request: get([`/api/tickets/${context.newestTicketId}`]),
        limit: {
          databaseUrl,
          statement: ticketPageStatement(context.newestTicketId),
          minRatio: READ_MIN_RATIO,
        },
        latency: 'read',
      },
      {
        // The article page: the day's view counted (a write on every read), then the article with its
        // category, author and revision. Its first measure (0.11x) is the floor it must not fall below.
        name: 'KB article page',
        server: api,
        request: get([`/api/kb/articles/${context.articleId}`]),
        against: select1(0.1),
        latency: 'read',
      },
      {
        // As a requester browses it: published articles of active categories (staff also get drafts).
        name: 'KB article list',
        server: api,
        request: get(['/api/kb/articles'], { Cookie: context.userCookie }),
        limit: { databaseUrl, statement: kbListStatement(), minRatio: READ_MIN_RATIO },
        latency: 'read',
      },
      {
        name: 'me',
        server: api,
        request: get(['/api/auth/me']),
        against: select1(CACHED_MIN_RATIO),
        latency: 'read',
      },
      {
        name: 'notification count',
        server: api,
        request: get(['/api/notifications/count']),
        against: select1(CACHED_MIN_RATIO),
        latency: 'read',
      },
      {
        // The queue views' counts: the trigger-kept counters and the bounded at-risk read.
        name: 'ticket view counts',
        server: api,
        request: get(['/api/tickets/views']),
        limit: { databaseUrl, statement: viewCountsStatement(context.agentId), minRatio: READ_MIN_RATIO },
        latency: 'read',
      },
      {
        name: 'dashboard metrics',
        server: api,
        request: get(['/api/dashboard/metrics']),
        against: select1(CACHED_MIN_RATIO),
        latency: 'read',
      },
      {
        // An admin's dashboard also asks for the first-day checklist: one statement of EXISTS probes.
        name: 'onboarding checklist',
        server: api,
        request: get(['/api/admin/onboarding'], { Cookie: context.adminCookie }),
        against: select1(0.5),
      },
      ...Object.entries(BENCH_SEARCH_WORDS).flatMap(([kind, term]): Case[] => [
        {
          // A requester looking before they write: published articles of active categories.
          name: `KB search: ${kind} '${term}'`,
          server: api,
          request: get([`/api/kb/articles/search?q=${encodeURIComponent(term)}`], {
            Cookie: context.userCookie,
          }),
          limit: { databaseUrl, statement: kbSearchStatement(term), minRatio: READ_MIN_RATIO },
          latency: 'read',
        },
        {
          name: `global search: ${kind} '${term}'`,
          server: api,
          request: get([`/api/search?q=${encodeURIComponent(term)}`]),
          limit: {
            databaseUrl,
            statement: globalSearchStatement(term, BENCH_SEARCH_WORD_FREQUENCY[kind as TSearchKind]),
            // As the desk's search pool runs (api/src/search/queries.ts): no parallel workers,
            // whose start costs more than a search's small work.
            settings: { max_parallel_workers_per_gather: '0' },
            minRatio: READ_MIN_RATIO,
          },
          latency: 'read',
        },
      ]),
      {
        // The SLA card: the ticket's deadlines, its policy and calendar (primary keys), the explanation.
        name: 'SLA status (card)',
        server: api,
        request: get(context.openIds.map((id) => `/api/tickets/${id}/sla-status`)),
        against: select1(0.5),
        latency: 'read',
      },
    );
    return cases;
  } finally {
    await sql.end();
  }
}
