import { describe, expect, test } from 'bun:test';
import type { TRealtimeEventType } from '@helpdesk/contracts';
import { API_PATHS, REALTIME } from '@helpdesk/contracts/constants';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  backoffDelay,
  type EventSourceLike,
  invalidateLiveChanges,
  type LiveUpdatesTarget,
  startLiveUpdates,
} from './live-updates.ts';

class FakeEventSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: TRealtimeEventType, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

/** A manual clock: timers run only when the test advances time. */
function createClock() {
  let now = 0;
  let timers: { at: number; run: () => void; isCancelled: boolean }[] = [];
  return {
    now: () => now,
    after: (ms: number, run: () => void) => {
      const timer = { at: now + ms, run, isCancelled: false };
      timers.push(timer);
      return () => {
        timer.isCancelled = true;
      };
    },
    pending: () => timers.filter((timer) => !timer.isCancelled).map((timer) => timer.at - now),
    advance: async (ms: number) => {
      const until = now + ms;
      for (;;) {
        const due = timers
          .filter((timer) => !timer.isCancelled && timer.at <= until)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
        await settle();
      }
      now = until;
    },
  };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function harness(statuses: (number | null)[]) {
  const clock = createClock();
  const sources: FakeEventSource[] = [];
  const probes: string[] = [];
  const focusListeners = new Set<() => void>();
  const calls: string[] = [];
  const target: LiveUpdatesTarget = {
    notifications: () => calls.push('notifications'),
    ticket: (id) => calls.push(`ticket ${id}`),
    presence: (id) => calls.push(`presence ${id}`),
    resync: () => calls.push('resync'),
    fallbackRefresh: () => calls.push('fallback'),
    signedOut: () => calls.push('signed-out'),
  };
  const connection = startLiveUpdates(
    {
      url: API_PATHS.events,
      openEventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
      probe: async (url) => {
        probes.push(url);
        const status = statuses.shift();
        if (status === undefined) throw new Error('unexpected probe');
        return status;
      },
      clock,
      onFocus: (run) => {
        focusListeners.add(run);
        return () => focusListeners.delete(run);
      },
      random: () => 0.5,
    },
    target,
  );
  const latest = () => {
    const source = sources.at(-1);
    if (!source) throw new Error('no event source');
    return source;
  };
  return { clock, sources, probes, focusListeners, calls, connection, latest };
}

const TICKET_ID = '0b9a3a4e-3f0e-4b8e-9a41-2d1b7f1f0c11';

describe('the live-updates connection', () => {
  test('opens one EventSource on /api/events and reports its events; nothing polls while live', async () => {
    const h = harness([]);
    expect(h.sources.map((source) => source.url)).toEqual([API_PATHS.events]);
    h.latest().open();
    expect(h.connection.state()).toBe('live');
    // The bell was loaded before the stream could hear anything: it is fetched once more.
    expect(h.calls).toEqual(['notifications']);
    h.latest().emit('notifications', '{}');
    h.latest().emit('ticket', JSON.stringify({ ticketId: TICKET_ID }));
    h.latest().emit('ticket', '{"ticketId":"<img src=x>"}');
    h.latest().emit('ticket', 'not json');
    expect(h.calls).toEqual(['notifications', 'notifications', `ticket ${TICKET_ID}`]);
    expect(h.clock.pending()).toEqual([]);
    expect(h.focusListeners.size).toBe(0);
    await h.clock.advance(10 * REALTIME.fallbackRefetchMs);
    expect(h.probes).toEqual([]);
    expect(h.calls).toEqual(['notifications', 'notifications', `ticket ${TICKET_ID}`]);
  });

  test('a `presence` event names its ticket; malformed ones are dropped', () => {
    const h = harness([]);
    h.latest().open();
    h.latest().emit('presence', JSON.stringify({ ticketId: TICKET_ID }));
    h.latest().emit('presence', JSON.stringify({ ticketId: TICKET_ID, userId: TICKET_ID }));
    h.latest().emit('presence', 'not json');
    expect(h.calls).toEqual(['notifications', `presence ${TICKET_ID}`]);
  });

  test('a dropped stream reconnects by itself and then refetches everything it may have missed', async () => {
    const h = harness([200, 200, 200]);
    h.latest().open();
    h.latest().fail();
    expect(h.sources[0]?.isClosed).toBe(true);
    await settle();
    expect(h.probes).toHaveLength(1);
    await h.clock.advance(0);
    expect(h.sources).toHaveLength(2);
    h.latest().open();
    expect(h.calls).toEqual(['notifications', 'resync']);
    // It drops again at once: now it backs off before reconnecting (1 s doubling, with jitter).
    h.latest().fail();
    await settle();
    await h.clock.advance(0);
    expect(h.sources).toHaveLength(2);
    expect(h.clock.pending()).toEqual([backoffDelay(2, () => 0.5)]);
    await h.clock.advance(backoffDelay(2, () => 0.5));
    expect(h.sources).toHaveLength(3);
    h.latest().open();
    expect(h.calls).toEqual(['notifications', 'resync', 'resync']);
  });

  test('the server restarting: probes back off, the bell is kept fresh meanwhile, then the stream resumes', async () => {
    const h = harness([null, 503, null, 200]);
    h.latest().open();
    h.latest().fail();
    await settle();
    expect(h.connection.state()).toBe('fallback');
    expect(h.calls).toEqual(['notifications', 'fallback']);
    expect(h.clock.pending()).toEqual([backoffDelay(1, () => 0.5)]);
    await h.clock.advance(backoffDelay(1, () => 0.5));
    expect(h.clock.pending()).toEqual([backoffDelay(2, () => 0.5)]);
    await h.clock.advance(backoffDelay(2, () => 0.5));
    expect(h.clock.pending()).toEqual([backoffDelay(3, () => 0.5)]);
    for (const run of h.focusListeners) run();
    expect(h.calls).toEqual(['notifications', 'fallback', 'fallback']);
    await h.clock.advance(backoffDelay(3, () => 0.5));
    await h.clock.advance(0);
    expect(h.sources).toHaveLength(2);
    h.latest().open();
    expect(h.connection.state()).toBe('live');
    expect(h.focusListeners.size).toBe(0);
    expect(h.calls).toEqual(['notifications', 'fallback', 'fallback', 'resync']);
  });

  test('204 (push off): the bell is refreshed on focus and every minute, and push is looked for each minute', async () => {
    const h = harness([204, 204, 200]);
    h.latest().fail();
    await settle();
    expect(h.connection.state()).toBe('fallback');
    expect(h.calls).toEqual(['fallback']);
    for (const run of h.focusListeners) run();
    expect(h.calls).toEqual(['fallback', 'fallback']);
    await h.clock.advance(REALTIME.fallbackRefetchMs - 1);
    expect(h.probes).toHaveLength(1);
    await h.clock.advance(1);
    expect(h.probes).toHaveLength(2);
    expect(h.calls).toEqual(['fallback', 'fallback', 'fallback']);
    // Switched on: the next minute's probe says 200 and the stream opens, without a bell poll after that.
    await h.clock.advance(REALTIME.fallbackRefetchMs);
    await h.clock.advance(0);
    expect(h.sources).toHaveLength(2);
    h.latest().open();
    expect(h.calls).toEqual(['fallback', 'fallback', 'fallback', 'fallback', 'resync']);
    expect(h.focusListeners.size).toBe(0);
    expect(h.clock.pending()).toEqual([]);
  });

  test('401: signed out, the connection stops for good', async () => {
    const h = harness([401]);
    h.latest().open();
    h.latest().fail();
    await settle();
    expect(h.calls).toEqual(['notifications', 'signed-out']);
    expect(h.connection.state()).toBe('stopped');
    await h.clock.advance(5 * 60_000);
    expect(h.sources).toHaveLength(1);
    expect(h.probes).toHaveLength(1);
  });

  test('stop() closes the source and cancels every timer and listener', async () => {
    const h = harness([204]);
    h.latest().fail();
    await settle();
    h.connection.stop();
    expect(h.clock.pending()).toEqual([]);
    expect(h.focusListeners.size).toBe(0);
    const live = harness([]);
    live.connection.stop();
    expect(live.latest().isClosed).toBe(true);
    live.latest().emit('notifications', '{}');
    expect(live.calls).toEqual([]);
  });

  test('back-off doubles from about a second to at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(1, () => 0)).toBe(500);
  });
});

describe('what an event makes stale', () => {
  const OTHER_ID = '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f';
  const KEYS: Record<string, QueryKey> = {
    count: [API_PATHS.notificationsCount],
    list: [API_PATHS.notifications],
    detail: [API_PATHS.tickets, TICKET_ID],
    sla: [API_PATHS.tickets, TICKET_ID, 'sla-status'],
    otherDetail: [API_PATHS.tickets, OTHER_ID],
    ticketList: [API_PATHS.tickets, { status: 'all' }],
    recent: [API_PATHS.tickets, { limit: 5 }],
    metrics: [API_PATHS.dashboardMetrics],
    teamActivity: [API_PATHS.dashboardTeamActivity],
    slaMetrics: [API_PATHS.dashboardSlaMetrics],
    kb: [API_PATHS.kbArticles],
    me: [API_PATHS.authMe],
  };

  function staleAfter(changes: Parameters<typeof invalidateLiveChanges>[1]) {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    for (const queryKey of Object.values(KEYS)) queryClient.setQueryData(queryKey, { cached: true });
    return invalidateLiveChanges(queryClient, changes).then(() =>
      Object.entries(KEYS)
        .filter(([, queryKey]) => queryClient.getQueryState(queryKey)?.isInvalidated)
        .map(([name]) => name)
        .sort(),
    );
  }

  test('notifications: the bell only', async () => {
    expect(await staleAfter({ isBell: true, ticketIds: new Set(), isEverything: false })).toEqual([
      'count',
      'list',
    ]);
  });

  test('a ticket: that ticket, every ticket list and the dashboard; not other tickets', async () => {
    expect(await staleAfter({ isBell: false, ticketIds: new Set([TICKET_ID]), isEverything: false })).toEqual(
      ['detail', 'metrics', 'recent', 'sla', 'slaMetrics', 'teamActivity', 'ticketList'].sort(),
    );
  });

  test('after a reconnect: the bell, every ticket and the dashboard, but not unrelated data', async () => {
    expect(await staleAfter({ isBell: false, ticketIds: new Set(), isEverything: true })).toEqual(
      [
        'count',
        'list',
        'detail',
        'sla',
        'otherDetail',
        'ticketList',
        'recent',
        'metrics',
        'teamActivity',
        'slaMetrics',
      ].sort(),
    );
  });
});
