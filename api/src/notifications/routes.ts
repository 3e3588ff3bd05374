import {
  API_PATHS,
  ZNotification,
  ZNotificationCountResponse,
  ZNotificationIdParams,
  ZNotificationListResponse,
  ZReadAllNotificationsResponse,
} from '@helpdesk/contracts';
import { Elysia } from 'elysia';
import type { RouteDeps } from '../deps.ts';
import { responseShape } from '../response-shape.ts';
import { countUnread, listNotifications, readAllNotifications, readNotification } from './service.ts';

const tags = ['notifications'];

/** The header bell: the caller's own notifications (admins and agents). */
export function createNotificationRoutes({ session }: RouteDeps) {
  return new Elysia({ name: 'notification-routes' })
    .use(session)
    .get(API_PATHS.notifications, ({ user }) => listNotifications(user.id), {
      auth: 'staff',
      response: responseShape(ZNotificationListResponse),
      detail: { tags, summary: 'Own notifications, newest first (at most 50)' },
    })
    .get(API_PATHS.notificationsCount, ({ user }) => countUnread(user.id), {
      auth: 'staff',
      response: responseShape(ZNotificationCountResponse),
      detail: { tags, summary: 'Unread notification count' },
    })
    .put(API_PATHS.notificationsReadAll, ({ user }) => readAllNotifications(user.id), {
      auth: 'staff',
      response: responseShape(ZReadAllNotificationsResponse),
      detail: { tags, summary: 'Mark every own notification read' },
    })
    .put(`${API_PATHS.notifications}/:id/read`, ({ user, params }) => readNotification(user.id, params.id), {
      auth: 'staff',
      params: ZNotificationIdParams,
      response: responseShape(ZNotification),
      detail: { tags, summary: 'Mark one own notification read' },
    });
}
