import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants/notifications.ts';

export {
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_TYPES,
  notificationReadPath,
} from './constants/notifications.ts';
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

export const ZNotification = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: ZNotificationType,
  title: z.string(),
  message: z.string(),
  relatedEntityId: z.string().nullable(),
  relatedEntityType: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /api/notifications: the caller's own notifications, newest first. */
export const ZNotificationListResponse = z.array(ZNotification);
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

/** GET /api/notifications/count: the caller's unread notifications. */
export const ZNotificationCountResponse = z.object({ count: z.number().int() });
export type TNotificationCountResponse = z.infer<typeof ZNotificationCountResponse>;

/** PUT /api/notifications/read-all: how many notifications changed from unread to read. */
export const ZReadAllNotificationsResponse = z.object({ updated: z.number().int() });
export type TReadAllNotificationsResponse = z.infer<typeof ZReadAllNotificationsResponse>;

export const ZNotificationIdParams = z.strictObject({
  id: z.uuid({ error: 'Invalid notification ID format' }),
});
