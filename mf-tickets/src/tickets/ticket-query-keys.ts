import { API_PATHS } from '@helpdesk/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** GET /api/tickets/{id}: the default query function fetches it from the key. */
export const ticketDetailKey = (ticketId: string) => [API_PATHS.tickets, ticketId] as const;

/** GET /api/tickets/{id}/sla-status */
export const ticketSlaStatusKey = (ticketId: string) => [API_PATHS.tickets, ticketId, 'sla-status'] as const;

/**
 * GET /api/tickets/{id}/presence. The shell's live updates invalidate this very key on a
 * `presence` event (shell/src/session/use-live-updates.ts); a `ticket` event refetches it too.
 */
export const ticketPresenceKey = (ticketId: string) => [API_PATHS.tickets, ticketId, 'presence'] as const;

/** GET /api/tickets/assignment-options */
export const ASSIGNMENT_OPTIONS_KEY = [API_PATHS.tickets, 'assignment-options'] as const;

/**
 * A ticket list, whoever shows it: the list page's `[tickets, { status, priority }]` and the
 * dashboard's recent tickets alike (the path followed by one object of query parameters).
 */
export function isTicketListKey(queryKey: QueryKey): boolean {
  const params = queryKey[1];
  return (
    queryKey.length === 2 &&
    queryKey[0] === API_PATHS.tickets &&
    typeof params === 'object' &&
    params !== null
  );
}

const DASHBOARD_KEYS = [
  [API_PATHS.dashboardMetrics],
  [API_PATHS.dashboardTeamActivity],
  [API_PATHS.dashboardSlaMetrics],
] as const;

const NOTIFICATION_KEYS = [[API_PATHS.notifications], [API_PATHS.notificationsCount]] as const;

export type TTicketChange = 'created' | 'updated' | 'commented' | 'attached' | 'waiting';

/**
 * The cached data a change makes wrong (the calls' own refreshes, plus what the screens show): a new ticket
 * changes the lists and the dashboard; an update also the ticket, its SLA status and the bell
 * (others' notifications, and the actor's own list may now hold a fresh one); a comment the ticket,
 * its SLA status (a first public reply meets the response target), lists and dashboard; a hold
 * starting or ending the ticket, its SLA status, lists (their SLA hint) and dashboard (breaches); an
 * attachment only the ticket.
 */
export function keysToRefresh(change: TTicketChange, ticketId: string | null): QueryKey[] {
  const ticketKeys: QueryKey[] = ticketId ? [ticketDetailKey(ticketId), ticketSlaStatusKey(ticketId)] : [];
  switch (change) {
    case 'created':
      return [...ticketKeys, ...DASHBOARD_KEYS];
    case 'updated':
      return [...ticketKeys, ...DASHBOARD_KEYS, ...NOTIFICATION_KEYS];
    case 'commented':
    case 'waiting':
      return [...ticketKeys, ...DASHBOARD_KEYS];
    case 'attached':
      return ticketId ? [ticketDetailKey(ticketId)] : [];
  }
}

/** Whether a change also makes every cached ticket list wrong. */
export function changeAffectsLists(change: TTicketChange): boolean {
  return change !== 'attached';
}

/** Refetches (or marks stale) everything a ticket change affects. */
export async function refreshAfterTicketChange(
  queryClient: QueryClient,
  change: TTicketChange,
  ticketId: string | null,
): Promise<void> {
  const exact = keysToRefresh(change, ticketId).map((queryKey) =>
    queryClient.invalidateQueries({ queryKey, exact: true }),
  );
  const lists = changeAffectsLists(change)
    ? [queryClient.invalidateQueries({ predicate: (query) => isTicketListKey(query.queryKey) })]
    : [];
  await Promise.all([...exact, ...lists]);
}
