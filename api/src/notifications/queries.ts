import type { TNotification, TNotificationType } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

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

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from notifications where user_id = ${userId} and not is_read`;
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

/**
 * One notification per recipient, in a single statement. Recipients are always active agents or
 * admins (end users have no bell, so they can never receive a note about an internal change),
 * each at most once, and never the person who acted. Answers the recipients' ids.
 */
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
  const { audience } = notification;
  const rows = await db<{ userId: string }[]>`
    insert into notifications (user_id, type, title, message, related_entity_id, related_entity_type)
    select u.id, ${notification.type}, ${notification.title}, ${notification.message},
           ${notification.relatedEntityId}, ${notification.relatedEntityType}
    from users u
    where u.status = 'active' and u.role in ('agent', 'admin')
      and (${notification.actorId}::uuid is null or u.id <> ${notification.actorId}::uuid)
      and (
        u.id = any(${db.array([...audience.userIds])}::uuid[])
        ${audience.teamId ? db`or u.id in (select m.user_id from team_members m where m.team_id = ${audience.teamId})` : db``}
        ${audience.allAgents ? db`or u.role = 'agent'` : db``}
      )
    returning user_id as "userId"`;
  return rows.map((row) => row.userId);
}
