import type {
  TNotification,
  TNotificationCountResponse,
  TNotificationListResponse,
} from '@helpdesk/contracts';
import { API_PATHS, notificationReadPath } from '@helpdesk/contracts/constants';
import { apiRequest, Button, cn, formatRelativeTime, handleSessionEnded, toast } from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Bell, CheckCheck, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { notificationStyle } from './notification-style.ts';
import { createIntentModule, useIntentModule } from './use-intent-module.ts';

const popover = createIntentModule(() => import('@helpdesk/shared-ui/popover'));
// Comes with the open popover, not with the shell's boot (docs/performance.md#frontend).
const DesktopNotificationsPrompt = lazy(() =>
  import('./desktop-notifications-prompt.tsx').then((module) => ({
    default: module.DesktopNotificationsPrompt,
  })),
);

const NOTIFICATION_KEYS = [[API_PATHS.notifications], [API_PATHS.notificationsCount]] as const;

function badgeText(count: number) {
  return count > 99 ? '99+' : String(count);
}

/**
 * The header bell for admins and agents: unread badge and a scrolling list in a popover (its code is
 * fetched when the bell is about to be used, see use-intent-module.ts).
 */
export function NotificationsBell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);

  const countQuery = useQuery<TNotificationCountResponse>({ queryKey: [API_PATHS.notificationsCount] });
  const listQuery = useQuery<TNotificationListResponse>({
    queryKey: [API_PATHS.notifications],
    enabled: isOpen,
  });
  const unread = countQuery.data?.count ?? 0;

  const refresh = () =>
    Promise.all(NOTIFICATION_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  // Other people's ticket changes notify this user without touching this tab's cache, and nothing
  // polls; moving to another page is when the badge catches up.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    void queryClient.invalidateQueries({ queryKey: [API_PATHS.notificationsCount] });
  }, [pathname, queryClient]);

  const markRead = useMutation({
    mutationFn: (id: string) => apiRequest<unknown>('PUT', notificationReadPath(id)),
    onSuccess: refresh,
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      toast({ title: 'Error', description: 'Failed to mark notification as read', variant: 'destructive' });
    },
  });

  const markAllRead = useMutation({
    mutationFn: () => apiRequest<unknown>('PUT', API_PATHS.notificationsReadAll),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Success', description: 'All notifications marked as read' });
    },
    onError: (error) => {
      if (handleSessionEnded(error)) return;
      toast({
        title: 'Error',
        description: 'Failed to mark all notifications as read',
        variant: 'destructive',
      });
    },
  });

  function handleOpenChange(next: boolean) {
    setIsOpen(next);
    // Data never goes stale by itself, so opening the bell is when it is refreshed.
    if (next) void refresh();
  }

  function handleClick(notification: TNotification) {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.relatedEntityType === 'ticket' && notification.relatedEntityId) {
      setIsOpen(false);
      void navigate({ to: '/tickets/$ticketId', params: { ticketId: notification.relatedEntityId } });
    }
  }

  const bellPopover = useIntentModule(popover, { onActivate: () => handleOpenChange(true) });
  const bellButton = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      {...(bellPopover.module === null
        ? { 'aria-haspopup': 'dialog', 'aria-expanded': false, ...bellPopover.placeholderProps }
        : { ref: bellPopover.triggerRef })}
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 && (
        <span
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white leading-none"
        >
          {badgeText(unread)}
        </span>
      )}
    </Button>
  );
  if (bellPopover.module === null) return bellButton;
  const { Popover, PopoverContent, PopoverTrigger } = bellPopover.module;

  return (
    <Popover open={isOpen} onOpenChange={handleOpenChange}>
      <PopoverTrigger asChild>{bellButton}</PopoverTrigger>
      <PopoverContent align="end" className="w-96 max-w-[calc(100vw-2rem)] p-0">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <p className="font-semibold text-sm">Notifications</p>
          {unread > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 text-xs"
              disabled={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              <CheckCheck className="size-3.5" aria-hidden />
              Mark all read
            </Button>
          )}
        </div>
        <Suspense fallback={null}>
          <DesktopNotificationsPrompt />
        </Suspense>
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
      </PopoverContent>
    </Popover>
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
  if (isLoading)
    return <p className="px-4 py-8 text-center text-muted-foreground text-sm">Loading notifications...</p>;
  if (isError && notifications.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <p className="text-destructive text-sm">Failed to load notifications.</p>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw className="size-4" aria-hidden />
          Retry
        </Button>
      </div>
    );
  }
  if (notifications.length === 0) {
    return <p className="px-4 py-8 text-center text-muted-foreground text-sm">No notifications</p>;
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
                    {notification.title}
                  </span>
                  {!notification.isRead && (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">Unread</span>
                    </span>
                  )}
                </span>
                <span className="mt-0.5 line-clamp-2 block text-muted-foreground text-xs">
                  {notification.message}
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
