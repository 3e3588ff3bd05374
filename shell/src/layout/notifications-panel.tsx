import type { TNotification, TNotificationListResponse } from '@helpdesk/contracts';
import { API_PATHS, notificationReadPath } from '@helpdesk/contracts/constants';
import {
  apiRequest,
  Button,
  cn,
  formatRelativeTime,
  handleSessionEnded,
  toast,
  useLocalizeText,
} from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CheckCheck, RefreshCw } from 'lucide-react';
import { DesktopNotificationsPrompt } from './desktop-notifications-prompt.tsx';
import { refreshNotifications } from './notification-queries.ts';
import { notificationStyle } from './notification-style.ts';
import { useLayoutPopupsT } from './popups/messages.ts';

/**
 * The open bell: Mark all read, the desktop-notifications offer and the list. It exists only while
 * the popover is open, so the list is fetched then; a ticket's notification opens the ticket.
 */
export function NotificationsPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const t = useLayoutPopupsT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const listQuery = useQuery<TNotificationListResponse>({ queryKey: [API_PATHS.notifications] });
  const refresh = () => refreshNotifications(queryClient);

  const markRead = useMutation({
    mutationFn: (id: string) => apiRequest<unknown>('PUT', notificationReadPath(id)),
    onSuccess: refresh,
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      toast({
        title: t('notifications.error'),
        description: t('notifications.markReadFailed'),
        variant: 'destructive',
      });
    },
  });

  const markAllRead = useMutation({
    mutationFn: () => apiRequest<unknown>('PUT', API_PATHS.notificationsReadAll),
    onSuccess: async () => {
      await refresh();
      toast({ title: t('notifications.success'), description: t('notifications.allMarkedRead') });
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      toast({
        title: t('notifications.error'),
        description: t('notifications.markAllReadFailed'),
        variant: 'destructive',
      });
    },
  });

  function handleClick(notification: TNotification) {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.relatedEntityType === 'ticket' && notification.relatedEntityId) {
      onClose();
      void navigate({ to: '/tickets/$ticketId', params: { ticketId: notification.relatedEntityId } });
    }
  }

  return (
    <>
      <div className="flex items-center justify-between border-b px-4 py-3">
        <p className="font-semibold text-sm">{t('notifications.title')}</p>
        {unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 text-xs"
            disabled={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckCheck className="size-3.5" aria-hidden />
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      <DesktopNotificationsPrompt />
      <div className="max-h-96 overflow-y-auto" data-testid="notification-list">
        <NotificationListBody
          isLoading={listQuery.isLoading}
          isError={listQuery.isError}
          isRetrying={listQuery.isFetching}
          onRetry={() => void listQuery.refetch()}
          notifications={listQuery.data ?? []}
          onSelect={handleClick}
        />
      </div>
    </>
  );
}

function NotificationListBody({
  isLoading,
  isError,
  isRetrying,
  onRetry,
  notifications,
  onSelect,
}: {
  isLoading: boolean;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  notifications: TNotification[];
  onSelect: (notification: TNotification) => void;
}) {
  const t = useLayoutPopupsT();
  const localize = useLocalizeText();
  if (isLoading)
    return (
      <p className="px-4 py-8 text-center text-muted-foreground text-sm">{t('notifications.loading')}</p>
    );
  if (isError && notifications.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <p className="text-destructive text-sm">{t('notifications.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw className="size-4" aria-hidden />
          {t('notifications.retry')}
        </Button>
      </div>
    );
  }
  if (notifications.length === 0) {
    return <p className="px-4 py-8 text-center text-muted-foreground text-sm">{t('notifications.empty')}</p>;
  }
  const now = new Date();
  return (
    <ul className="divide-y">
      {notifications.map((notification) => {
        const style = notificationStyle(notification.type);
        const Icon = style.icon;
        return (
          <li key={notification.id}>
            <button
              type="button"
              onClick={() => onSelect(notification)}
              className={cn(
                'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                !notification.isRead && 'bg-primary/5',
              )}
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full',
                  style.className,
                )}
              >
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-start justify-between gap-2">
                  <span className={cn('text-sm', notification.isRead ? 'font-normal' : 'font-semibold')}>
                    {localize(notification.title)}
                  </span>
                  {!notification.isRead && (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">{t('notifications.unread')}</span>
                    </span>
                  )}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-muted-foreground text-xs">
                  {localize(notification.message)}
                </span>
                <span className="mt-1 block text-muted-foreground text-xs">
                  {formatRelativeTime(notification.createdAt, now)}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
