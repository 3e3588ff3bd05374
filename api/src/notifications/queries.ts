import { LIMITS, type TNotification, type TNotificationType } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { REALTIME_CHANNEL } from '../realtime/publish.ts';

const notificationColumns = () => sql`
  id, user_id as "userId", type, title, message, related_entity_id as "relatedEntityId",
  related_entity_type as "relatedEntityType", is_read as "isRead", created_at as "createdAt",
  read_at as "readAt"`;

export function selectNotifications(db: Db, userId: string, limit: number): Promise<TNotification[]> {
  return db<TNotification[]>`
    select ${notificationColumns()} from notifications
    where user_id = ${userId}
    order by created_at desc, id desc
    limit ${limit}`;
}

/**
 * The user's unread count from the counters of migration 00032 (kept by a trigger in every
 * writing transaction): a few rows, however many notifications the user has.
 */
export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select coalesce(sum(unread), 0)::int as count from notification_counters where user_id = ${userId}`;
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

export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db`
    update notifications set is_read = true, read_at = now()
    where user_id = ${userId} and not is_read
    returning id`;
  return rows.length;
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
    from users u ${notification.source ? sql`, ${notification.source}` : sql``}
    where u.status = 'active' and u.role in ('agent', 'admin')
      and (${notification.actorId}::uuid is null or u.id <> ${notification.actorId}::uuid)
      and (
        ${audience.userIds.length > 0 ? sql`u.id in ${sql([...audience.userIds])}` : sql`false`}
        ${audience.teamId ? sql`or u.id in (select m.user_id from team_members m where m.team_id = ${audience.teamId})` : sql``}
        ${audience.allAgents ? sql`or u.role = 'agent'` : sql``}
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
