import type { TNotification } from '@helpdesk/contracts';
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
