import type {
  TTicketCategory,
  TTicketPriority,
  TTicketStatus,
  TTicketSummary,
  TTicketView,
} from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import { builtOnce, COMMA, joined, NOTHING } from '../db/fragments.ts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { tsqueryOnce } from '../db/tsquery-once.ts';
import { sql } from '../db.ts';
import type { NumberRange } from '../search/search-terms.ts';
import type { QueueKeyKinds, QueuePosition } from './list-cursor.ts';
import { type RenderedPage, renderedPage, summaryColumns, summaryJoins } from './queries.ts';

type Fragment = PendingQuery<Row[]>;

export type QueueSortKey = 'created' | 'updated' | 'priority' | 'due';

/** What `q` matches, as the search box does (search/search-terms.ts): all the words, or the ticket number. */
export type QueueText = {
  allWords: string | null;
  exactNumber: string | null;
  numberRanges: readonly NumberRange[];
};

/** One queue page's list: the view, its order and every filter, already checked against the caller. */
export type QueueList = {
  view: TTicketView;
  key: QueueSortKey;
  descending: boolean;
  /** The caller: `mine` is theirs, and `my_teams` the teams they are a member of. */
  viewerId: string;
  /** An end user's own tickets, or the staff's requester filter. */
  requesterId: string | null;
  assignee: { id: string } | 'none' | null;
  team: { id: string } | 'none' | null;
  statuses: readonly TTicketStatus[] | null;
  priorities: readonly TTicketPriority[] | null;
  categories: readonly TTicketCategory[] | null;
  text: QueueText | null;
};

/**
 * A queue row with the sort key values its cursor is made of. With `q`, the rows of the read
 * window that match, and the window's last row whether it matches or not (`isWindowEnd`): the
 * next page starts after it.
 */
export type QueueRow = TTicketSummary & {
  cursorPart: 0 | 1;
  cursorKeys: (string | number)[];
  isMatch: boolean;
  isWindowEnd: boolean;
};

/**
 * How many rows of the view a page with `q` reads, in the view's order, before it stops: words
 * are tested row by row (the view's order is kept, no sort), and a page may come back short of
 * its limit, or empty, with a cursor to read on. A few milliseconds at any size (docs/performance.md).
 */
export const QUEUE_TEXT_WINDOW = 5000;

const OPEN_VIEWS = new Set<TTicketView>(['mine', 'unassigned', 'my_teams', 'at_risk', 'waiting', 'open']);

/** The ticket columns a sort key is made of: tickets `t`'s own, or a page row `q`'s (summaryColumns). */
type KeyColumns = {
  createdAt: Fragment;
  updatedAt: Fragment;
  priority: Fragment;
  status: Fragment;
  responseBy: Fragment;
  resolveBy: Fragment;
  respondedAt: Fragment;
};

/** A source's key columns with the index expressions made of them. */
type KeySource = KeyColumns & { name: 't' | 'q'; breachAt: Fragment; priorityRank: Fragment };

// The expressions of the 00063 and 00098 indexes, written exactly as there so the planner matches them.
const keySource = (name: KeySource['name'], c: KeyColumns): KeySource => ({
  ...c,
  name,
  breachAt: sql`ticket_breach_at(${c.status}, ${c.responseBy}, ${c.resolveBy}, ${c.respondedAt})`,
  priorityRank: sql`ticket_priority_rank(${c.priority})`,
});

// Every constant part of a page's statement is built once (db/fragments.ts says why): a page
// needs a few of them, and each built anew would be a Promise per request.
const TICKET_KEYS = keySource('t', {
  createdAt: sql`t.created_at`,
  updatedAt: sql`t.updated_at`,
  priority: sql`t.priority`,
  status: sql`t.status`,
  responseBy: sql`t.sla_response_by`,
  resolveBy: sql`t.sla_resolve_by`,
  respondedAt: sql`t.responded_at`,
});

const PAGE_ROW_KEYS = keySource('q', {
  createdAt: sql`q."createdAt"`,
  updatedAt: sql`q."updatedAt"`,
  priority: sql`q.priority`,
  status: sql`q.status`,
  responseBy: sql`q."slaResponseBy"`,
  resolveBy: sql`q."slaResolveBy"`,
  respondedAt: sql`q."respondedAt"`,
});

const RISK_AT = sql`ticket_risk_at(t.status, t.sla_response_risk_at, t.sla_resolve_risk_at, t.responded_at, t.sla_resolve_by)`;
// A literal (never a parameter), so the planner proves the partial open indexes' predicate.
const IS_OPEN = sql`t.status in ('new', 'in_progress')`;
const AND_OPEN = sql`and ${IS_OPEN}`;
const TICKET_ID = sql`t.id`;
const ASSIGNEE_ID = sql`t.assignee_id`;
const ALWAYS = sql`true`;
const OR = sql` or `;
const BEFORE = sql`<`;
const AFTER = sql`>`;
const VIEW_CONDITIONS: Partial<Record<TTicketView, Fragment>> = {
  unassigned: sql`and t.assignee_id is null`,
  at_risk: sql`and ${RISK_AT} <= now()`,
  waiting: sql`and t.waiting_since is not null`,
};
const TEAM_ID = sql`t.team_id`;
const NO_ASSIGNEE = sql`and t.assignee_id is null`;
const NO_TEAM = sql`and t.team_id is null`;
const DUE_PARTS = {
  withDeadline: sql`and ${TICKET_KEYS.breachAt} is not null`,
  withDeadlineOpen: sql`and ${TICKET_KEYS.breachAt} is not null ${AND_OPEN}`,
  withoutDeadline: sql`and ${TICKET_KEYS.breachAt} is null`,
  withoutDeadlineAnyStatus: sql`and (t.status not in ('new', 'in_progress')
                  or (t.sla_resolve_by is null and (t.responded_at is not null or t.sla_response_by is null)))`,
};

/** The key kinds of a cursor of this sort and part (the id follows them). */
export function queueKeyKinds(key: QueueSortKey, part: 0 | 1): QueueKeyKinds {
  if (key === 'priority') return ['rank', 'time'];
  if (key === 'due' && part === 0) return ['time', 'time'];
  return ['time'];
}

/** The sort key columns of a part before the id, as the cursor holds them (of tickets `t` unless told). */
function keyColumns(key: QueueSortKey, part: 0 | 1, c: KeySource = TICKET_KEYS): Fragment[] {
  switch (key) {
    case 'created':
      return [c.createdAt];
    case 'updated':
      return [c.updatedAt];
    case 'priority':
      return [c.priorityRank, c.createdAt];
    case 'due':
      return part === 0 ? [c.breachAt, c.createdAt] : [c.createdAt];
  }
}

/**
 * The ORDER BY columns: the keys, with the columns an index leads with and the filter holds
 * constant, so the order is visibly the index's. `x is null` makes no equality the planner can
 * drop from an order as it does `x = $1`: the unassigned view's order names assignee_id, and the
 * second due part (no deadline) names the null breach time, of the indexes that start with them.
 */
function orderColumns(list: QueueList, part: 0 | 1): Fragment[] {
  const keys = keyColumns(list.key, part);
  const leading: Fragment[] = [];
  if (list.view === 'unassigned' && (list.key === 'created' || list.key === 'due')) leading.push(ASSIGNEE_ID);
  if (list.key === 'due' && part === 1 && list.view !== 'all') leading.push(TICKET_KEYS.breachAt);
  return [...leading, ...keys, TICKET_ID];
}

const orders = new Map<string, Fragment>();

/** The ORDER BY list of a part, with its direction. */
function orderOf(list: QueueList, part: 0 | 1): Fragment {
  const leading = list.view === 'unassigned' ? 'unassigned' : list.view === 'all' ? 'all' : 'other';
  return builtOnce(orders, `${leading}|${list.key}|${part}|${list.descending}`, () => {
    const direction = list.descending ? sql`desc` : sql`asc`;
    return joined(
      orderColumns(list, part).map((column) => sql`${column} ${direction}`),
      COMMA,
    );
  });
}

function textMatch(text: QueueText): Fragment {
  const ways: Fragment[] = [];
  if (text.allWords !== null) ways.push(sql`t.search_vector @@ ${tsqueryOnce('english', text.allWords)}`);
  if (text.exactNumber !== null) ways.push(sql`t.ticket_number = ${text.exactNumber}`);
  for (const range of text.numberRanges) {
    ways.push(
      sql`(t.ticket_number collate "C" >= ${range.from} and t.ticket_number collate "C" < ${range.to})`,
    );
  }
  return ways.length === 0 ? ALWAYS : sql`(${joined(ways, OR)})`;
}

const equalOrNone = (column: Fragment, isNone: Fragment, value: { id: string } | 'none' | null) =>
  value === null ? NOTHING : value === 'none' ? isNone : sql`and ${column} = ${value.id}`;

/** The view and filters in SQL (without the caller's teams: each is a branch of its own); the counts spell the views in view-filters.ts. */
function listConditions(list: QueueList): Fragment {
  return sql`
    ${OPEN_VIEWS.has(list.view) ? AND_OPEN : NOTHING}
    ${list.view === 'mine' ? sql`and t.assignee_id = ${list.viewerId}` : (VIEW_CONDITIONS[list.view] ?? NOTHING)}
    ${list.requesterId === null ? NOTHING : sql`and t.requester_id = ${list.requesterId}`}
    ${equalOrNone(ASSIGNEE_ID, NO_ASSIGNEE, list.assignee)}
    ${equalOrNone(TEAM_ID, NO_TEAM, list.team)}
    ${list.statuses === null ? NOTHING : sql`and t.status in ${sql(list.statuses)}`}
    ${list.priorities === null ? NOTHING : sql`and t.priority in ${sql(list.priorities)}`}
    ${list.categories === null ? NOTHING : sql`and t.category in ${sql(list.categories)}`}
`;
}

/**
 * The part's own condition: in the due order, tickets with a deadline (all open), then those
 * without. Over every ticket, "no deadline" is spelt out: PostgreSQL has no statistics on the
 * function's value outside the open index and would guess it rare, where it is nearly every
 * closed ticket, and sort instead of walking the created index.
 */
function partCondition(list: QueueList, part: 0 | 1): Fragment {
  if (list.key !== 'due') return NOTHING;
  const isOpenView = OPEN_VIEWS.has(list.view);
  if (part === 0) return isOpenView ? DUE_PARTS.withDeadline : DUE_PARTS.withDeadlineOpen;
  return isOpenView ? DUE_PARTS.withoutDeadline : DUE_PARTS.withoutDeadlineAnyStatus;
}

const afterColumns = new Map<string, Fragment>();

/** Strictly after the cursor in the part's order: a row comparison over the index's own columns. */
function afterCondition(list: QueueList, part: 0 | 1, after: QueuePosition | null): Fragment {
  if (after === null || after.part !== part) return NOTHING;
  const kinds = queueKeyKinds(list.key, part);
  const values = after.keys.map((value, index) =>
    kinds[index] === 'rank' ? sql`${value}::int` : sql`${value}::timestamptz`,
  );
  const columns = builtOnce(afterColumns, `${list.key}|${part}`, () =>
    joined([...keyColumns(list.key, part), TICKET_ID], COMMA),
  );
  return sql`and (${columns}) ${list.descending ? BEFORE : AFTER} (${joined(
    [...values, sql`${after.id}::uuid`],
    COMMA,
  )})`;
}

/** The cursor's key values of a row of this part, as text at full precision (ranks as numbers). */
function cursorKeysColumn(list: QueueList, part: 0 | 1, c: KeySource = TICKET_KEYS): Fragment {
  return builtOnce(cursorKeys, `${list.key}|${part}|${c.name}`, () => {
    const kinds = queueKeyKinds(list.key, part);
    const keys = keyColumns(list.key, part, c).map((column, index) =>
      kinds[index] === 'rank' ? column : sql`${column}::text`,
    );
    return sql`json_build_array(${joined(keys, COMMA)})`;
  });
}

const cursorKeys = new Map<string, Fragment>();

/** The columns a page reads from tickets (each team's branch has the same). */
const BRANCH_COLUMNS: Fragment = sql`
  t.id, t.ticket_number, t.title, t.priority, t.status, t.category, t.requester_id, t.assignee_id,
  t.team_id, t.sla_response_by, t.sla_resolve_by, t.sla_response_risk_at, t.sla_resolve_risk_at,
  t.waiting_since, t.responded_at, t.resolved_at, t.closed_at, t.created_at, t.updated_at`;
const ALL_MATCH_COLUMNS = sql`${BRANCH_COLUMNS}, true as "isMatch"`;
const PARTS = [sql`0::int`, sql`1::int`] as const;
/** A page's rows when the cursor's keys are made from one row (renderedPage): per part. */
const PAGE_ROWS = [
  sql`${summaryColumns()}, ${PARTS[0]} as "cursorPart", t."isMatch"`,
  sql`${summaryColumns()}, ${PARTS[1]} as "cursorPart", t."isMatch"`,
] as const;

/**
 * One part of a page, in its index's order. `my_teams` reads each of the caller's teams as its
 * own ordered, limited read (team_id = X leads the index, so each is a page in index order), and
 * the page is the first `limit` of their union: the sort above them is fed at most
 * teams x limit rows (three teams, a page of 50: 153), however many tickets the teams hold. The
 * teams come from team_members in the same statement, each driving a lateral read of its own, so
 * a page is one round trip and a change of membership shows on the very next page. PostgreSQL
 * cannot merge the reads' index orders itself (a lateral subquery with a LIMIT is not flattened);
 * each read's own ORDER BY and LIMIT is what bounds the sort. `offset 0` keeps the teams' reads a
 * subquery of their own: flattened, the people's joins could move inside each team's loop (a
 * hash of every user per team) instead of running once over the merged rows.
 */
function partPage(
  list: QueueList,
  part: 0 | 1,
  after: QueuePosition | null,
  limit: number,
  withKeys: boolean,
): Fragment {
  const where = sql`${listConditions(list)} ${partCondition(list, part)} ${afterCondition(list, part, after)}`;
  const order = orderOf(list, part);
  const read = list.text === null ? limit : QUEUE_TEXT_WINDOW;
  const columns =
    list.text === null ? ALL_MATCH_COLUMNS : sql`${BRANCH_COLUMNS}, ${textMatch(list.text)} as "isMatch"`;
  const source =
    list.view === 'my_teams'
      ? sql`select t.* from team_members m
            cross join lateral (select ${columns} from tickets t where t.team_id = m.team_id ${where}
                                order by ${order} limit ${literalLimit(read)}) t
            where m.user_id = ${list.viewerId} offset 0`
      : sql`select ${columns} from tickets t where true ${where}`;
  // A rendered page makes its cursor's keys from the one row it names (renderedPage), not here for every row.
  const rows = withKeys
    ? sql`${summaryColumns()}, ${PARTS[part]} as "cursorPart", ${cursorKeysColumn(list, part)} as "cursorKeys", t."isMatch"`
    : PAGE_ROWS[part];
  if (list.text === null) {
    // The page is cut before the people are joined, as with `q` below: when PostgreSQL reads a
    // small view whole and sorts it (the waiting view, a few hundred tickets at a million), the
    // sort then comes before the joins and the people are looked up for the page's rows only,
    // not for every ticket of the view. The outer order keeps the page in order after the joins.
    return sql`
      select ${rows}, false as "isWindowEnd"
      from (select * from (${source}) t order by ${order} limit ${literalLimit(limit)}) t ${summaryJoins()}
      order by ${order}
      limit ${literalLimit(limit)}`;
  }
  // The window in the view's order, numbered as read; its matches and its last row, in that order.
  // The page is cut before the people are joined, and put back in window order after: a join may
  // hand rows back in any order (a hash join did, reversing a page), and this sort holds one page.
  return sql`
    select ${rows}, t.n = ${QUEUE_TEXT_WINDOW} as "isWindowEnd"
    from (
      select m.* from (
        select w.*, row_number() over () as n
        from (select * from (${source}) t order by ${order} limit ${literalLimit(QUEUE_TEXT_WINDOW)}) w
      ) m
      where m."isMatch" or m.n = ${QUEUE_TEXT_WINDOW}
      limit ${literalLimit(limit)}
    ) t ${summaryJoins()}
    order by t.n`;
}

/**
 * One page of a queue (docs/product.md#queues), strictly after the cursor, `limit` rows at most.
 * The due order puts tickets without a deadline last in both directions, which no single index
 * order gives (read backwards, nulls come first): the page is two parts, each read in index
 * order, tickets with a deadline and then those without, glued by UNION ALL under the page's
 * LIMIT. An Append returns its parts in turn, so the second is read only when the first runs
 * short; the cursor says which part it stopped in. (A coalesce(breach, 'infinity') key would sort
 * the same in one part, but it needs a second index for the descending order's '-infinity'.)
 */
function queuePageRows(
  list: QueueList,
  page: { limit: number; after: QueuePosition | null },
  withKeys: boolean,
): Fragment {
  const parts: (0 | 1)[] = list.key !== 'due' ? [0] : page.after?.part === 1 ? [1] : [0, 1];
  if (parts.length === 1) return partPage(list, parts[0] ?? 0, page.after, page.limit, withKeys);
  return sql`
    (${partPage(list, 0, page.after, page.limit, withKeys)})
    union all
    (${partPage(list, 1, page.after, page.limit, withKeys)})
    limit ${literalLimit(page.limit)}`;
}

/** The same page as rows (the bench walks queues with it). */
export function selectQueuePage(
  db: Db,
  list: QueueList,
  page: { limit: number; after: QueuePosition | null },
): Promise<QueueRow[]> {
  return db<QueueRow[]>`${queuePageRows(list, page, true)}`;
}

/** What a queue's next cursor is made of: its row's part, sort keys and id (QueueRow's cursor columns). */
export type QueueMark = Pick<QueueRow, 'id' | 'cursorPart' | 'cursorKeys'>;

/**
 * The cursor's keys of the page row `q` (renderedPage's mark): the same values cursorKeysColumn
 * gives the ticket, from the row's own columns, in the part the row came from.
 */
function markKeys(list: QueueList): Fragment {
  if (list.key !== 'due') return cursorKeysColumn(list, 0, PAGE_ROW_KEYS);
  return sql`case when q."cursorPart" = 0 then ${cursorKeysColumn(list, 0, PAGE_ROW_KEYS)}
                  else ${cursorKeysColumn(list, 1, PAGE_ROW_KEYS)} end`;
}

/** The mark of a page row (renderedPage), per sort key. */
function markOf(list: QueueList): Fragment {
  return builtOnce(
    marks,
    list.key,
    () => sql`json_build_object('id', q.id, 'cursorPart', q."cursorPart", 'cursorKeys', ${markKeys(list)})`,
  );
}

const marks = new Map<string, Fragment>();

/**
 * One page of a queue, rendered (renderedPage): at most `size` rows, read one past it, and what
 * the next page's cursor is made of.
 */
export async function selectQueuePageText(
  db: Db,
  list: QueueList,
  page: { size: number; after: QueuePosition | null },
): Promise<RenderedPage<QueueMark>> {
  const [row] = await db<RenderedPage<QueueMark>[]>`${queuePageTextStatement(list, page)}`;
  return row ?? { tickets: '[]', next: null };
}

/** selectQueuePageText's statement, built and not run. */
export function queuePageTextStatement(
  list: QueueList,
  page: { size: number; after: QueuePosition | null },
): Fragment {
  const rows = queuePageRows(list, { limit: page.size + 1, after: page.after }, false);
  return renderedPage(rows, page.size, markOf(list));
}
