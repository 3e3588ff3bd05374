/**
 * GET /api/events (Server-Sent Events). Events carry ids only, never text: a client refetches what
 * changed through the normal, permission-checked API, so a stream can never leak content.
 *
 * - `notifications`: the receiver's bell changed (a notification for them, or they read one in
 *   another tab). Data: `{}` (EventSource drops events without data).
 * - `ticket`: a ticket changed (update, comment, assignment, attachment). Only agents and admins
 *   receive it; end users get no ticket events at all, so not even an internal note's existence leaks.
 * - `presence`: who has a ticket's page open changed (someone arrived, left or started or stopped
 *   writing a reply; not on a mere heartbeat). Data: `{ ticketId }`; the page refetches GET
 *   /api/tickets/{id}/presence. Agents and admins only, like `ticket`.
 *
 * The stream is always on: the 'push notifications' setting governs desktop notifications, not
 * live updates. Should the endpoint answer 204 (an older server), the client falls back to
 * refetching the bell on focus and every REALTIME.fallbackRefetchMs.
 */
export const REALTIME_EVENT_TYPES = ['notifications', 'ticket', 'presence'] as const;

export const REALTIME = {
  /** A comment line this often keeps proxies from closing an idle stream; the session is re-checked then too. */
  heartbeatMs: 25_000,
  /** The `retry:` hint sent to EventSource. */
  retryMs: 3_000,
  /** While the stream is unavailable, how often the bell is refetched. */
  fallbackRefetchMs: 60_000,
} as const;

export const REALTIME_MESSAGES = {
  tooManyStreams: 'Too many open live-update connections. Close some tabs and try again.',
} as const;
