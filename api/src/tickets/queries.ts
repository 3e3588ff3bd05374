import type {
  TAssignmentOptions,
  TAttachment,
  TTicketCategory,
  TTicketComment,
  TTicketEvent,
  TTicketEventType,
  TTicketPriority,
  TTicketStatus,
  TTicketSummary,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { publishTicketsChanged } from '../realtime/publish.ts';

/** Who is reading: staff see every ticket and internal notes; an end user only their own tickets, no internal notes. */
export type TicketScope = { requesterId: string | null; includeInternal: boolean };

const summaryColumns = () => sql`
  t.id, t.ticket_number as "ticketNumber", t.title, t.priority, t.status, t.category,
  t.requester_id as "requesterId", t.assignee_id as "assigneeId", t.team_id as "teamId",
  t.sla_response_by as "slaResponseBy", t.sla_resolve_by as "slaResolveBy",
  t.responded_at as "respondedAt", t.resolved_at as "resolvedAt", t.closed_at as "closedAt",
  t.created_at as "createdAt", t.updated_at as "updatedAt",
  json_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email)
    as requester,
  case when a.id is null then null
       else json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) end
    as assignee`;

const summaryJoins = () => sql`
  join users r on r.id = t.requester_id
  left join users a on a.id = t.assignee_id`;

/** An end user's scope in SQL: requester_id = $me. Staff: no restriction. */
const scoped = (scope: TicketScope) =>
  scope.requesterId === null ? sql`` : sql`and t.requester_id = ${scope.requesterId}`;

export type TicketListFilters = {
  requesterId: string | null;
  status: TTicketStatus | null;
  priority: TTicketPriority | null;
};

/** A list row plus its created_at at full (microsecond) precision, for the next page's cursor. */
export type TicketListRow = TTicketSummary & { cursorAt: string };

/**
 * One page of the list, newest first: (created_at, id) strictly after the cursor. Every filter
 * combination has an index in that order (00005, 00012), so a page costs the same at any size.
 */
export function selectTicketPage(
  db: Db,
  filters: TicketListFilters,
  page: { limit: number; after: { at: string; id: string } | null },
): Promise<TicketListRow[]> {
  return db<TicketListRow[]>`
    select ${summaryColumns()}, t.created_at::text as "cursorAt"
    from tickets t ${summaryJoins()}
    where true
      ${filters.requesterId === null ? sql`` : sql`and t.requester_id = ${filters.requesterId}`}
      ${filters.status === null ? sql`` : sql`and t.status = ${filters.status}`}
      ${filters.priority === null ? sql`` : sql`and t.priority = ${filters.priority}`}
      ${page.after === null ? sql`` : sql`and (t.created_at, t.id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`}
    order by t.created_at desc, t.id desc
    limit ${page.limit}`;
}

export type TicketDetailRow = TTicketSummary & {
  description: string;
  notifyRequester: boolean;
  team: { id: string; name: string } | null;
};

export async function selectTicketDetailRow(
  db: Db,
  id: string,
  scope: TicketScope,
): Promise<TicketDetailRow | null> {
  const [row] = await db<TicketDetailRow[]>`
    select ${summaryColumns()}, t.description, t.notify_requester as "notifyRequester",
           case when tm.id is null then null else json_build_object('id', tm.id, 'name', tm.name) end as team
    from tickets t ${summaryJoins()}
    left join teams tm on tm.id = t.team_id
    where t.id = ${id} ${scoped(scope)}`;
  return row ?? null;
}

/** The fields a change is decided on. */
export type TicketState = {
  id: string;
  ticketNumber: string;
  title: string;
  status: TTicketStatus;
  priority: TTicketPriority;
  requesterId: string;
  assigneeId: string | null;
  teamId: string | null;
};

const stateColumns = () => sql`
  t.id, t.ticket_number as "ticketNumber", t.title, t.status, t.priority,
  t.requester_id as "requesterId", t.assignee_id as "assigneeId", t.team_id as "teamId"`;

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

export function selectComments(db: Db, ticketId: string, scope: TicketScope): Promise<TTicketComment[]> {
  return db<TTicketComment[]>`
    select c.id, c.ticket_id as "ticketId", c.content, c.is_internal as "isInternal",
           c.created_at as "createdAt", c.updated_at as "updatedAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                             'profileImageUrl', u.profile_image_url) as author
    from ticket_comments c join users u on u.id = c.author_id
    where c.ticket_id = ${ticketId} ${scope.includeInternal ? sql`` : sql`and not c.is_internal`}
    order by c.created_at, c.id`;
}

export function selectAttachments(db: Db, ticketId: string): Promise<TAttachment[]> {
  return db<TAttachment[]>`
    select f.id, f.ticket_id as "ticketId", f.file_name as "fileName", f.file_size as "fileSize",
           f.file_type as "fileType", f.created_at as "createdAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) as "uploadedBy"
    from attachments f join users u on u.id = f.uploaded_by_id
    where f.ticket_id = ${ticketId}
    order by f.created_at, f.id`;
}

/** The timeline; without internal access, every event marked isInternal (internal notes) is left out. */
export function selectEvents(db: Db, ticketId: string, scope: TicketScope): Promise<TTicketEvent[]> {
  return db<TTicketEvent[]>`
    select e.id, e.event_type as "eventType", e.event_data as "eventData", e.created_at as "createdAt",
           case when u.id is null then null
                else json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) end as user
    from ticket_events e left join users u on u.id = e.user_id
    where e.ticket_id = ${ticketId}
      ${scope.includeInternal ? sql`` : sql`and coalesce(e.event_data ->> 'isInternal', 'false') <> 'true'`}
    order by e.created_at, e.id`;
}

/** An active user's id by email, whatever its case. */
export async function selectActiveUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    select id from users where lower(email) = lower(${email}) and status = 'active'`;
  return row?.id ?? null;
}

/** Inserts a ticket with its SLA deadlines from the active policy of its priority (null without one). */
export async function insertTicket(
  db: Db,
  ticket: {
    title: string;
    description: string;
    priority: TTicketPriority;
    category: TTicketCategory;
    requesterId: string;
    notifyRequester: boolean;
  },
): Promise<TicketState> {
  const [row] = await db<TicketState[]>`
    insert into tickets as t (
      title, description, priority, category, requester_id, notify_requester, sla_response_by, sla_resolve_by
    ) values (
      ${ticket.title}, ${ticket.description}, ${ticket.priority}, ${ticket.category}, ${ticket.requesterId},
      ${ticket.notifyRequester},
      now() + (select make_interval(hours => p.response_time_hours) from sla_policies p
               where p.priority = ${ticket.priority} and p.is_active),
      now() + (select make_interval(hours => p.resolution_time_hours) from sla_policies p
               where p.priority = ${ticket.priority} and p.is_active)
    )
    returning ${stateColumns()}`;
  if (!row) throw new Error('ticket insert returned no row');
  return row;
}

/**
 * Applies a change. A new priority recomputes both deadlines from created_at with the active
 * policy; resolved and closed set their times (kept if already set) and reopening clears them;
 * markResponded sets respondedAt if it is still empty.
 */
export async function updateTicket(
  db: Db,
  id: string,
  next: {
    status: TTicketStatus;
    priority: TTicketPriority;
    assigneeId: string | null;
    teamId: string | null;
    isPriorityChanged: boolean;
    markResponded: boolean;
  },
): Promise<void> {
  await db`
    update tickets t set
      status = ${next.status},
      priority = ${next.priority},
      assignee_id = ${next.assigneeId},
      team_id = ${next.teamId},
      sla_response_by = case when ${next.isPriorityChanged}::boolean
        then t.created_at + (select make_interval(hours => p.response_time_hours) from sla_policies p
                             where p.priority = ${next.priority} and p.is_active)
        else t.sla_response_by end,
      sla_resolve_by = case when ${next.isPriorityChanged}::boolean
        then t.created_at + (select make_interval(hours => p.resolution_time_hours) from sla_policies p
                             where p.priority = ${next.priority} and p.is_active)
        else t.sla_resolve_by end,
      resolved_at = case when ${next.status} in ('resolved', 'closed') then coalesce(t.resolved_at, now()) end,
      closed_at = case when ${next.status} = 'closed' then coalesce(t.closed_at, now()) end,
      responded_at = case when ${next.markResponded}::boolean then coalesce(t.responded_at, now())
                          else t.responded_at end
    where t.id = ${id}`;
}

/** A public comment is activity on the ticket (updatedAt); a staff one is also its first response. */
export async function touchTicketForPublicComment(
  db: Db,
  id: string,
  isFirstResponse: boolean,
): Promise<void> {
  await db`
    update tickets set
      responded_at = case when ${isFirstResponse}::boolean then coalesce(responded_at, now()) else responded_at end
    where id = ${id}`;
}

export async function insertComment(
  db: Db,
  comment: { ticketId: string; authorId: string; content: string; isInternal: boolean },
): Promise<TTicketComment> {
  const [row] = await db<TTicketComment[]>`
    with c as (
      insert into ticket_comments (ticket_id, author_id, content, is_internal)
      values (${comment.ticketId}, ${comment.authorId}, ${comment.content}, ${comment.isInternal})
      returning *
    )
    select c.id, c.ticket_id as "ticketId", c.content, c.is_internal as "isInternal",
           c.created_at as "createdAt", c.updated_at as "updatedAt",
           json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
                             'profileImageUrl', u.profile_image_url) as author
    from c join users u on u.id = c.author_id`;
  if (!row) throw new Error('comment insert returned no row');
  return row;
}

export type TicketEventData = Record<string, string | number | boolean | null>;

export type NewTicketEvent = {
  ticketId: string;
  /** Null when the desk acted itself (auto assignment). */
  userId: string | null;
  type: TTicketEventType;
  data: TicketEventData;
};

/**
 * Appends events to timelines, one statement each: clock_timestamp() (not the transaction's
 * now()) gives events of one change distinct times in the order listed, which the timeline keeps.
 * Every ticket change writes an event, so this is also where staff's open pages hear of it
 * (a `ticket` NOTIFY, delivered on commit).
 */
export async function insertTicketEvents(db: Db, events: readonly NewTicketEvent[]): Promise<void> {
  for (const event of events) {
    await db`
      insert into ticket_events (ticket_id, user_id, event_type, event_data, created_at)
      values (${event.ticketId}, ${event.userId}, ${event.type}, ${db.json(event.data)}, clock_timestamp())`;
  }
  await publishTicketsChanged(
    db,
    events.map((event) => event.ticketId),
  );
}

export type TicketSlaRow = {
  createdAt: string;
  slaResponseBy: string | null;
  slaResolveBy: string | null;
  respondedAt: string | null;
  resolvedAt: string | null;
};

export async function selectTicketSlaTimes(
  db: Db,
  id: string,
  scope: TicketScope,
): Promise<TicketSlaRow | null> {
  const [row] = await db<TicketSlaRow[]>`
    select t.created_at as "createdAt", t.sla_response_by as "slaResponseBy", t.sla_resolve_by as "slaResolveBy",
           t.responded_at as "respondedAt", t.resolved_at as "resolvedAt"
    from tickets t where t.id = ${id} ${scoped(scope)}`;
  return row ?? null;
}

/** An active agent or admin's full name, or null when the id is no such user. */
export async function selectAssignableName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<{ name: string }[]>`
    select first_name || ' ' || last_name as name from users
    where id = ${userId} and status = 'active' and role in ('agent', 'admin')`;
  return row?.name ?? null;
}

/** Any user's full name (a former assignee may no longer be assignable). */
export async function selectUserName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<
    { name: string }[]
  >`select first_name || ' ' || last_name as name from users where id = ${userId}`;
  return row?.name ?? null;
}

export async function selectTeamName(
  db: Db,
  teamId: string,
  options: { isActiveOnly: boolean },
): Promise<string | null> {
  const [row] = await db<{ name: string }[]>`
    select name from teams where id = ${teamId} ${options.isActiveOnly ? sql`and is_active` : sql``}`;
  return row?.name ?? null;
}

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
