import { API_PATHS } from '../api-paths.ts';

/** The notification types (docs/product.md#notifications). Each has its own icon and colour in the UI; unknown types get a default. */
export const NOTIFICATION_TYPES = [
  'ticket_assigned',
  'ticket_status_changed',
  'ticket_resolved',
  'ticket_created',
  'sla_warning',
  'system_announcement',
  'ticket_reply',
] as const;

/** GET /api/notifications answers at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** `/api/notifications/{id}/read` */
export const notificationReadPath = (notificationId: string) =>
  `${API_PATHS.notifications}/${notificationId}/read`;
