import {
  LIMITS,
  NOTIFICATION_LIST_LIMIT,
  type TNotification,
  type TNotificationCountResponse,
  type TNotificationType,
  type TReadAllNotificationsResponse,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { notFound } from '../errors.ts';
import {
  countUnreadNotifications,
  insertStaffNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationAudience,
  selectNotifications,
} from './queries.ts';

/** The user's own notifications, newest first. */
export function listNotifications(userId: string): Promise<TNotification[]> {
  return selectNotifications(sql, userId, NOTIFICATION_LIST_LIMIT);
}

/** How many of the user's notifications are unread. */
export async function countUnread(userId: string): Promise<TNotificationCountResponse> {
  return { count: await countUnreadNotifications(sql, userId) };
}

/** Marks one of the user's own notifications read; someone else's answers 404 like a missing one. */
export async function readNotification(userId: string, id: string): Promise<TNotification> {
  const notification = await markNotificationRead(sql, userId, id);
  if (!notification) throw notFound('Notification not found');
  return notification;
}

/** Marks every unread notification of the user read. */
export async function readAllNotifications(userId: string): Promise<TReadAllNotificationsResponse> {
  return { updated: await markAllNotificationsRead(sql, userId) };
}

/**
 * Notifies the staff a ticket change concerns, inside the caller's transaction (so the change and
 * its notifications commit together). Never the actor; only active agents and admins.
 */
export function notifyStaffAboutTicket(
  tx: Db,
  notification: {
    audience: NotificationAudience;
    actorId: string | null;
    type: TNotificationType;
    title: string;
    message: string;
    ticketId: string;
  },
): Promise<number> {
  return insertStaffNotifications(tx, {
    audience: notification.audience,
    actorId: notification.actorId,
    type: notification.type,
    title: notification.title.slice(0, LIMITS.notificationTitleMax),
    message: notification.message,
    relatedEntityId: notification.ticketId,
    relatedEntityType: 'ticket',
  });
}
