import type { TRealtimeEventType } from '@helpdesk/contracts';
import { API_PATHS, REALTIME } from '@helpdesk/contracts/constants';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readTicketEventId } from './realtime-event.ts';

/** What the connection needs of an EventSource (the browser's, or a fake in tests). */
export type EventSourceLike = {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener: (type: TRealtimeEventType, listener: (event: MessageEvent<string>) => void) => void;
  close: () => void;
};

/** Timers and the clock, injectable so the reconnect rules can be tested without waiting. */
export type Clock = {
  now: () => number;
  /** Runs `run` after `ms`; answers how to cancel it. */
  after: (ms: number, run: () => void) => () => void;
};

export type LiveUpdatesDeps = {
  url: string;
  openEventSource: (url: string) => EventSourceLike;
  /** GETs the url and answers its status without reading the body (null: no answer at all). */
  probe: (url: string) => Promise<number | null>;
  clock: Clock;
  /** Calls `run` when the window regains focus; answers how to stop listening. */
  onFocus: (run: () => void) => () => void;
  random: () => number;
};

/** What the connection reports; the hook turns these into query invalidations. */
export type LiveUpdatesTarget = {
  notifications: () => void;
  ticket: (ticketId: string) => void;
  /** Who has this ticket's page open changed (agents and admins only). */
  presence: (ticketId: string) => void;
  /** The stream (re)opened after a gap: anything may have changed meanwhile. */
  resync: () => void;
  /** The stream is unavailable: refresh the bell (on focus and every REALTIME.fallbackRefetchMs). */
  fallbackRefresh: () => void;
  /** The session is over (401): the sign-in flow takes it from here. */
  signedOut: () => void;
};

export type LiveUpdatesState = 'connecting' | 'live' | 'fallback' | 'stopped';

const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 30_000;
// A stream that stayed up this long counts as healthy: the next drop starts the back-off afresh.
const HEALTHY_STREAM_MS = 10_000;

/** Reconnect delay after `attempt` failures in a row: 1 s doubling to 30 s, with jitter so a restarted server is not hit by every tab at once. */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Keeps one EventSource on GET /api/events and reports what it hears. The browser's own retry
 * stops for good on any non-200 answer and ignores back-off, so every error closes the source and
 * a plain GET (the probe) decides: 200 reconnects after a back-off, 204 (no stream offered) switches to the
 * fallback of refreshing the bell on focus and every minute while probing again each minute, 401
 * ends it (signed out), anything else backs off and tries again. While the stream is live nothing
 * polls. Answers a stop function and the current state.
 */
export function startLiveUpdates(deps: LiveUpdatesDeps, target: LiveUpdatesTarget) {
  let state: LiveUpdatesState = 'connecting';
  let source: EventSourceLike | null = null;
  let cancelTimer: (() => void) | null = null;
  let stopFocus: (() => void) | null = null;
  // Streams that dropped in a row (a stream that stayed up a while resets it), and failed probes in a row.
  let drops = 0;
  let probeFailures = 0;
  let openedAt: number | null = null;
  let hasBeenLive = false;
  let needsResync = false;

  const clearTimer = () => {
    cancelTimer?.();
    cancelTimer = null;
  };
  const schedule = (run: () => void, ms: number) => {
    clearTimer();
    cancelTimer = deps.clock.after(ms, () => {
      cancelTimer = null;
      run();
    });
  };

  const enterFallback = () => {
    const wasFallback = state === 'fallback';
    state = 'fallback';
    stopFocus ??= deps.onFocus(() => target.fallbackRefresh());
    if (!wasFallback) target.fallbackRefresh();
  };
  const leaveFallback = () => {
    stopFocus?.();
    stopFocus = null;
  };

  const connect = () => {
    if (state === 'stopped') return;
    const opened = deps.openEventSource(deps.url);
    source = opened;
    opened.onopen = () => {
      if (source !== opened || state === 'stopped') return;
      state = 'live';
      openedAt = deps.clock.now();
      leaveFallback();
      clearTimer();
      if (needsResync) target.resync();
      // The bell was loaded before the stream could hear anything: a notification written in between
      // would otherwise wait for the next page change.
      else if (!hasBeenLive) target.notifications();
      hasBeenLive = true;
      needsResync = false;
    };
    opened.onerror = () => {
      if (source !== opened || state === 'stopped') return;
      opened.close();
      source = null;
      if (openedAt !== null && deps.clock.now() - openedAt >= HEALTHY_STREAM_MS) drops = 0;
      openedAt = null;
      drops += 1;
      if (hasBeenLive) needsResync = true;
      if (state === 'live') state = 'connecting';
      void recover();
    };
    opened.addEventListener('notifications', () => {
      if (source === opened) target.notifications();
    });
    // Both carry `{ ticketId }`: a `ticket` changed, or who has its page open (`presence`).
    for (const type of ['ticket', 'presence'] as const) {
      opened.addEventListener(type, (event) => {
        if (source !== opened) return;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        const ticketId = readTicketEventId(data);
        if (ticketId !== null) target[type](ticketId);
      });
    }
  };

  // A function, not a narrowed variable: stop() may run while a probe is awaited.
  const isStopped = () => state === 'stopped';

  const recover = async () => {
    if (isStopped()) return;
    const status = await deps.probe(deps.url).catch(() => null);
    if (isStopped()) return;
    if (status === 401) {
      stop();
      target.signedOut();
      return;
    }
    if (status === 204) {
      // No stream is offered: the bell is refreshed now, on focus and every minute; look again each minute.
      probeFailures = 0;
      drops = 0;
      enterFallback();
      schedule(() => {
        target.fallbackRefresh();
        void recover();
      }, REALTIME.fallbackRefetchMs);
      return;
    }
    if (status === 200) {
      probeFailures = 0;
      // Whatever the bell-only fallback missed (ticket pages) is refetched once the stream is back.
      if (state === 'fallback') needsResync = true;
      schedule(connect, drops <= 1 ? 0 : backoffDelay(drops, deps.random));
      return;
    }
    // Over the per-user cap, a server restarting, the network gone: keep the bell fresh meanwhile.
    probeFailures += 1;
    enterFallback();
    schedule(() => void recover(), backoffDelay(probeFailures, deps.random));
  };

  const stop = () => {
    state = 'stopped';
    clearTimer();
    leaveFallback();
    source?.close();
    source = null;
  };

  connect();
  return { stop, state: () => state };
}

const DASHBOARD_KEYS: readonly QueryKey[] = [
  [API_PATHS.dashboardMetrics],
  [API_PATHS.dashboardTeamActivity],
  [API_PATHS.dashboardSlaMetrics],
];
/** The bell's queries (shell/src/layout/notifications-bell.tsx). */
export const BELL_QUERY_KEYS: readonly QueryKey[] = [
  [API_PATHS.notificationsCount],
  [API_PATHS.notifications],
];

/** A ticket list, wherever it is shown: `[tickets, { ...query }]` (the list page, the dashboard's recent tickets). */
function isTicketListKey(queryKey: QueryKey): boolean {
  const params = queryKey[1];
  return (
    queryKey.length === 2 &&
    queryKey[0] === API_PATHS.tickets &&
    typeof params === 'object' &&
    params !== null
  );
}

/** What one batch of events makes stale. */
export type LiveChanges = { isBell: boolean; ticketIds: ReadonlySet<string>; isEverything: boolean };

/**
 * Invalidates what the changes touch. Only queries on screen refetch (TanStack's default); the
 * rest are marked stale and load fresh when next shown. The remotes share this QueryClient, so an
 * open ticket page refreshes too.
 */
export async function invalidateLiveChanges(queryClient: QueryClient, changes: LiveChanges): Promise<void> {
  const work: Promise<void>[] = [];
  if (changes.isBell || changes.isEverything) {
    for (const queryKey of BELL_QUERY_KEYS) work.push(queryClient.invalidateQueries({ queryKey }));
  }
  if (changes.isEverything) {
    work.push(queryClient.invalidateQueries({ queryKey: [API_PATHS.tickets] }));
  } else {
    for (const ticketId of changes.ticketIds) {
      work.push(queryClient.invalidateQueries({ queryKey: [API_PATHS.tickets, ticketId] }));
    }
    if (changes.ticketIds.size > 0) {
      work.push(queryClient.invalidateQueries({ predicate: (query) => isTicketListKey(query.queryKey) }));
    }
  }
  if (changes.isEverything || changes.ticketIds.size > 0) {
    for (const queryKey of DASHBOARD_KEYS) work.push(queryClient.invalidateQueries({ queryKey }));
  }
  await Promise.all(work);
}
