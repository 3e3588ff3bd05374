import type { TNotification, TNotificationType } from '@helpdesk/contracts';
import { localizeText } from '@helpdesk/shared-ui';

/** The bell notifications that also become desktop notifications (docs/product.md#notifications). */
export const DESKTOP_NOTIFICATION_TYPES: ReadonlySet<TNotificationType> = new Set([
  'ticket_assigned',
  'sla_warning',
  'ticket_reply',
]);

/**
 * Remembers which bell notifications were already there, so only ones that arrive later reach the
 * desktop, each once: `seed` with the list as it is when the desk opens, then `take` each refreshed
 * list. Until seeded, `take` only records (a notification from before the tab opened never pops up).
 */
export function createDesktopNotifier() {
  const seen = new Set<string>();
  let isSeeded = false;
  return {
    seed(list: readonly TNotification[]) {
      for (const notification of list) seen.add(notification.id);
      isSeeded = true;
    },
    take(list: readonly TNotification[]): TNotification[] {
      const fresh = list.filter((notification) => !seen.has(notification.id));
      for (const notification of fresh) seen.add(notification.id);
      if (!isSeeded) {
        isSeeded = true;
        return [];
      }
      return fresh.filter(
        (notification) => !notification.isRead && DESKTOP_NOTIFICATION_TYPES.has(notification.type),
      );
    },
  };
}

/** Shows each notification as a system notification; clicking one brings the tab forward and calls `onOpen`. */
export function showDesktopNotifications(
  list: readonly TNotification[],
  onOpen: (notification: TNotification) => void,
): void {
  for (const notification of list) {
    try {
      const shown = new Notification(localizeText(notification.title), {
        body: localizeText(notification.message),
        tag: notification.id,
      });
      shown.onclick = () => {
        window.focus();
        onOpen(notification);
        shown.close();
      };
    } catch {
      // Some mobile browsers allow notifications only through a service worker: the bell still shows it.
    }
  }
}
