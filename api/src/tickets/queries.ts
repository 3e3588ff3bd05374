import type {
  TAssignmentOptions,
  TSettingsLanguage,
  TTicketCategory,
  TTicketEventType,
  TTicketPriority,
  TTicketStatus,
  TTriggerAppliedAction,
} from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import { COMMA, joined, NOTHING, whereAnyRowIn } from '../db/fragments.ts';
import { isoText } from '../db/iso-text.ts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { Recipient } from '../email/prepare.ts';
import { type RateCell, rateCellTake } from '../limits/queries.ts';
import {
  type ActivePolicy,
  activePoliciesColumn,
  matchingPolicy,
  type PolicyRow,
  policyById,
} from '../sla/queries.ts';
import { enabledRulesColumn } from '../triggers/queries.ts';
import type { TriggerRule } from '../triggers/rules.ts';
import { anyWebhookEnabledColumn } from '../webhooks/queries.ts';
import type { SlaColumns, SlaState } from './hold.ts';

type Fragment = PendingQuery<Row[]>;

/** Who is reading: staff see every ticket and internal notes; an end user only their own tickets, no internal notes. */
export type TicketScope = { requesterId: string | null; includeInternal: boolean };

/*
 * The statements' constant parts are built once, as module constants. Each sql`...` fragment is a
 * postgres.js Query, a Promise with three closures of its own: the ticket page built about forty
 * of them per request, and under load the garbage of requests in flight outlived the young
 * generation and piled up until a full collection (docs/performance.md#api-process). A fragment
 * never runs by itself, and one fragment may sit in any number of statements.
 */

const SUMMARY_COLUMNS = sql`
  t.id, t.ticket_number as "ticketNumber", t.title, t.priority, t.status, t.category,
  t.requester_id as "requesterId", t.assignee_id as "assigneeId", t.team_id as "teamId",
  t.sla_response_by as "slaResponseBy", t.sla_resolve_by as "slaResolveBy",
  t.sla_response_risk_at as "slaResponseRiskAt", t.sla_resolve_risk_at as "slaResolveRiskAt",
  t.waiting_since as "waitingSince",
  t.responded_at as "respondedAt", t.resolved_at as "resolvedAt", t.closed_at as "closedAt",
  t.created_at as "createdAt", t.updated_at as "updatedAt",
  json_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email)
    as requester,
  case when a.id is null then null
       else json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) end
    as assignee`;

/** A list row's columns (tickets t, requester r, assignee a). */
export const summaryColumns = (): Fragment => SUMMARY_COLUMNS;

const SUMMARY_JOINS = sql`
  join users r on r.id = t.requester_id
  left join users a on a.id = t.assignee_id`;

/** The people a list row names. */
export const summaryJoins = (): Fragment => SUMMARY_JOINS;

/** An end user's scope in SQL: requester_id = $me. Staff: no restriction. */
const scoped = (scope: TicketScope) =>
  scope.requesterId === null ? NOTHING : sql`and t.requester_id = ${scope.requesterId}`;

export type TicketListFilters = {
  requesterId: string | null;
  statuses: readonly TTicketStatus[] | null;
  priorities: readonly TTicketPriority[] | null;
};

/**
 * The list's rows, newest first: (created_at, id) strictly after the cursor. Every filter
 * combination has an index in that order (00005, 00012), so a page costs the same at any size.
 */
function ticketPageRows(
  filters: TicketListFilters,
  page: { limit: number; after: { at: string; id: string } | null },
): Fragment {
  return sql`
    select ${summaryColumns()}, true as "isMatch", false as "isWindowEnd"
    from tickets t ${summaryJoins()}
    where true
      ${filters.requesterId === null ? NOTHING : sql`and t.requester_id = ${filters.requesterId}`}
      ${filters.statuses === null ? NOTHING : sql`and t.status in ${sql(filters.statuses)}`}
      ${filters.priorities === null ? NOTHING : sql`and t.priority in ${sql(filters.priorities)}`}
      ${page.after === null ? NOTHING : sql`and (t.created_at, t.id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`}
    order by t.created_at desc, t.id desc
    limit ${literalLimit(page.limit)}`;
}

/**
 * TTicketSummary's columns over a list row `q` (summaryColumns), for a row rendered with
 * row_to_json or json_agg: exactly the contract's keys, dates as the API writes them. A row turns
 * into compact JSON faster than json_build_object builds the same object (a quarter more list
 * pages a second in PostgreSQL, docs/performance.md#pages-rendered-by-postgresql).
 */
const SUMMARY_JSON_COLUMNS = sql`
  q.id, q."ticketNumber", q.title, q.priority, q.status, q.category, q."requesterId", q."assigneeId", q."teamId",
  ${isoText(sql`q."slaResponseBy"`)} as "slaResponseBy", ${isoText(sql`q."slaResolveBy"`)} as "slaResolveBy",
  ${isoText(sql`q."slaResponseRiskAt"`)} as "slaResponseRiskAt",
  ${isoText(sql`q."slaResolveRiskAt"`)} as "slaResolveRiskAt",
  ${isoText(sql`q."waitingSince"`)} as "waitingSince", ${isoText(sql`q."respondedAt"`)} as "respondedAt",
  ${isoText(sql`q."resolvedAt"`)} as "resolvedAt", ${isoText(sql`q."closedAt"`)} as "closedAt",
  ${isoText(sql`q."createdAt"`)} as "createdAt", ${isoText(sql`q."updatedAt"`)} as "updatedAt",
  q.requester, q.assignee`;
const summaryJsonColumns = (): Fragment => SUMMARY_JSON_COLUMNS;

const READ_SO_FAR = sql`not q."isPastEnd"`;

/**
 * A page rendered by PostgreSQL (docs/performance.md#pages-rendered-by-postgresql), one row:
 * `tickets`, the JSON text of the page's rows as TTicketSummary, and `next`, what the next page's
 * cursor is made of (`mark`, over row `q`), or null when there is no next page. `rows` is a page
 * statement (the list's or a queue's) read one row past `size`. Its rows are numbered as they come,
 * with a running count of matches and whether a window end came before (window frames over the
 * input order: no sort), and the page is aggregated by that number: the read stops at the first
 * window end (`isWindowEnd`, a queue with `q`), and of the rows up to there, the first `size` that
 * match. The aggregates' order sorts at most size + 1 rows. The cursor is the page's last match
 * when more match after it, else the window end the read stopped at: `mark` is evaluated for that
 * one row (an aggregate's FILTER comes before its argument), never once per row read.
 */
export function renderedPage(rows: Fragment, size: number, mark: Fragment): Fragment {
  return sql`
    select coalesce(json_agg(r order by q.n)
                      filter (where q."isMatch" and ${READ_SO_FAR} and q."matchRank" <= ${literalLimit(size)}),
                    '[]')::text as tickets,
           case when count(*) filter (where q."isMatch" and ${READ_SO_FAR}) > ${literalLimit(size)}
                then (array_agg(${mark}) filter (where q."isMatch" and ${READ_SO_FAR} and q."matchRank" = ${literalLimit(size)}))[1]
                else (array_agg(${mark}) filter (where q."isWindowEnd" and ${READ_SO_FAR}))[1]
           end as next
    from (
      select q.*, row_number() over upto as n,
             count(*) filter (where q."isMatch") over upto as "matchRank",
             coalesce(bool_or(q."isWindowEnd") over before, false) as "isPastEnd"
      from (${rows}) q
      window upto as (rows between unbounded preceding and current row),
             before as (rows between unbounded preceding and 1 preceding)
    ) q
    cross join lateral (select ${summaryJsonColumns()}) r`;
}

/** A rendered page: the rows' JSON text and what the next page's cursor is made of (none: the last page). */
export type RenderedPage<Mark> = { tickets: string; next: Mark | null };

/** What the plain list's cursor needs of its row: its full-precision created_at and id. */
export type PlainMark = { cursorAt: string; id: string };

/**
 * One page of the list, newest first, rendered (renderedPage): `size` rows, read one past it so
 * the caller knows whether there is a next page.
 */
export async function selectTicketPageText(
  db: Db,
  filters: TicketListFilters,
  page: { size: number; after: { at: string; id: string } | null },
): Promise<RenderedPage<PlainMark>> {
  const rows = ticketPageRows(filters, { limit: page.size + 1, after: page.after });
  const [row] = await db<RenderedPage<PlainMark>[]>`${renderedPage(rows, page.size, PLAIN_MARK)}`;
  return row ?? { tickets: '[]', next: null };
}

const PLAIN_MARK = sql`json_build_object('cursorAt', q."createdAt"::text, 'id', q.id)`;

/** The ticket `t`'s "Follow-up of" link: a follow-up always has its old ticket's requester, so any scope that sees `t` may see it. */
const FOLLOW_UP_OF_COLUMN = sql`
  (select json_build_object('id', o.id, 'ticketNumber', o.ticket_number)
   from tickets o where o.id = t.follow_up_of) as "followUpOf"`;
const followUpOfColumn = (): Fragment => FOLLOW_UP_OF_COLUMN;

/**
 * The whole ticket page in one statement: the ticket with its people and team, and, as JSON
 * arrays, its comments, attachments and timeline, each oldest first read in that order from its
 * (ticket_id, created_at, id) index (no sort, however long the thread). One round trip instead
 * of four. Without internal access (an end user) internal comments, internal attachments (a
 * mailed message's original) and every event about one are left out, and someone else's ticket
 * is no row at all. The follow-ups an end user sees are their own: the ticket's requester's,
 * since the scope admits only their own tickets.
 */
function detailSelect(includeInternal: boolean, ownFollowUpsOnly: boolean): Fragment {
  const internalComments = includeInternal ? NOTHING : sql`and not c.is_internal`;
  const internalAttachments = includeInternal ? NOTHING : sql`and not f.is_internal`;
  const internalEvents = includeInternal
    ? NOTHING
    : sql`and coalesce(e.event_data ->> 'isInternal', 'false') <> 'true'`;
  const followUpsScope = ownFollowUpsOnly ? sql`and f.requester_id = t.requester_id` : NOTHING;
  return sql`
    select ${summaryColumns()}, t.description, t.notify_requester as "notifyRequester",
           case when tm.id is null then null else json_build_object('id', tm.id, 'name', tm.name) end as team,
           (select coalesce(json_agg(c), '[]') from (
              select c.id, c.ticket_id as "ticketId", c.content, c.is_internal as "isInternal",
                     ${isoText(sql`c.created_at`)} as "createdAt", ${isoText(sql`c.updated_at`)} as "updatedAt",
                     json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                                       'profileImageUrl', u.profile_image_url) as author
              from ticket_comments c join users u on u.id = c.author_id
              where c.ticket_id = t.id ${internalComments}
              order by c.created_at, c.id
            ) c) as comments,
           (select coalesce(json_agg(f), '[]') from (
              select f.id, f.ticket_id as "ticketId", f.file_name as "fileName", f.file_size as "fileSize",
                     f.file_type as "fileType", ${isoText(sql`f.created_at`)} as "createdAt",
                     json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as "uploadedBy"
              from attachments f join users u on u.id = f.uploaded_by_id
              where f.ticket_id = t.id ${internalAttachments}
              order by f.created_at, f.id
            ) f) as attachments,
           (select coalesce(json_agg(e), '[]') from (
              select e.id, e.event_type as "eventType", e.event_data as "eventData",
                     ${isoText(sql`e.created_at`)} as "createdAt",
                     case when u.id is null then null
                          else json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) end
                       as user
              from ticket_events e left join users u on u.id = e.user_id
              where e.ticket_id = t.id ${internalEvents}
              order by e.created_at, e.id
            ) e) as events,
           ${followUpOfColumn()},
           (select coalesce(json_agg(json_build_object('id', f.id, 'ticketNumber', f.ticket_number)
                                     order by f.created_at, f.id), '[]')
            from tickets f
            where f.follow_up_of = t.id ${followUpsScope}
           ) as "followUps"
    from tickets t ${summaryJoins()}
    left join teams tm on tm.id = t.team_id`;
}

/** detailSelect for each kind of scope, built once: staff (everything) and end users (their own, nothing internal). */
const DETAIL_SELECTS = {
  staff: detailSelect(true, false),
  endUser: detailSelect(false, true),
  internalOwn: detailSelect(true, true),
  publicAll: detailSelect(false, false),
};

/** The ticket page's select for a scope (one of DETAIL_SELECTS), without its WHERE. */
function ticketDetailSelect(scope: TicketScope): Fragment {
  const own = scope.requesterId !== null;
  if (scope.includeInternal) return own ? DETAIL_SELECTS.internalOwn : DETAIL_SELECTS.staff;
  return own ? DETAIL_SELECTS.endUser : DETAIL_SELECTS.publicAll;
}

function ticketDetailRow(id: string, scope: TicketScope): Fragment {
  return sql`${ticketDetailSelect(scope)} where t.id = ${id} ${scoped(scope)}`;
}

/** The detail (ticketDetailRow, as `q`) as TTicketDetail's row: exactly the contract's keys. */
const detailJsonRow = (id: string, scope: TicketScope) => sql`
  select ${summaryJsonColumns()}, q.description, q."notifyRequester", q.team, q.comments, q.attachments,
         q.events, q."followUpOf", q."followUps"
  from (${ticketDetailRow(id, scope)}) q`;

/** The ticket page's statement: one row, `body`, the page's JSON text; none when the ticket is not the scope's. */
export const ticketDetailStatement = (id: string, scope: TicketScope): Fragment =>
  sql`select row_to_json(r)::text as body from (${detailJsonRow(id, scope)}) r`;

/** The ticket page as the viewer may see it, rendered (the JSON text GET /api/tickets/{id} answers); null when not theirs. */
export async function selectTicketDetailText(db: Db, id: string, scope: TicketScope): Promise<string | null> {
  const [row] = await db<{ body: string }[]>`${ticketDetailStatement(id, scope)}`;
  return row?.body ?? null;
}

/** The fields a change is decided on. */
export type TicketState = {
  id: string;
  ticketNumber: string;
  title: string;
  status: TTicketStatus;
  priority: TTicketPriority;
  category: TTicketCategory;
  requesterId: string;
  assigneeId: string | null;
  teamId: string | null;
  notifyRequester: boolean;
};

const stateColumns = () => sql`
  t.id, t.ticket_number as "ticketNumber", t.title, t.status, t.priority, t.category,
  t.requester_id as "requesterId", t.assignee_id as "assigneeId", t.team_id as "teamId",
  t.notify_requester as "notifyRequester"`;

/** A ticket's SLA state and its creation time (SlaColumns), with its own policy and calendar as `policy`. */
export type TicketSlaContext = SlaColumns & { createdAt: string; policy: PolicyRow | null };

/** TicketSlaContext's columns of ticket `t` but its policy. */
const slaStateColumns = () => sql`
  t.created_at as "createdAt", t.sla_policy_id as "slaPolicyId",
  t.sla_response_by as "slaResponseBy", t.sla_resolve_by as "slaResolveBy",
  t.sla_response_risk_at as "slaResponseRiskAt", t.sla_resolve_risk_at as "slaResolveRiskAt",
  t.sla_paused_minutes as "slaPausedMinutes", t.waiting_since as "waitingSince",
  t.waiting_until as "waitingUntil", t.waiting_resolve_by as "waitingResolveBy"`;

/** Ticket `t`'s policy with its calendar by id (one primary-key look-up), as `policy`. */
const ticketPolicyColumn = () => sql`${policyById(sql`t.sla_policy_id`)} as policy`;

/** TicketSlaContext's columns of ticket `t`. */
const slaContextColumns = () => sql`${slaStateColumns()}, ${ticketPolicyColumn()}`;

/** The assignments that write a ticket's SLA state (all of its columns). */
export const slaAssignments = (state: SlaState) => {
  const at = (ms: number | null) => (ms === null ? null : new Date(ms));
  return sql`
    sla_policy_id = ${state.policyId}, sla_response_by = ${at(state.responseBy)},
    sla_resolve_by = ${at(state.resolveBy)}, sla_response_risk_at = ${at(state.responseRiskAt)},
    sla_resolve_risk_at = ${at(state.resolveRiskAt)}, sla_paused_minutes = ${state.pausedMinutes},
    waiting_since = ${at(state.waitingSince)}, waiting_until = ${at(state.waitingUntil)},
    waiting_resolve_by = ${at(state.waitingResolveBy)}`;
};

/** What a hold is decided on: the locked ticket's status and SLA state, its response and resolution times. */
export type TicketHoldContext = TicketState &
  TicketSlaContext & {
    respondedAt: string | null;
    resolvedAt: string | null;
    /** The row's version as read (its xmin): a write that names it happens only if nobody changed the row since. */
    version: string;
  };

const HOLD_CONTEXT_COLUMNS = sql`t.responded_at as "respondedAt", t.resolved_at as "resolvedAt", t.xmin::text as version`;

/** What selectTicketHoldContext answers: its policy is absent when it was not asked for. */
export type TicketHoldContextRead = Omit<TicketHoldContext, 'policy'> & { policy?: PolicyRow | null };

/**
 * The ticket with its SLA state, for a hold's start or end; with `forUpdate` locked until the
 * transaction ends, so a concurrent resume, reply or sweep waits and then sees the hold already
 * ended. Its policy and calendar only `withPolicy` (a caller holding the active policies has them).
 * Null when missing.
 */
export async function selectTicketHoldContext(
  db: Db,
  id: string,
  options: { forUpdate: boolean; withPolicy: boolean },
): Promise<TicketHoldContextRead | null> {
  const [row] = await db<TicketHoldContextRead[]>`
    select ${stateColumns()}, ${slaStateColumns()}, ${HOLD_CONTEXT_COLUMNS}
      ${options.withPolicy ? sql`, ${ticketPolicyColumn()}` : NOTHING}
    from tickets t where t.id = ${id}
    ${options.forUpdate ? sql`for update of t` : NOTHING}`;
  return row ?? null;
}

/**
 * Up to `limit` tickets whose hold's date has come at `now`, earliest first, through
 * tickets_waiting_until_idx, locked until the transaction ends; rows a concurrent writer holds are
 * skipped (the next round takes them).
 */
export function selectDueHoldsForUpdate(
  db: Db,
  options: { now: Date; limit: number },
): Promise<TicketHoldContext[]> {
  return db<TicketHoldContext[]>`
    select ${stateColumns()}, ${slaContextColumns()}, ${HOLD_CONTEXT_COLUMNS}
    from tickets t
    where t.waiting_until <= ${options.now}
    order by t.waiting_until
    limit ${options.limit}
    for update of t skip locked`;
}

/** The ticket if the scope may see it; null for a missing ticket and for someone else's alike. */
export async function selectTicketState(db: Db, id: string, scope: TicketScope): Promise<TicketState | null> {
  const [row] = await db<TicketState[]>`
    select ${stateColumns()} from tickets t where t.id = ${id} ${scoped(scope)}`;
  return row ?? null;
}

/** Same, locking the row until the transaction ends, so concurrent changes apply one after the other. */
export async function selectTicketStateForUpdate(db: Db, id: string): Promise<TicketState | null> {
  const [row] = await db<
    TicketState[]
  >`select ${stateColumns()} from tickets t where t.id = ${id} for update`;
  return row ?? null;
}

/**
 * An active user's id by their confirmed email, whatever its case: an address nobody has confirmed
 * names nobody (docs/security.md#verified-addresses). At most one row, by users_email_lower_key.
 */
export async function selectActiveUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    select id from users
    where lower(email) = lower(${email}) and email_verified_at is not null and status = 'active'`;
  return row?.id ?? null;
}

/** An active user's id when they may be named a requester: the rules of selectActiveUserIdByEmail, by id. */
export async function selectActiveUserIdById(db: Db, id: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    select id from users where id = ${id} and email_verified_at is not null and status = 'active'`;
  return row?.id ?? null;
}

/** The columns a new ticket's answer is built from (its search vector is left out). */
const NEW_TICKET_COLUMNS = sql`
  id, ticket_number, title, priority, status, category, requester_id, assignee_id, team_id,
  sla_response_by, sla_resolve_by, sla_response_risk_at, sla_resolve_risk_at, waiting_since,
  responded_at, resolved_at, closed_at, created_at, updated_at, description, notify_requester, follow_up_of`;

/** A ticket to file; its id is chosen by the caller, so every row the filing writes can name it up front. */
export type NewTicket = {
  id: string;
  /** Drawn up front (selectNewTicketMailContext) when a message must name it; null lets the insert draw it. */
  ticketNumber: string | null;
  title: string;
  description: string;
  priority: TTicketPriority;
  category: TTicketCategory;
  requesterId: string;
  notifyRequester: boolean;
  /** The old ticket a requester's late reply opens this one for; absent or null for a ticket filed as such. */
  followUpOf?: string | null;
  /** The team it starts with (a support mailbox's, or a trigger's); absent or null for none. */
  teamId?: string | null;
  /** Its assignee when a trigger gave it one; absent or null for none. */
  assigneeId?: string | null;
};

/** A new ticket's SLA: its creation instant and the deadlines counted from it (service.ts computes them). */
export type NewTicketSla = { createdAt: number; state: SlaState };

const TICKET_NUMBER_COLUMN = sql`ticket_number,`;

/**
 * The INSERT of a new ticket, as the body of a data-modifying CTE: its created_at is the instant its
 * deadlines were counted from, so the two agree. Returns the columns newTicketDetailSelect answers from.
 */
export function ticketInsert(ticket: NewTicket, sla: NewTicketSla): PendingQuery<Row[]> {
  const at = (ms: number | null) => (ms === null ? null : new Date(ms));
  return sql`
    insert into tickets (
      ${ticket.ticketNumber === null ? NOTHING : TICKET_NUMBER_COLUMN}
      id, title, description, priority, category, requester_id, notify_requester, follow_up_of, team_id,
      assignee_id, created_at, updated_at, sla_policy_id, sla_response_by, sla_resolve_by, sla_response_risk_at,
      sla_resolve_risk_at
    ) values (
      ${ticket.ticketNumber === null ? NOTHING : sql`${ticket.ticketNumber},`}
      ${ticket.id}, ${ticket.title}, ${ticket.description}, ${ticket.priority}, ${ticket.category},
      ${ticket.requesterId}, ${ticket.notifyRequester}, ${ticket.followUpOf ?? null}, ${ticket.teamId ?? null},
      ${ticket.assigneeId ?? null}, ${at(sla.createdAt)}, ${at(sla.createdAt)}, ${sla.state.policyId}, ${at(sla.state.responseBy)},
      ${at(sla.state.resolveBy)}, ${at(sla.state.responseRiskAt)}, ${at(sla.state.resolveRiskAt)}
    )
    returning ${NEW_TICKET_COLUMNS}`;
}

/**
 * A new ticket as its creator sees it, built from the rows its statement wrote (CTE `t` over
 * ticketInsert, `eventsCte` over eventsInsert): a new ticket has no comments or attachments, and
 * its events need not be read again. `more` adds FROM items (the statement's announcements).
 */
export function newTicketDetailSelect(eventsCte: string, more: PendingQuery<Row[]>): PendingQuery<Row[]> {
  return sql`
    select ${summaryColumns()}, t.description, t.notify_requester as "notifyRequester",
           case when tm.id is null then null else json_build_object('id', tm.id, 'name', tm.name) end as team,
           '[]'::json as comments, '[]'::json as attachments,
           (select json_agg(json_build_object(
                     'id', e.id, 'eventType', e.event_type, 'eventData', e.event_data,
                     'createdAt', ${isoText(sql`e.created_at`)},
                     'user', case when eu.id is null then null
                                  else json_build_object('id', eu.id, 'firstName', eu.first_name,
                                                         'lastName', eu.last_name) end)
                   order by e.created_at, e.id)
            from ${sql(eventsCte)} e left join users eu on eu.id = e.user_id) as events,
           ${followUpOfColumn()}, '[]'::json as "followUps"
    from t ${summaryJoins()}
    left join teams tm on tm.id = t.team_id
    ${more}`;
}

/** What a new ticket's confirmation is written from, read before the ticket is filed: its number, drawn now, the requester and the mail settings. */
export type NewTicketMailContext = {
  ticketNumber: string;
  requester: Recipient;
  /** The saved settings; null while nobody has saved any (the defaults apply). */
  emailNotifications: boolean | null;
  companyName: string | null;
  /** The desk's language, for a requester who chose none. */
  language: TSettingsLanguage | null;
};

/**
 * Draws the next ticket number (the column's own default, next_ticket_number()) before the insert,
 * so the confirmation a new ticket sends can be rendered up front and stored by the ticket's own
 * statement. A number drawn for an insert that then fails is a gap, as a failed insert leaves today.
 * With `take` (the creator's filing budget, when no earlier statement spent it) the statement
 * spends it first and draws no number when it is refused: `isTaken` says which.
 */
export async function selectNewTicketMailContext(
  db: Db,
  requesterId: string,
  take: RateCell | null = null,
): Promise<(NewTicketMailContext & { isTaken: boolean }) | null> {
  const isTaken = take === null ? sql`true` : sql`exists (select from taken)`;
  const [row] = await db<(NewTicketMailContext & { isTaken: boolean })[]>`
    ${take === null ? NOTHING : sql`with taken as (${rateCellTake(take)})`}
    select case when ${isTaken} then next_ticket_number() end as "ticketNumber",
           json_build_object('email', r.email, 'firstName', r.first_name,
                             'emailVerified', r.email_verified_at is not null, 'language', r.language) as requester,
           s.email_notifications as "emailNotifications", s.company_name as "companyName", s.language,
           ${isTaken} as "isTaken"
    from users r
    left join settings s on true
    where r.id = ${requesterId}`;
  return row ?? null;
}

/** What a change is decided and written from: the locked ticket, the names its events record, the requester and the settings. */
export type TicketChangeContext = TicketState &
  TicketSlaContext & {
    /** The policy that matches the requested priority and team (only when asked: a priority or team change). */
    matchedPolicy: PolicyRow | null;
    /** The current assignee's and team's names (a former one may no longer be active). */
    assigneeName: string | null;
    teamName: string | null;
    /** The requested assignee's name when they are an active agent or admin, the requested team's when it is active. */
    requestedAssigneeName: string | null;
    requestedTeamName: string | null;
    requester: Recipient & { id: string };
    /** How many times the ticket has become resolved so far (only when asked; 0 otherwise). */
    resolutions: number;
    /** The saved settings; null while nobody has saved any (the defaults apply). */
    requireApproval: boolean | null;
    emailNotifications: boolean | null;
    companyName: string | null;
    language: TSettingsLanguage | null;
    /** The enabled triggers, when asked for (withRules); null otherwise. */
    triggerRules: TriggerRule[] | null;
    /** Whether any webhook is enabled, when asked for (withWebhookState); null otherwise. */
    isAnyWebhookEnabled: boolean | null;
  };

/**
 * The ticket locked until the transaction ends (concurrent changes apply one after the other),
 * with everything its change is decided on, in one statement. Null for a missing ticket.
 */
export async function selectTicketChangeContextForUpdate(
  db: Db,
  id: string,
  requested: {
    assigneeId: string | null;
    teamId: string | null;
    isResolving: boolean;
    /** Match the policy for this priority and team (team undefined: the ticket's own); null: no match needed. */
    match: { priority: TTicketPriority | null; teamId: string | null | undefined } | null;
    /** Read the enabled triggers too (this process keeps no copy of them). */
    withRules?: boolean;
    /** Read whether any webhook is enabled too (this process keeps no current answer). */
    withWebhookState?: boolean;
  },
): Promise<TicketChangeContext | null> {
  const match = requested.match;
  const [row] = await db<TicketChangeContext[]>`
    select ${stateColumns()}, ${slaContextColumns()},
           ${
             match === null
               ? sql`null::json`
               : matchingPolicy({
                   priority: match.priority === null ? sql`t.priority` : sql`${match.priority}`,
                   teamId: match.teamId === undefined ? sql`t.team_id` : sql`${match.teamId}::uuid`,
                   category: sql`t.category`,
                 })
           } as "matchedPolicy",
           (select u.first_name || ' ' || u.last_name from users u where u.id = t.assignee_id) as "assigneeName",
           (select tm.name from teams tm where tm.id = t.team_id) as "teamName",
           (select u.first_name || ' ' || u.last_name from users u
            where u.id = ${requested.assigneeId} and u.status = 'active' and u.role in ('agent', 'admin'))
             as "requestedAssigneeName",
           (select tm.name from teams tm where tm.id = ${requested.teamId} and tm.is_active) as "requestedTeamName",
           json_build_object('id', r.id, 'email', r.email, 'firstName', r.first_name,
                             'emailVerified', r.email_verified_at is not null, 'language', r.language) as requester,
           ${
             requested.isResolving
               ? sql`(select count(*) from ticket_events e
                      where e.ticket_id = t.id and e.event_type = 'status_changed'
                        and e.event_data ->> 'to' = 'resolved')::int`
               : sql`0`
           } as resolutions,
           s.require_approval as "requireApproval", s.email_notifications as "emailNotifications",
           s.company_name as "companyName", s.language,
           ${requested.withRules ? enabledRulesColumn() : sql`null::json`} as "triggerRules",
           ${requested.withWebhookState ? anyWebhookEnabledColumn() : sql`null::boolean`} as "isAnyWebhookEnabled"
    from tickets t
    join users r on r.id = t.requester_id
    left join settings s on true
    where t.id = ${id}
    for update of t`;
  return row ?? null;
}

/** A change of status, priority, assignee and/or team; see ticketUpdate. */
export type TicketUpdate = {
  status: TTicketStatus;
  priority: TTicketPriority;
  /** Only a trigger changes it; absent leaves it. */
  category?: TTicketCategory;
  assigneeId: string | null;
  teamId: string | null;
  /** The SLA state to write (deadlines recomputed, a hold ended); null leaves it. */
  sla: SlaState | null;
  markResponded: boolean;
};

/**
 * The UPDATE of a change. `sla` writes the SLA state service.ts worked out (a new priority or
 * team recomputes the deadlines, resolving ends a hold); resolved and closed set their times (kept if already set) and reopening clears them;
 * markResponded sets respondedAt if it is still empty.
 */
export const ticketUpdate = (id: string, next: TicketUpdate) => sql`
  update tickets t set
    status = ${next.status},
    priority = ${next.priority},
    ${next.category === undefined ? sql`` : sql`category = ${next.category},`}
    assignee_id = ${next.assigneeId},
    team_id = ${next.teamId},
    ${next.sla === null ? sql`` : sql`${slaAssignments(next.sla)},`}
    resolved_at = case when ${next.status} in ('resolved', 'closed') then coalesce(t.resolved_at, now()) end,
    closed_at = case when ${next.status} = 'closed' then coalesce(t.closed_at, now()) end,
    responded_at = case when ${next.markResponded}::boolean then coalesce(t.responded_at, now())
                        else t.responded_at end
  where t.id = ${id}`;

/** Applies a change (ticketUpdate) in a statement of its own. */
export async function updateTicket(db: Db, id: string, next: TicketUpdate): Promise<void> {
  await db`${ticketUpdate(id, next)}`;
}

/** What a comment is decided on: its ticket (when the scope may see it), the requester, the author's name and the mail settings. */
export type CommentContext = TicketState &
  TicketSlaContext & {
    requester: Recipient & { id: string };
    authorName: string;
    resolvedAt: string | null;
    /** The saved settings; null while nobody has saved any (the defaults apply). */
    emailNotifications: boolean | null;
    companyName: string | null;
    language: TSettingsLanguage | null;
    reopenWindowDays: number | null;
    /** The enabled triggers, when asked for (withRules); null otherwise. */
    triggerRules: TriggerRule[] | null;
    /** Whether any webhook is enabled, when asked for (withWebhookState); null otherwise. */
    isAnyWebhookEnabled: boolean | null;
    /** Whether the read spent its take's cell: null when it had none or its condition did not hold. */
    isRateTaken: boolean | null;
  };

/**
 * A comment's budget spent by its context read (rateCellTake), only on a ticket the scope may see,
 * and with `isOnlyWhileOpen` only on one neither resolved, closed nor waiting on its requester: a
 * reply to such a ticket may be decided again on the locked row, whose transaction then spends it.
 */
export type ContextTake = { cell: RateCell; isOnlyWhileOpen: boolean };

/**
 * The context of a comment on a ticket the scope may see, in one statement; null for a missing
 * ticket and for someone else's alike. `isLocking` holds the ticket row until the transaction ends,
 * for a reply that may reopen it: its status and resolvedAt cannot change under the decision.
 * `take` spends the comment's budget in the same statement (ContextTake).
 */
export async function selectCommentContext(
  db: Db,
  ticketId: string,
  authorId: string,
  scope: TicketScope,
  isLocking = false,
  withRules = false,
  withWebhookState = false,
  take: ContextTake | null = null,
): Promise<CommentContext | null> {
  const whileOpen = sql`and t.status not in ('resolved', 'closed') and t.waiting_since is null`;
  const takeCtes =
    take === null
      ? sql``
      : sql`
    with tried as (
      select exists (select from tickets t where t.id = ${ticketId} ${scoped(scope)}
                     ${take.isOnlyWhileOpen ? whileOpen : sql``}) as ok),
    taken as (${rateCellTake(take.cell, sql`(select ok from tried)`)})`;
  const [row] = await db<CommentContext[]>`
    ${takeCtes}
    select ${stateColumns()}, ${slaContextColumns()}, t.resolved_at as "resolvedAt",
           json_build_object('id', r.id, 'email', r.email, 'firstName', r.first_name,
                             'emailVerified', r.email_verified_at is not null, 'language', r.language) as requester,
           (select trim(a.first_name || ' ' || a.last_name) from users a where a.id = ${authorId}) as "authorName",
           s.email_notifications as "emailNotifications", s.company_name as "companyName", s.language,
           s.reopen_window_days as "reopenWindowDays",
           ${withRules ? enabledRulesColumn() : sql`null::json`} as "triggerRules",
           ${withWebhookState ? anyWebhookEnabledColumn() : sql`null::boolean`} as "isAnyWebhookEnabled",
           ${take === null ? sql`null::boolean` : sql`case when (select ok from tried) then exists (select from taken) end`} as "isRateTaken"
    from tickets t
    join users r on r.id = t.requester_id
    left join settings s on true
    where t.id = ${ticketId} ${scoped(scope)}
    ${isLocking ? sql`for update of t` : sql``}`;
  return row ?? null;
}

/** A comment to write; its id is chosen by the caller, so its mail and event can name it up front. */
export type NewComment = {
  id: string;
  ticketId: string;
  authorId: string;
  content: string;
  isInternal: boolean;
  scope: TicketScope;
};

/**
 * The INSERT of a comment, as the body of a data-modifying CTE, only on a ticket the scope may see:
 * no row at all for a missing ticket and for someone else's alike.
 */
export function commentInsert(comment: NewComment): PendingQuery<Row[]> {
  return sql`
    insert into ticket_comments (id, ticket_id, author_id, content, is_internal)
    select ${comment.id}, t.id, ${comment.authorId}, ${comment.content}, ${comment.isInternal}
    from tickets t
    where t.id = ${comment.ticketId} ${scoped(comment.scope)}
    returning id, ticket_id, author_id, content, is_internal, created_at, updated_at`;
}

const REOPENED = sql`, status = 'in_progress', resolved_at = null, closed_at = null`;

/**
 * The ticket's touch by the comment in CTE `c` (over commentInsert): updatedAt, respondedAt
 * when still empty and `markResponded`, and with `reopen` the status back to in progress with its
 * resolution time cleared, as ticketUpdate clears it (a requester's reply within the reopen window). Only for a comment stored as public: an internal note
 * leaves the ticket row untouched, so not even its updatedAt tells an end user one was written.
 */
export function commentTouch(touch: {
  markResponded: boolean;
  reopen: boolean;
  /** The SLA state after a requester's reply ended the ticket's hold; null leaves it. */
  sla: SlaState | null;
  /** What the 'updated' triggers changed; null leaves the fields. */
  fields?: (Pick<TicketUpdate, 'priority' | 'assigneeId' | 'teamId'> & { category: TTicketCategory }) | null;
}): PendingQuery<Row[]> {
  const fields = touch.fields ?? null;
  return sql`
    update tickets t set
      responded_at = case when ${touch.markResponded}::boolean then coalesce(t.responded_at, now())
                          else t.responded_at end
      ${
        fields === null
          ? NOTHING
          : sql`, priority = ${fields.priority}, category = ${fields.category},
                assignee_id = ${fields.assigneeId}, team_id = ${fields.teamId}`
      }
      ${touch.reopen ? REOPENED : NOTHING}
      ${touch.sla === null ? NOTHING : sql`, ${slaAssignments(touch.sla)}`}
    from c
    where t.id = c.ticket_id and not c.is_internal`;
}

/** The comment in CTE `c` (over commentInsert) as its author sees it; `more` adds FROM items (the statement's announcements). */
export function newCommentSelect(more: PendingQuery<Row[]>): PendingQuery<Row[]> {
  return sql`
    select c.id, c.ticket_id as "ticketId", c.content, c.is_internal as "isInternal",
           c.created_at as "createdAt", c.updated_at as "updatedAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                             'profileImageUrl', u.profile_image_url) as author
    from c
    join users u on u.id = c.author_id
    ${more}`;
}

/** An event's data: flat values, or the list of what a trigger did (`trigger_applied`). */
export type TicketEventData = Record<
  string,
  string | number | boolean | null | readonly TTriggerAppliedAction[]
>;

export type NewTicketEvent = {
  ticketId: string;
  /** Null when the desk acted itself (auto assignment). */
  userId: string | null;
  type: TTicketEventType;
  data: TicketEventData;
};

/**
 * Events as the body of a data-modifying CTE, in the order listed: clock_timestamp() (not the
 * transaction's now()) plus a microsecond per place gives the events of one change distinct,
 * increasing times even within one statement, and the timeline orders by time. With `onlyWith`
 * (a CTE's name) they are written only when that CTE has a row (a comment the scope let through).
 */
export function eventsInsert(
  events: readonly NewTicketEvent[],
  onlyWith: string | null = null,
): PendingQuery<Row[]> {
  const rows = events.map(
    (event, place) =>
      sql`(${event.ticketId}::uuid, ${event.userId}::uuid, ${event.type}, ${sql.json(event.data)}::jsonb, ${place}::int)`,
  );
  return sql`
    insert into ticket_events (ticket_id, user_id, event_type, event_data, created_at)
    select e.ticket_id, e.user_id, e.event_type, e.event_data, clock_timestamp() + e.place * interval '1 microsecond'
    from (values ${joined(rows, COMMA)}) e (ticket_id, user_id, event_type, event_data, place)
    ${onlyWith === null ? NOTHING : whereAnyRowIn(onlyWith)}
    returning id, user_id, event_type, event_data, created_at`;
}

/** What a ticket's SLA status and its explanation are computed from. */
export type TicketSlaRow = TicketSlaContext & { respondedAt: string | null; resolvedAt: string | null };

/**
 * The ticket's SLA state when the scope may see it (by primary key). Its policy and calendar (`policy`)
 * only `withPolicy`: a caller holding the active policies (policy-cache.ts) has them already. Every
 * active policy (`activePolicies`) only `withActivePolicies`, for that cache.
 */
export async function selectTicketSlaTimes(
  db: Db,
  id: string,
  scope: TicketScope,
  options: { withPolicy: boolean; withActivePolicies: boolean },
): Promise<TicketSlaTimesRead | null> {
  const [row] = await db<TicketSlaTimesRead[]>`
    select ${slaStateColumns()}, t.responded_at as "respondedAt", t.resolved_at as "resolvedAt",
      ${options.withActivePolicies ? activePoliciesColumn() : sql`null::json`} as "activePolicies"
      ${options.withPolicy ? sql`, ${ticketPolicyColumn()}` : NOTHING}
    from tickets t where t.id = ${id} ${scoped(scope)}`;
  return row ?? null;
}

/** What selectTicketSlaTimes answers: a TicketSlaRow whose policy is absent when it was not asked for. */
export type TicketSlaTimesRead = Omit<TicketSlaRow, 'policy'> & {
  policy?: PolicyRow | null;
  activePolicies: readonly ActivePolicy[] | null;
};

export async function selectAssignmentOptions(db: Db): Promise<TAssignmentOptions> {
  const [assignees, teams] = await Promise.all([
    db<TAssignmentOptions['assignees']>`
      select id, first_name as "firstName", last_name as "lastName" from users
      where status = 'active' and role in ('agent', 'admin')
      order by first_name, last_name, id`,
    db<TAssignmentOptions['teams']>`select id, name from teams where is_active order by name, id`,
  ]);
  return { assignees: [...assignees], teams: [...teams] };
}
