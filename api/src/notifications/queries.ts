import { LIMITS, type TNotification, type TNotificationType } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import { NOTHING } from '../db/fragments.ts';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { REALTIME_CHANNEL, type RealtimeMessage } from '../realtime/publish.ts';

const notificationColumns = () => sql`
  id, user_id as "userId", type, title, message, related_entity_id as "relatedEntityId",
  related_entity_type as "relatedEntityType", is_read as "isRead", created_at as "createdAt",
  read_at as "readAt"`;

/** A broadcast `b` as the reader of feed `f` sees it, `markedAt` being the time of their mark (null without). */
const broadcastColumns = (markedAt: PendingQuery<Row[]>) => sql`
  b.id, f.user_id as "userId", b.type, b.title, b.message, b.related_entity_id as "relatedEntityId",
  b.related_entity_type as "relatedEntityType",
  (b.created_at <= f.read_through or ${markedAt} is not null) as "isRead", b.created_at as "createdAt",
  coalesce(${markedAt}, case when b.created_at <= f.read_through then f.read_through end) as "readAt"`;

/**
 * The bell's list: the user's own rows and the broadcasts their feed shows (created after
 * visible_from, not their own), merged newest first. Each side reads at most `limit` rows through
 * its index, so the cost is the same however many notifications exist. A broadcast speaks the
 * contract's shape for this viewer: read when created at or before read_through or marked, and
 * readAt is when they marked it read (the mark's time, else the Mark all read that covered it).
 */
export function selectNotifications(db: Db, userId: string, limit: number): Promise<TNotification[]> {
  return db<TNotification[]>`
    (select ${notificationColumns()} from notifications
     where user_id = ${userId}
     order by created_at desc, id desc
     limit ${literalLimit(limit)})
    union all
    (select ${broadcastColumns(sql`b.marked_at`)}
     from broadcast_feeds f
     cross join lateral (
       -- The mark as a sub-select per listed row: one primary-key probe each, never a join that
       -- could read the whole table of marks.
       select b.*, (select r.read_at from broadcast_reads r
                    where r.user_id = f.user_id and r.broadcast_id = b.id) as marked_at
       from broadcast_notifications b
       where b.created_at > f.visible_from and b.actor_id is distinct from f.user_id
       order by b.created_at desc, b.id desc
       limit ${literalLimit(limit)}) b
     where f.user_id = ${userId})
    order by "createdAt" desc, id desc
    limit ${literalLimit(limit)}`;
}

/**
 * The user's unread count: the counters of migration 00032 (kept by a trigger in every writing
 * transaction) plus, for an active agent, the broadcasts' total minus what their feed says is not
 * unread (00035). A few rows, however many notifications the user has.
 */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select ((select coalesce(sum(c.unread), 0) from notification_counters c where c.user_id = ${userId})
            + coalesce((select (select coalesce(sum(t.total), 0) from broadcast_totals t) - f.base - f.adjust
                        from broadcast_feeds f where f.user_id = ${userId}), 0))::int as count`;
  return row?.count ?? 0;
}

/** Marks one of the user's notifications read; an already read one keeps its first read time. */
export async function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
): Promise<TNotification | null> {
  const [notification] = await db<TNotification[]>`
    update notifications set is_read = true, read_at = coalesce(read_at, now())
    where id = ${id} and user_id = ${userId}
    returning ${notificationColumns()}`;
  return notification ?? null;
}

/** Marks every unread one of the user's own rows read; answers how many there were. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db`
    update notifications set is_read = true, read_at = now()
    where user_id = ${userId} and not is_read
    returning id`;
  return rows.length;
}

/**
 * Marks one broadcast read for the user when their feed shows it; null otherwise (someone else's
 * notification, their own broadcast, one from before they became an agent, no feed at all). The
 * feed row is locked first, so this never interleaves with the user's own Mark all read. Only a
 * broadcast after read_through without a mark yet gets one and adds 1 to adjust; an already read
 * one answers its read time unchanged.
 */
export async function markBroadcastRead(db: Db, userId: string, id: string): Promise<TNotification | null> {
  const [notification] = await db<TNotification[]>`
    with f as (
      select user_id, visible_from, read_through from broadcast_feeds where user_id = ${userId} for update
    ),
    shown as (
      select b.* from broadcast_notifications b, f
      where b.id = ${id} and b.created_at > f.visible_from and b.actor_id is distinct from f.user_id
    ),
    marked as (
      insert into broadcast_reads (user_id, broadcast_id)
      select f.user_id, shown.id from shown, f where shown.created_at > f.read_through
      on conflict (user_id, broadcast_id) do nothing
      returning user_id, read_at
    ),
    counted as (
      update broadcast_feeds set adjust = adjust + 1
      where user_id = ${userId} and exists (select from marked)
    )
    select ${broadcastColumns(sql`coalesce((select m.read_at from marked m), r.read_at)`)}
    from shown b cross join f
    left join broadcast_reads r on r.user_id = f.user_id and r.broadcast_id = b.id`;
  return notification ?? null;
}

/**
 * Moves the user's broadcast watermark to now and answers how many broadcasts that made read; null
 * when the user has no feed (not an active agent). broadcast_watermark() waits out the broadcasts
 * in flight, then reads the clock and the total; as a sub-select of SET it runs only for a feed
 * row that exists, so nobody else's Mark all read ever touches the fence.
 */
export async function moveBroadcastWatermark(db: Db, userId: string): Promise<number | null> {
  const [row] = await db<{ updated: number }[]>`
    update broadcast_feeds f
    set (read_through, base, adjust) = (select w.at, w.total, 0 from broadcast_watermark() w)
    where f.user_id = ${userId}
    returning (new.base - old.base - old.adjust)::int as updated`;
  return row ? row.updated : null;
}

/**
 * Drops the user's read marks once their watermark moved: all are at or before it, and none can be
 * added meanwhile (the feed row stays locked until commit). A statement of its own, so its snapshot
 * holds any mark committed while the watermark's statement waited for the row.
 */
export async function deleteBroadcastReads(db: Db, userId: string): Promise<void> {
  await db`delete from broadcast_reads where user_id = ${userId}`;
}

/** Who a ticket notification goes to: named users, a team's members, and/or every active agent. */
export type NotificationAudience = { userIds: readonly string[]; teamId: string | null; allAgents: boolean };

/** A ticket notification as the body of a data-modifying CTE; title and message may be SQL over `source`'s rows. */
export type StaffNotificationRows = {
  audience: NotificationAudience;
  /** Null for the system (SLA watch, auto assignment): then nobody is left out. */
  actorId: string | null;
  type: TNotificationType;
  title: PendingQuery<Row[]>;
  message: PendingQuery<Row[]>;
  relatedEntityId: PendingQuery<Row[]>;
  relatedEntityType: string;
  /** More FROM items (a CTE the values come from), joined to `users u`; empty for none. */
  source?: PendingQuery<Row[]>;
};

// The audience's constant parts, built once (db/fragments.ts says why).
const NOBODY = sql`false`;
const OR_EVERY_AGENT = sql`or u.role = 'agent'`;

/**
 * One notification per recipient: always active agents or admins (end users have no bell, so
 * they can never receive a note about an internal change), each at most once, and never the
 * person who acted. Returns the recipients' user_id. A statement of its own (insertStaffNotifications)
 * or one CTE of a ticket write that stores its notifications with the change.
 */
export function staffNotificationsInsert(notification: StaffNotificationRows): PendingQuery<Row[]> {
  const { audience } = notification;
  return sql`
    insert into notifications (user_id, type, title, message, related_entity_id, related_entity_type)
    select u.id, ${notification.type}, left(${notification.title}, ${LIMITS.notificationTitleMax}),
           ${notification.message}, ${notification.relatedEntityId}, ${notification.relatedEntityType}
    from users u ${notification.source ? sql`, ${notification.source}` : NOTHING}
    where u.status = 'active' and u.role in ('agent', 'admin')
      and (${notification.actorId}::uuid is null or u.id <> ${notification.actorId}::uuid)
      and (
        ${audience.userIds.length > 0 ? sql`u.id in ${sql([...audience.userIds])}` : NOBODY}
        ${audience.teamId ? sql`or u.id in (select m.user_id from team_members m where m.team_id = ${audience.teamId})` : NOTHING}
        ${audience.allAgents ? OR_EVERY_AGENT : NOTHING}
      )
    returning user_id`;
}

// As realtime/publish.ts: a NOTIFY payload stays under 8000 bytes with 100 uuids.
const USER_IDS_PER_MESSAGE = 100;

/**
 * publishNotificationsChanged in SQL, for the recipients in the CTE named `notifiedCte` (rows with
 * user_id): one `notifications` message per 100 of them, none when there are none. Delivered on
 * COMMIT like every NOTIFY.
 */
export function notificationsPublish(notifiedCte: string): PendingQuery<Row[]> {
  return sql`
    select pg_notify(${REALTIME_CHANNEL},
                     json_build_object('type', 'notifications', 'userIds', json_agg(n.user_id))::text)
    from (select user_id, (row_number() over () - 1) / ${USER_IDS_PER_MESSAGE} as chunk
          from ${sql(notifiedCte)}) n
    group by n.chunk`;
}

/**
 * A notification to every active agent but the actor, as the body of a data-modifying CTE: a staff
 * notification without an audience (its audience is the feeds); `source`, when given, is its only FROM item.
 */
export type AgentBroadcast = Omit<StaffNotificationRows, 'audience'>;

/**
 * One broadcast row (00035) for every active agent but the actor, whatever their number: its
 * triggers stamp it behind the fence, add it to the total and to the actor's adjust. Returns the
 * row's id. Admins are not in the audience (as `allAgents` never included them).
 */
export function agentBroadcastInsert(broadcast: AgentBroadcast): PendingQuery<Row[]> {
  return sql`
    insert into broadcast_notifications (actor_id, type, title, message, related_entity_id, related_entity_type)
    select ${broadcast.actorId}::uuid, ${broadcast.type}, left(${broadcast.title}, ${LIMITS.notificationTitleMax}),
           ${broadcast.message}, ${broadcast.relatedEntityId}, ${broadcast.relatedEntityType}
    ${broadcast.source ? sql`from ${broadcast.source}` : NOTHING}
    returning id`;
}

/**
 * The realtime message for the broadcasts in the CTE named `broadcastCte`: one `agentNotifications`
 * message per row ("every agent's bell but the actor's"; the hub knows each stream's role), so the
 * payload stays small however many agents there are. Delivered on COMMIT like every NOTIFY.
 */
export function agentBroadcastPublish(broadcastCte: string, actorId: string | null): PendingQuery<Row[]> {
  const message: RealtimeMessage = { type: 'agentNotifications', exceptUserId: actorId };
  return sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(message)}) from ${sql(broadcastCte)}`;
}

/** A notification about a ticket, as the services word it: who hears of it, and its title and message. */
export type TicketNotification = {
  audience: NotificationAudience;
  actorId: string | null;
  type: TNotificationType;
  title: string;
  message: string;
  ticketId: string;
};

/** A ticket notification as rows for staffNotificationsInsert. */
export function ticketNotificationRows(notification: TicketNotification): StaffNotificationRows {
  return {
    audience: notification.audience,
    actorId: notification.actorId,
    type: notification.type,
    title: sql`${notification.title}`,
    message: sql`${notification.message}`,
    relatedEntityId: sql`${notification.ticketId}::uuid`,
    relatedEntityType: 'ticket',
  };
}

/** staffNotificationsInsert as a statement of its own. Answers the recipients' ids. */
export async function insertStaffNotifications(
  db: Db,
  notification: {
    audience: NotificationAudience;
    /** Null for the system (SLA watch, auto assignment): then nobody is left out. */
    actorId: string | null;
    type: TNotificationType;
    title: string;
    message: string;
    relatedEntityId: string;
    relatedEntityType: string;
  },
): Promise<string[]> {
  const rows = await db<{ userId: string }[]>`
    with n as (
      ${staffNotificationsInsert({
        ...notification,
        title: sql`${notification.title}`,
        message: sql`${notification.message}`,
        relatedEntityId: sql`${notification.relatedEntityId}::uuid`,
      })}
    )
    select user_id as "userId" from n`;
  return rows.map((row) => row.userId);
}
