import type { PendingQuery, Row } from 'postgres';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { TICKET_VIEW_FILTERS } from '../tickets/view-filters.ts';

/** Where a bounded read stops counting: it reads at most VIEW_COUNT_CAP + 1 index entries. */
export const VIEW_COUNT_CAP = 1000;

/** The nil uuid: the owner of the desk-wide view counters (migration 00067). */
const DESK = '00000000-0000-0000-0000-000000000000';

/** The staff views' counts; at_risk read up to VIEW_COUNT_CAP + 1. */
export type StaffViewCounts = {
  mine: number;
  unassigned: number;
  myTeams: number;
  atRisk: number;
  waiting: number;
  open: number;
  all: number;
};

/**
 * count(*) over at most VIEW_COUNT_CAP + 1 tickets of the filter, read from an index. No order on
 * purpose: the limit stops the read at the cap's last match, where an order an index of another
 * shape cannot give would sort every match first.
 */
const boundedCount = (filter: PendingQuery<Row[]>) => sql`
  (select count(*)::int from (select 1 from tickets t where ${filter} limit ${literalLimit(VIEW_COUNT_CAP + 1)}) b)`;

/**
 * Every staff view's count for `callerId` in one statement: the trigger-kept counters of 00067
 * (summed over their slots; "my teams" over the caller's teams) and the bounded at-risk read.
 */
export async function selectStaffViewCounts(db: Db, callerId: string): Promise<StaffViewCounts> {
  const [row] = await db<StaffViewCounts[]>`
    with c as (
      select c.view, sum(c.tickets)::int as n
      from ticket_view_counters c
      where (c.owner_id = ${DESK} and c.view in ('all', 'open', 'unassigned', 'waiting'))
         or (c.view = 'assignee' and c.owner_id = ${callerId})
         or (c.view = 'team' and c.owner_id in (select m.team_id from team_members m where m.user_id = ${callerId}))
      group by c.view
    )
    select coalesce((select n from c where view = 'assignee'), 0) as mine,
           coalesce((select n from c where view = 'unassigned'), 0) as unassigned,
           coalesce((select n from c where view = 'team'), 0) as "myTeams",
           ${boundedCount(TICKET_VIEW_FILTERS.at_risk(callerId))} as "atRisk",
           coalesce((select n from c where view = 'waiting'), 0) as waiting,
           coalesce((select n from c where view = 'open'), 0) as open,
           coalesce((select n from c where view = 'all'), 0) as all`;
  if (!row) throw new Error('the view counts answered no row');
  return row;
}

/** An end user's open and all tickets, each read up to VIEW_COUNT_CAP + 1 from their requester index. */
export async function selectRequesterViewCounts(
  db: Db,
  requesterId: string,
): Promise<{ open: number; all: number }> {
  const own = sql`t.requester_id = ${requesterId}`;
  const [row] = await db<{ open: number; all: number }[]>`
    select ${boundedCount(sql`${own} and ${TICKET_VIEW_FILTERS.open(requesterId)}`)} as open,
           ${boundedCount(own)} as all`;
  if (!row) throw new Error('the view counts answered no row');
  return row;
}

/** The ids among `ids` that name no ticket, in the order given. */
export async function selectMissingTicketIds(db: Db, ids: readonly string[]): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select i.id from unnest(${ids}::uuid[]) with ordinality i (id, n)
    where not exists (select 1 from tickets t where t.id = i.id)
    order by i.n`;
  return rows.map((row) => row.id);
}
