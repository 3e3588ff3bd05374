import {
  LIMITS,
  NOTIFICATION_LIST_LIMIT,
  type TNotification,
  type TNotificationCountResponse,
  type TReadAllNotificationsResponse,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { notFound } from '../errors.ts';
import { publishNotificationsChanged } from '../realtime/publish.ts';
import { unreadCountCache } from './count-cache.ts';
import {
  countUnreadNotifications,
  deleteBroadcastReads,
  insertStaffNotifications,
  markAllNotificationsRead,
  markBroadcastRead,
  markNotificationRead,
  moveBroadcastWatermark,
  selectNotifications,
  type TicketNotification,
} from './queries.ts';

/** The user's notifications (their own rows and the broadcasts to every agent they see), newest first. */
export function listNotifications(userId: string): Promise<TNotification[]> {
  return selectNotifications(sql, userId, NOTIFICATION_LIST_LIMIT);
}

/** How many of the user's notifications are unread (from this process's count cache when it holds them). */
export async function countUnread(userId: string): Promise<TNotificationCountResponse> {
  const cache = unreadCountCache();
  const cached = cache.get(userId);
  if (cached !== null) return { count: cached };
  const mark = cache.mark();
  const count = await countUnreadNotifications(sql, userId);
  cache.set(userId, count, mark);
  return { count };
}

/**
 * Marks one of the user's notifications read (an own row, or a broadcast their bell shows);
 * someone else's, or a broadcast they do not see, answers 404 like a missing one. The user's
 * other tabs hear of it, so their bells agree.
 */
export async function readNotification(userId: string, id: string): Promise<TNotification> {
  const notification = await sql.begin(async (tx) => {
    const notification =
      (await markNotificationRead(tx, userId, id)) ?? (await markBroadcastRead(tx, userId, id));
    if (!notification) throw notFound('Notification not found');
    await publishNotificationsChanged(tx, [userId]);
    return notification;
  });
  // Before answering: the user's next count on this process must not be the one before the read.
  unreadCountCache().forgetUsers([userId]);
  return notification;
}

/**
 * Marks every unread notification of the user read: their own rows, and every broadcast up to now
 * (the feed's watermark moves; its marks are no longer needed). Tells the user's other tabs when
 * any was unread.
 */
export async function readAllNotifications(userId: string): Promise<TReadAllNotificationsResponse> {
  const result = await sql.begin(async (tx) => {
    const own = await markAllNotificationsRead(tx, userId);
    const broadcasts = await moveBroadcastWatermark(tx, userId);
    if (broadcasts !== null) await deleteBroadcastReads(tx, userId);
    const updated = own + (broadcasts ?? 0);
    if (updated > 0) await publishNotificationsChanged(tx, [userId]);
    return { updated };
  });
  unreadCountCache().forgetUsers([userId]);
  return result;
}

/**
 * Notifies the staff a ticket change concerns, inside the caller's transaction (so the change and
 * its notifications commit together). Never the actor; only active agents and admins. Exactly the
 * recipients get a realtime `notifications` event, on commit. Answers how many were notified.
 */
export async function notifyStaffAboutTicket(tx: Db, notification: TicketNotification): Promise<number> {
  const recipients = await insertStaffNotifications(tx, {
    audience: notification.audience,
    actorId: notification.actorId,
    type: notification.type,
    title: notification.title.slice(0, LIMITS.notificationTitleMax),
    message: notification.message,
    relatedEntityId: notification.ticketId,
    relatedEntityType: 'ticket',
  });
  await publishNotificationsChanged(tx, recipients);
  return recipients.length;
}
