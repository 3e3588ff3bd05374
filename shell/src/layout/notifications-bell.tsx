import type { TNotificationCountResponse } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import { Button } from '@helpdesk/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLayoutT } from './messages.ts';
import { refreshNotifications } from './notification-queries.ts';
import { createIntentModule, useIntentModule } from './use-intent-module.ts';

// The popover and the panel inside it (list, icons, Mark all read) come together when the bell is about
// to be used, not with the shell's boot (docs/performance.md#frontend).
const popover = createIntentModule(() =>
  Promise.all([import('@helpdesk/shared-ui/popover'), import('./notifications-panel.tsx')]).then(
    ([popoverModule, panelModule]) => ({
      ...popoverModule,
      NotificationsPanel: panelModule.NotificationsPanel,
    }),
  ),
);

function badgeText(count: number) {
  return count > 99 ? '99+' : String(count);
}

/**
 * The header bell for admins and agents: unread badge and a scrolling list in a popover (its code is
 * fetched when the bell is about to be used, see use-intent-module.ts).
 */
export function NotificationsBell() {
  const t = useLayoutT();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);

  const countQuery = useQuery<TNotificationCountResponse>({ queryKey: [API_PATHS.notificationsCount] });
  const unread = countQuery.data?.count ?? 0;

  // Other people's ticket changes notify this user without touching this tab's cache, and nothing
  // polls; moving to another page is when the badge catches up. After the new page's first paint:
  // starting the request in the navigation's own commit made the click to the page that much slower.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const lastPathname = useRef(pathname);
  useEffect(() => {
    if (lastPathname.current === pathname) return;
    lastPathname.current = pathname;
    // A task queued from the frame's callbacks runs once that frame is painted.
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      refresh = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [API_PATHS.notificationsCount] }),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(refresh);
    };
  }, [pathname, queryClient]);

  function handleOpenChange(next: boolean) {
    setIsOpen(next);
    // Data never goes stale by itself, so opening the bell is when it is refreshed.
    if (next) void refreshNotifications(queryClient);
  }

  const bellPopover = useIntentModule(popover, { onActivate: () => handleOpenChange(true) });
  const bellButton = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
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
  const { Popover, PopoverContent, PopoverTrigger, NotificationsPanel } = bellPopover.module;

  return (
    <Popover open={isOpen} onOpenChange={handleOpenChange}>
      <PopoverTrigger asChild>{bellButton}</PopoverTrigger>
      <PopoverContent align="end" className="w-96 max-w-[calc(100vw-2rem)] p-0">
        <NotificationsPanel unread={unread} onClose={() => setIsOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
