import type { TTicketComment, TTicketDetail } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import {
  builtOnce,
  COMMA,
  type CteEntry,
  joined,
  NOTHING,
  whereAnyRowIn,
  withClause,
} from '../db/fragments.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { outboxInsert, outboxWakeUp } from '../email/queries.ts';
import { jobInsert, jobsWakeUp } from '../jobs/queries.ts';
import {
  agentBroadcastInsert,
  agentBroadcastPublish,
  notificationsPublish,
  staffNotificationsInsert,
} from '../notifications/queries.ts';
import { REALTIME_CHANNEL, type RealtimeMessage } from '../realtime/publish.ts';
import { mayAnyWebhookTake } from '../webhooks/enabled-cache.ts';
import { webhookDeliveryCtes } from '../webhooks/queries.ts';
import type { EffectsPlan, JobCondition, PlanNote, PlanText } from './effects.ts';
import type { SlaState } from './hold.ts';
import {
  commentInsert,
  commentTouch,
  eventsInsert,
  type NewComment,
  type NewTicket,
  type NewTicketEvent,
  type NewTicketSla,
  newCommentSelect,
  newTicketDetailSelect,
  slaAssignments,
  type TicketUpdate,
  ticketInsert,
  ticketUpdate,
} from './queries.ts';

/**
 * A ticket write and its plan (effects.ts) as ONE statement: one round trip, all or nothing. The
 * row write comes first, then one data-modifying CTE per effect (events, notifications, outbox
 * mail, jobs), then the NOTIFYs (realtime messages, the outbox's and the jobs' wake-ups), which
 * PostgreSQL delivers only on COMMIT. This is the one place that knows the other features' tables.
 */

/** The realtime message that a ticket changed (realtime/publish.ts's shape), as a NOTIFY payload. */
const ticketChangedMessage = (ticketId: string) =>
  JSON.stringify({ type: 'ticket', ticketId } satisfies RealtimeMessage);

// The statement's constant parts, built once (db/fragments.ts says why).
const CONCAT = sql` || `;
const AND = sql` and `;
const CROSS_JOIN = sql` cross join `;
const UNION_ALL = sql` union all `;
const ALWAYS = sql`true`;
const HELD_USERS = sql`(select count(*) from referenced) as held`;
const AUTO_ASSIGNMENT = {
  whileUnsavedOn: sql`coalesce((select s.auto_assignment from settings s), true)`,
  whileUnsavedOff: sql`coalesce((select s.auto_assignment from settings s), false)`,
};
const PUBLIC_COMMENT_ROWS = sql`from c where not c.is_internal`;
const IS_PUBLIC_COMMENT = sql`exists (select from c where not c.is_internal)`;

/** What the statement says about one of its own CTEs, built once per CTE name (a handful, never input). */
type CteParts = {
  /** The CTE itself, as a FROM item. */
  ref: PendingQuery<Row[]>;
  /** `from <cte>` */
  from: PendingQuery<Row[]>;
  /** `where exists (select from <cte>)` */
  whereAny: PendingQuery<Row[]>;
  /** `exists (select from <cte>)` */
  any: PendingQuery<Row[]>;
  /** The inserted ticket's number, as a column of the CTE. */
  ticketNumber: PendingQuery<Row[]>;
  /** The inserted ticket's number, as a scalar subquery. */
  selectedNumber: PendingQuery<Row[]>;
  /** Whether the inserted ticket has no assignee. */
  unassigned: PendingQuery<Row[]>;
};
const cteParts = new Map<string, CteParts>();
const partsOf = (cte: string): CteParts =>
  builtOnce(cteParts, cte, () => ({
    ref: sql`${sql(cte)}`,
    from: sql`from ${sql(cte)}`,
    whereAny: whereAnyRowIn(cte),
    any: sql`exists (select from ${sql(cte)})`,
    ticketNumber: sql`${sql(cte)}.ticket_number`,
    selectedNumber: sql`(select ticket_number from ${sql(cte)})`,
    unassigned: sql`exists (select from ${sql(cte)} where assignee_id is null)`,
  }));

/** How the row write frames the plan's effects. */
type RowWrite = {
  /** The CTEs that write the row (name and body), first in the statement. */
  ctes: readonly CteEntry[];
  /** The CTE every effect hangs on (a comment the scope refused writes nothing else either); null when the row is always written. */
  onlyWith: string | null;
  /** The inserted ticket's CTE (with ticket_number and assignee_id), for texts and conditions about it; null for other writes. */
  insertedTicket: string | null;
  /** Users rows the row write's foreign keys lock (key share) besides the events' actors. */
  lockedUserIds: readonly string[];
  /** The rows a message is written for (`from c where not c.is_internal`); empty means once. */
  mailSource: PendingQuery<Row[]>;
  /** Whether webhook deliveries are queued (a comment's only when it is stored as public); absent: always. */
  webhooksOnlyIf?: PendingQuery<Row[]>;
};

/** A plan text as SQL: one parameter, or its parts joined when one is the inserted ticket's number. */
function textSql(text: PlanText, row: RowWrite): PendingQuery<Row[]> {
  if (text.every((part) => typeof part === 'string')) return sql`${text.join('')}`;
  const parts = text.map((part) => {
    if (typeof part === 'string') return sql`${part}::text`;
    if (row.insertedTicket === null) throw new Error('only a new ticket has an inserted ticket number');
    return partsOf(row.insertedTicket).ticketNumber;
  });
  return joined(parts, CONCAT);
}

function jobConditionSql(condition: JobCondition, row: RowWrite): PendingQuery<Row[]> {
  if ('setting' in condition) {
    return condition.whileUnsaved ? AUTO_ASSIGNMENT.whileUnsavedOn : AUTO_ASSIGNMENT.whileUnsavedOff;
  }
  if (row.insertedTicket === null) throw new Error('only a new ticket has an inserted row to check');
  return partsOf(row.insertedTicket).unassigned;
}

/** A trigger's internal notes as the body of a data-modifying CTE, only with `onlyWith`'s row when named. */
function notesInsert(
  ticketId: string,
  notes: readonly PlanNote[],
  onlyWith: string | null,
): PendingQuery<Row[]> {
  const rows = notes.map(
    (note, place) => sql`(${note.id}::uuid, ${note.authorId}::uuid, ${note.content}, ${place}::int)`,
  );
  return sql`
    insert into ticket_comments (id, ticket_id, author_id, content, is_internal, created_at, updated_at)
    select n.id, ${ticketId}::uuid, n.author_id, n.content, true,
           clock_timestamp() + n.place * interval '1 microsecond', clock_timestamp() + n.place * interval '1 microsecond'
    from (values ${joined(rows, COMMA)}) n (id, author_id, content, place)
    ${onlyWith === null ? NOTHING : partsOf(onlyWith).whereAny}`;
}

/** The row write's CTEs, the plan's CTEs and `announced` (every NOTIFY), as the WITH clause of the statement. */
function withEffects(plan: EffectsPlan, row: RowWrite): PendingQuery<Row[]> {
  const ctes: CteEntry[] = [...row.ctes];
  const fromRow = row.onlyWith === null ? NOTHING : partsOf(row.onlyWith).from;
  const events: NewTicketEvent[] = plan.events.map((event) => ({ ticketId: plan.ticketId, ...event }));
  if (events.length > 0) ctes.push(['e', eventsInsert(events, row.onlyWith)]);
  const notes = plan.notes ?? [];
  if (notes.length > 0) ctes.push(['notes', notesInsert(plan.ticketId, notes, row.onlyWith)]);

  const bells: PendingQuery<Row[]>[] = [];
  if (plan.notifications.some((notification) => notification.audience === 'every_active_agent')) {
    const lockedIds = [
      ...new Set([
        ...row.lockedUserIds,
        ...events.flatMap((event) => (event.userId === null ? [] : [event.userId])),
        ...notes.map((note) => note.authorId),
      ]),
    ];
    ctes.push([
      'referenced',
      // The users rows the statement's foreign keys lock anyway (requester, and the actor through
      // the event), taken before the broadcast's fence: a role change holds admin rows while it
      // waits for the fence, so taking them after it could deadlock. In id order, as the role change
      // takes the admins: in the table's order, an admin filing for an admin could wait on one while
      // holding the other.
      sql`select id from users where id in ${sql(lockedIds)} order by id for key share`,
    ]);
  }
  plan.notifications.forEach((notification, index) => {
    const name = `notified_${index}`;
    const texts = {
      actorId: notification.actorId,
      type: notification.type,
      title: textSql(notification.title, row),
      message: sql`${notification.message}`,
      relatedEntityId: sql`${plan.ticketId}::uuid`,
      relatedEntityType: 'ticket',
    };
    const rowSources = [...new Set([row.insertedTicket, row.onlyWith])].flatMap((cte) =>
      cte === null ? [] : [partsOf(cte).ref],
    );
    if (notification.audience === 'every_active_agent') {
      const source = joined([...rowSources, HELD_USERS], CROSS_JOIN);
      ctes.push([name, agentBroadcastInsert({ ...texts, source })]);
      bells.push(agentBroadcastPublish(name, notification.actorId));
    } else {
      const source = rowSources.length === 0 ? undefined : joined(rowSources, COMMA);
      ctes.push([name, staffNotificationsInsert({ ...texts, audience: notification.audience, source })]);
      bells.push(notificationsPublish(name));
    }
  });

  const wakeUps: PendingQuery<Row[]>[] = [];
  plan.mail.forEach((message, index) => {
    const name = `mail_${index}`;
    ctes.push([name, outboxInsert({ ...message, ticketId: plan.ticketId }, row.mailSource)]);
    wakeUps.push(outboxWakeUp(name));
  });
  plan.jobs.forEach((job, index) => {
    const name = `job_${index}`;
    const conditions = [
      ...job.onlyIf.map((condition) => jobConditionSql(condition, row)),
      ...(row.onlyWith === null ? [] : [partsOf(row.onlyWith).any]),
    ];
    ctes.push([name, jobInsert(job, conditions.length === 0 ? ALWAYS : joined(conditions, AND))]);
    wakeUps.push(jobsWakeUp(name));
  });

  // In the statement unless this process knows no webhook is enabled (webhooks/enabled-cache.ts):
  // then the part would join nothing, and leaving it out saves building, planning and running it.
  if (plan.webhooks.length > 0 && mayAnyWebhookTake()) {
    ctes.push({
      framed: webhookDeliveryCtes(plan.webhooks, {
        names: { deliveries: 'webhook_deliveries_new', jobs: 'webhook_jobs' },
        insertedNumber: row.insertedTicket === null ? null : partsOf(row.insertedTicket).selectedNumber,
        condition: row.webhooksOnlyIf ?? ALWAYS,
      }),
    });
    wakeUps.push(jobsWakeUp('webhook_jobs'));
  }

  const announcements = [
    ...plan.live.map((message) =>
      message.type === 'ticket'
        ? sql`select pg_notify(${REALTIME_CHANNEL}, ${ticketChangedMessage(message.ticketId)}) ${fromRow}`
        : (bells[message.notification] ?? noSuchNotification(message.notification)),
    ),
    ...wakeUps,
  ];
  ctes.push(['announced', joined(announcements, UNION_ALL)]);
  return withClause(ctes);
}

function noSuchNotification(index: number): never {
  throw new Error(`ticket effects: no notification ${index} to ring the bells of`);
}

const announcedOnce = sql`cross join (select count(*) from announced) as announcements`;
const NEW_TICKET_ANSWER = newTicketDetailSelect('e', announcedOnce);
const NEW_COMMENT_ANSWER = newCommentSelect(announcedOnce);
const ANNOUNCED_COUNT = sql`select count(*) from announced`;

/**
 * Files a ticket with its plan in one statement and answers it as its creator sees it, built from
 * the rows the statement wrote instead of reading them again.
 */
export async function writeNewTicket(
  db: Db,
  ticket: NewTicket,
  sla: NewTicketSla,
  plan: EffectsPlan,
): Promise<TTicketDetail> {
  const [detail] = await db<TTicketDetail[]>`${newTicketStatement(ticket, sla, plan)}`;
  if (!detail) throw new Error('ticket insert returned no row');
  return detail;
}

/** writeNewTicket's statement, built and not run. */
export function newTicketStatement(
  ticket: NewTicket,
  sla: NewTicketSla,
  plan: EffectsPlan,
): PendingQuery<Row[]> {
  const row: RowWrite = {
    ctes: [['t', ticketInsert(ticket, sla)]],
    onlyWith: null,
    insertedTicket: 't',
    lockedUserIds: ticket.assigneeId ? [ticket.requesterId, ticket.assigneeId] : [ticket.requesterId],
    mailSource: NOTHING,
  };
  return sql`${withEffects(plan, row)} ${NEW_TICKET_ANSWER}`;
}

/**
 * Applies a change of status, priority, assignee and/or team with its plan in one statement; the
 * plan's touch says whether it sets the first response time. Writes nothing for a plan without
 * events (the same values again).
 */
export async function writeTicketChange(
  db: Db,
  id: string,
  next: Omit<TicketUpdate, 'markResponded'>,
  plan: EffectsPlan,
): Promise<void> {
  if (plan.events.length === 0) return;
  const row: RowWrite = {
    ctes: [['updated', ticketUpdate(id, { ...next, markResponded: plan.touch?.markResponded ?? false })]],
    onlyWith: null,
    insertedTicket: null,
    lockedUserIds: next.assigneeId === null ? [] : [next.assigneeId],
    mailSource: NOTHING,
  };
  await db`${withEffects(plan, row)} ${ANNOUNCED_COUNT}`;
}

/**
 * Writes a comment with its plan in one statement, only on a ticket the scope may see: null, with
 * nothing written at all, for a missing ticket and for someone else's alike. `fields` are what the
 * 'updated' triggers changed, written with the comment's touch of the ticket.
 */
export async function writeComment(
  db: Db,
  comment: NewComment,
  plan: EffectsPlan,
  sla: SlaState | null = null,
  fields: CommentTouchFields = null,
): Promise<TTicketComment | null> {
  const [written] = await db<TTicketComment[]>`${commentStatement(comment, plan, sla, fields)}`;
  return written ?? null;
}

type CommentTouchFields = Parameters<typeof commentTouch>[0]['fields'];

/** writeComment's statement, built and not run. */
export function commentStatement(
  comment: NewComment,
  plan: EffectsPlan,
  sla: SlaState | null,
  fields: CommentTouchFields,
): PendingQuery<Row[]> {
  const touch = plan.touch && {
    markResponded: plan.touch.markResponded,
    reopen: plan.touch.reopen === true,
    sla,
    fields,
  };
  const row: RowWrite = {
    ctes: [['c', commentInsert(comment)], ...(touch ? [['touched', commentTouch(touch)] as const] : [])],
    onlyWith: 'c',
    insertedTicket: null,
    lockedUserIds: fields?.assigneeId ? [comment.authorId, fields.assigneeId] : [comment.authorId],
    // A message is written only for a comment stored as public: an internal note never becomes
    // mail, whatever the plan was told.
    mailSource: PUBLIC_COMMENT_ROWS,
    // The same for a webhook: an internal note is never in a payload, whatever the plan was told.
    webhooksOnlyIf: IS_PUBLIC_COMMENT,
  };
  return sql`${withEffects(plan, row)} ${NEW_COMMENT_ANSWER}`;
}

/**
 * Writes a ticket's SLA state as a hold begins, changes or ends, with its plan (the waiting
 * events, the ticket's realtime message) in one statement. With `version` (the row's xmin as the
 * hold was decided from it) nothing at all is written when the row changed since: false then.
 */
export async function writeTicketHold(
  db: Db,
  id: string,
  sla: SlaState,
  plan: EffectsPlan,
  version: string | null = null,
): Promise<boolean> {
  const isSameVersion = version === null ? NOTHING : sql`and t.xmin = ${version}::xid`;
  const row: RowWrite = {
    ctes: [
      [
        'held',
        sql`update tickets t set ${slaAssignments(sla)} where t.id = ${id} ${isSameVersion} returning t.id`,
      ],
    ],
    onlyWith: 'held',
    insertedTicket: null,
    lockedUserIds: [],
    mailSource: NOTHING,
  };
  const [written] = await db<{ isWritten: boolean }[]>`${withEffects(plan, row)} ${HELD_ANSWER}`;
  return written?.isWritten === true;
}

const HELD_ANSWER = sql`select exists (select from held) as "isWritten" from (select count(*) from announced) as announcements`;

/**
 * Appends events to timelines in one statement (eventsInsert), for a write that has nothing else
 * to cause (an attachment). Staff's open pages hear of it: a `ticket` NOTIFY per ticket, on commit.
 */
export async function insertTicketEvents(db: Db, events: readonly NewTicketEvent[]): Promise<void> {
  if (events.length === 0) return;
  const messages = [...new Set(events.map((event) => event.ticketId))].map(ticketChangedMessage);
  const announcements = messages.map((message) => sql`select pg_notify(${REALTIME_CHANNEL}, ${message})`);
  await db`
    with e as (${eventsInsert(events)})
    ${joined(announcements, UNION_ALL)}`;
}
