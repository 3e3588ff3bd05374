import { describe, expect, test } from 'bun:test';
import { API_PATHS } from '@helpdesk/contracts';
import { queryKeyToUrl } from '@helpdesk/shared-ui';
import { QueryClient } from '@tanstack/react-query';
import {
  ASSIGNMENT_OPTIONS_KEY,
  changeAffectsLists,
  isTicketListKey,
  keysToRefresh,
  refreshAfterTicketChange,
  ticketDetailKey,
  ticketSlaStatusKey,
} from './ticket-query-keys.ts';

const id = '7f1c1f3e-9d7b-4a57-b1c6-0d6a3c2e5f10';

describe('query keys', () => {
  test('the default query function turns them into the API paths', () => {
    expect(queryKeyToUrl(ticketDetailKey(id))).toBe(`/api/tickets/${id}`);
    expect(queryKeyToUrl(ticketSlaStatusKey(id))).toBe(`/api/tickets/${id}/sla-status`);
    expect(queryKeyToUrl(ASSIGNMENT_OPTIONS_KEY)).toBe('/api/tickets/assignment-options');
  });

  test('list keys are the tickets path plus one parameter object', () => {
    expect(isTicketListKey([API_PATHS.tickets, { status: 'new', priority: 'all' }])).toBe(true);
    expect(isTicketListKey([API_PATHS.tickets, { limit: 5 }])).toBe(true);
    expect(isTicketListKey(ticketDetailKey(id))).toBe(false);
    expect(isTicketListKey(ticketSlaStatusKey(id))).toBe(false);
    expect(isTicketListKey([API_PATHS.tickets])).toBe(false);
    expect(isTicketListKey([API_PATHS.adminUsers, { status: 'all' }])).toBe(false);
  });
});

describe('keysToRefresh', () => {
  const urls = (keys: ReturnType<typeof keysToRefresh>) => keys.map(queryKeyToUrl).sort();

  test('an update refreshes the ticket, its SLA, the dashboard and the bell', () => {
    expect(urls(keysToRefresh('updated', id))).toEqual(
      [
        `/api/tickets/${id}`,
        `/api/tickets/${id}/sla-status`,
        '/api/dashboard/metrics',
        '/api/dashboard/team-activity',
        '/api/dashboard/sla-metrics',
        '/api/notifications',
        '/api/notifications/count',
      ].sort(),
    );
  });

  test('a create refreshes the dashboard metrics (lists go by predicate)', () => {
    expect(urls(keysToRefresh('created', null))).toContain('/api/dashboard/metrics');
    expect(urls(keysToRefresh('created', null))).not.toContain('/api/notifications/count');
  });

  test('a comment refreshes the ticket and its SLA; an attachment only the ticket', () => {
    expect(urls(keysToRefresh('commented', id))).toContain(`/api/tickets/${id}/sla-status`);
    expect(urls(keysToRefresh('attached', id))).toEqual([`/api/tickets/${id}`]);
  });

  test('a hold refreshes the ticket, its SLA and the dashboard, not the bell; and the lists', () => {
    const keys = urls(keysToRefresh('waiting', id));
    expect(keys).toContain(`/api/tickets/${id}`);
    expect(keys).toContain(`/api/tickets/${id}/sla-status`);
    expect(keys).toContain('/api/dashboard/sla-metrics');
    expect(keys).not.toContain('/api/notifications/count');
    expect(changeAffectsLists('waiting')).toBe(true);
  });
});

describe('refreshAfterTicketChange', () => {
  function seeded() {
    const client = new QueryClient();
    const keys = [
      ticketDetailKey(id),
      ticketDetailKey('another'),
      ticketSlaStatusKey(id),
      [API_PATHS.tickets, { status: 'all', priority: 'all' }],
      [API_PATHS.tickets, { limit: 5 }],
      ASSIGNMENT_OPTIONS_KEY,
      [API_PATHS.dashboardMetrics],
      [API_PATHS.notificationsCount],
      [API_PATHS.kbCategories],
    ];
    for (const key of keys) client.setQueryData(key, { cached: true });
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => queryKeyToUrl(q.queryKey))
        .sort();
    return { client, invalidated };
  }

  test('an update invalidates exactly the affected queries', async () => {
    const { client, invalidated } = seeded();
    expect(invalidated()).toEqual([]);
    await refreshAfterTicketChange(client, 'updated', id);
    expect(invalidated()).toEqual(
      [
        `/api/tickets/${id}`,
        `/api/tickets/${id}/sla-status`,
        '/api/tickets',
        '/api/tickets?limit=5',
        '/api/dashboard/metrics',
        '/api/notifications/count',
      ].sort(),
    );
  });

  test('an attachment leaves the lists and the dashboard alone', async () => {
    const { client, invalidated } = seeded();
    await refreshAfterTicketChange(client, 'attached', id);
    expect(invalidated()).toEqual([`/api/tickets/${id}`]);
  });
});
