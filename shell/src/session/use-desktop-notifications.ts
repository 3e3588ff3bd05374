import type { TNotificationListResponse, TNotificationSettings } from '@helpdesk/contracts';
import { ADMIN_API_PATHS, API_PATHS } from '@helpdesk/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

// The notifier and the Notification code load on a desk that offers them, not with the shell's boot.
const loadDesktop = () => import('./desktop-notifications.ts');
type TDesktopModule = Awaited<ReturnType<typeof loadDesktop>>;
type TDesktop = { module: TDesktopModule; notifier: ReturnType<TDesktopModule['createDesktopNotifier']> };

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
 * system notification (the code for it loads with the first offer); clicking one opens the ticket.
 */
export function useDesktopNotifications(isStaff: boolean): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isOffered = useIsDesktopNotificationsOffered(isStaff);
  const desktop = useRef<Promise<TDesktop> | null>(null);

  const readList = useCallback(
    () =>
      queryClient
        .fetchQuery<TNotificationListResponse>({ queryKey: [API_PATHS.notifications] })
        .catch(() => null),
    [queryClient],
  );

  useEffect(() => {
    if (!isOffered || desktop.current !== null) return;
    desktop.current = Promise.all([loadDesktop(), readList()]).then(([module, list]) => {
      const notifier = module.createDesktopNotifier();
      if (list !== null) notifier.seed(list);
      return { module, notifier };
    });
  }, [isOffered, readList]);

  return useCallback(async () => {
    if (!isOffered || desktopPermission() !== 'granted' || desktop.current === null) return;
    const [{ module, notifier }, list] = await Promise.all([desktop.current, readList()]);
    if (list === null) return;
    const fresh = notifier.take(list);
    if (fresh.length === 0) return;
    // An admin may have switched them off since the tab opened: ask again before showing anything.
    const settings = await queryClient
      .fetchQuery<TNotificationSettings>({ queryKey: [ADMIN_API_PATHS.notificationSettings], staleTime: 0 })
      .catch(() => null);
    if (settings?.pushNotifications !== true) return;
    module.showDesktopNotifications(fresh, (notification) => {
      if (notification.relatedEntityType !== 'ticket' || !notification.relatedEntityId) return;
      void navigate({ to: '/tickets/$ticketId', params: { ticketId: notification.relatedEntityId } });
    });
  }, [isOffered, navigate, queryClient, readList]);
}
