import { API_PATHS } from '@helpdesk/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';

const NOTIFICATION_KEYS = [[API_PATHS.notifications], [API_PATHS.notificationsCount]] as const;

/** Refetches the bell's count and list (opening the bell, marking read). */
export function refreshNotifications(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(NOTIFICATION_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
