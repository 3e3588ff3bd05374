import type { TUserRole } from '@helpdesk/contracts';
import { API_PATHS } from '@helpdesk/contracts/constants';
import { refreshCurrentUser } from '@helpdesk/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateLiveChanges, type LiveUpdatesDeps, startLiveUpdates } from './live-updates.ts';
import { useDesktopNotifications } from './use-desktop-notifications.ts';

// Events of one change (a comment, its notifications) arrive together: one refetch serves them all.
const BATCH_MS = 100;

/** GETs the stream only to read its status, then drops it. */
async function probeStatus(url: string): Promise<number | null> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream' },
    });
    return response.status;
  } catch {
    return null;
  } finally {
    controller.abort();
  }
}

const browserDeps: Omit<LiveUpdatesDeps, 'url'> = {
  // Same origin: the session cookie goes along.
  openEventSource: (url) => new EventSource(url),
  probe: probeStatus,
  clock: {
    now: () => Date.now(),
    after: (ms, run) => {
      const handle = window.setTimeout(run, ms);
      return () => window.clearTimeout(handle);
    },
  },
  onFocus: (run) => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  },
  random: Math.random,
};

/**
 * Live updates for the bell holders (agents and admins) while they are signed in: the bell, open
 * ticket pages, ticket lists and the dashboard refresh the moment the server says something
 * changed, and new assignments, SLA warnings and replies become desktop notifications where the desk's
 * push switch and the browser allow. While the stream is unavailable the bell is refreshed on
 * focus and every minute instead.
 */
export function useLiveUpdates(role: TUserRole) {
  const queryClient = useQueryClient();
  const isStaff = role === 'admin' || role === 'agent';
  // A ref, so the connection is not reopened when the desktop settings load or change.
  const notifyDesktop = useRef<() => Promise<void>>(async () => {});
  notifyDesktop.current = useDesktopNotifications(isStaff);

  useEffect(() => {
    if (!isStaff) return;
    let isBell = false;
    let isEverything = false;
    let ticketIds = new Set<string>();
    let flushTimer: number | null = null;
    const flush = () => {
      flushTimer = null;
      const changes = { isBell, isEverything, ticketIds };
      isBell = false;
      isEverything = false;
      ticketIds = new Set();
      void invalidateLiveChanges(queryClient, changes).then(() => {
        if (changes.isBell || changes.isEverything) void notifyDesktop.current();
      });
    };
    const queue = () => {
      flushTimer ??= window.setTimeout(flush, BATCH_MS);
    };
    const connection = startLiveUpdates(
      { ...browserDeps, url: API_PATHS.events },
      {
        notifications: () => {
          isBell = true;
          queue();
        },
        ticket: (ticketId) => {
          ticketIds.add(ticketId);
          queue();
        },
        // mf-tickets' ticketPresenceKey: only the ticket page's viewers bar shows it.
        presence: (ticketId) =>
          void queryClient.invalidateQueries({
            queryKey: [API_PATHS.tickets, ticketId, 'presence'],
            exact: true,
          }),
        resync: () => {
          isEverything = true;
          queue();
        },
        fallbackRefresh: () => {
          isBell = true;
          queue();
        },
        signedOut: () => void refreshCurrentUser(queryClient),
      },
    );
    return () => {
      connection.stop();
      if (flushTimer !== null) window.clearTimeout(flushTimer);
    };
  }, [queryClient, isStaff]);
}
