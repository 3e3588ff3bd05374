import type { TNotification, TNotificationListResponse, TNotificationSettings } from '@helpdesk/contracts';
import { ADMIN_API_PATHS, API_PATHS } from '@helpdesk/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { createDesktopNotifier } from './desktop-notifications.ts';

/** What the browser allows for desktop notifications on this site ('unsupported': no Notification API). */
export function desktopPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Whether the desk offers desktop notifications (its push notifications switch); false until known. */
export function useIsDesktopNotificationsOffered(isStaff: boolean): boolean {
  const query = useQuery<TNotificationSettings>({
    queryKey: [ADMIN_API_PATHS.notificationSettings],
    enabled: isStaff,
  });
  return query.data?.pushNotifications === true;
}

/**
 * For staff on a desk that offers them, and once the browser allows it: answers the callback the
 * live updates call when the bell changed, which shows each new assignment or SLA warning as a
 * system notification; clicking one brings the tab forward on the ticket.
 */
export function useDesktopNotifications(isStaff: boolean): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isOffered = useIsDesktopNotificationsOffered(isStaff);
  const [notifier] = useState(createDesktopNotifier);

  const readList = useCallback(
    () =>
      queryClient
        .fetchQuery<TNotificationListResponse>({ queryKey: [API_PATHS.notifications] })
        .catch(() => null),
    [queryClient],
  );

  useEffect(() => {
    if (!isOffered) return;
    void readList().then((list) => list && notifier.seed(list));
  }, [isOffered, notifier, readList]);

  return useCallback(async () => {
    if (!isOffered || desktopPermission() !== 'granted') return;
    const list = await readList();
    if (list === null) return;
    const fresh = notifier.take(list);
    if (fresh.length === 0) return;
    // An admin may have switched them off since the tab opened: ask again before showing anything.
    const settings = await queryClient
      .fetchQuery<TNotificationSettings>({ queryKey: [ADMIN_API_PATHS.notificationSettings], staleTime: 0 })
      .catch(() => null);
    if (settings?.pushNotifications !== true) return;
    const openTicket = (notification: TNotification) => {
      if (notification.relatedEntityType !== 'ticket' || !notification.relatedEntityId) return;
      void navigate({ to: '/tickets/$ticketId', params: { ticketId: notification.relatedEntityId } });
    };
    for (const notification of fresh) {
      try {
        const shown = new Notification(notification.title, {
          body: notification.message,
          tag: notification.id,
        });
        shown.onclick = () => {
          window.focus();
          openTicket(notification);
          shown.close();
        };
      } catch {
        // Some mobile browsers allow notifications only through a service worker: the bell still shows it.
      }
    }
  }, [isOffered, navigate, notifier, queryClient, readList]);
}
