import type { TTicketView } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import { sql } from '../db.ts';

/**
 * Each queue view's filter over `tickets t` (docs/product.md#queues), for the caller `callerId`, as
 * the view counts read them; view-counts.test.ts checks every counter against a plain count of
 * these. The list spells the same views in list-queries.ts (listConditions), shaped to its
 * indexes' orders (my_teams one team at a time): a change to a view's meaning changes both. An end
 * user's own-ticket scope is added separately (they have only `open` and `all`). Open = new or in
 * progress.
 * - at_risk uses ticket_risk_at (00063) exactly as its index does, so the count reads that index
 *   instead of the table.
 */
export const TICKET_VIEW_FILTERS: Record<TTicketView, (callerId: string) => PendingQuery<Row[]>> = {
  mine: (callerId) => sql`t.status in ('new', 'in_progress') and t.assignee_id = ${callerId}`,
  unassigned: () => sql`t.status in ('new', 'in_progress') and t.assignee_id is null`,
  my_teams: (callerId) =>
    sql`t.status in ('new', 'in_progress')
        and t.team_id in (select m.team_id from team_members m where m.user_id = ${callerId})`,
  at_risk: () =>
    sql`t.status in ('new', 'in_progress')
        and ticket_risk_at(t.status, t.sla_response_risk_at, t.sla_resolve_risk_at, t.responded_at, t.sla_resolve_by) <= now()`,
  waiting: () => sql`t.status in ('new', 'in_progress') and t.waiting_since is not null`,
  open: () => sql`t.status in ('new', 'in_progress')`,
  all: () => sql`true`,
};
