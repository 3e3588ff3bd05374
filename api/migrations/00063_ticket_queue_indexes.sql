-- The queues of the ticket list (docs/product.md#queues, docs/performance.md): each view and sort
-- reads an index in its own order, so a page (first or deep, through the keyset cursor) stops
-- after its rows and never sorts. Open tickets (new, in progress) are a few percent of a desk's
-- tickets, so the queue indexes are partial on them: small, and written only while a ticket is
-- open. Every index costs each ticket write, so only the combinations agents use most get their
-- own; the others read the open index of their sort and filter (mine by updated, waiting, at risk).

-- The priority order low < medium < high < critical (the column's text sorts alphabetically).
create function ticket_priority_rank(priority text) returns integer
language sql immutable parallel safe as $$
  select case priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 when 'critical' then 3 end
$$;

-- The at-risk moment of the deadlines an open ticket can still miss, as ticket_breach_at (00030)
-- picks them: the response's while unanswered, the resolution's while its clock runs (a waiting
-- ticket's sla_resolve_by is null). Null when closed, resolved or without a deadline.
create function ticket_risk_at(
  status text, sla_response_risk_at timestamptz, sla_resolve_risk_at timestamptz,
  responded_at timestamptz, sla_resolve_by timestamptz
) returns timestamptz
language sql immutable parallel safe as $$
  select case when status in ('new', 'in_progress')
              then least(case when sla_resolve_by is not null then sla_resolve_risk_at end,
                         case when responded_at is null then sla_response_risk_at end) end
$$;

-- `all` by last change (every ticket: the created order has tickets_created_idx of 00036).
create index tickets_updated_idx on tickets (updated_at, id);
-- `all` by priority.
create index tickets_priority_rank_idx on tickets (ticket_priority_rank(priority), created_at, id);

-- `open`, and the views without their own index below (at_risk, waiting, and mine, unassigned,
-- my_teams in their non-default orders), one per sort: created, updated, priority, due. The due
-- index holds the tickets without a deadline at its end (nulls last), read as the list's second part.
create index tickets_open_created_idx on tickets (created_at, id) where status in ('new', 'in_progress');
create index tickets_open_updated_idx on tickets (updated_at, id) where status in ('new', 'in_progress');
create index tickets_open_priority_idx on tickets (ticket_priority_rank(priority), created_at, id)
  where status in ('new', 'in_progress');
create index tickets_open_due_idx
  on tickets (ticket_breach_at(status, sla_response_by, sla_resolve_by, responded_at), created_at, id)
  where status in ('new', 'in_progress');

-- `mine` (and `unassigned`) in their default orders: due and newest first.
create index tickets_open_assignee_due_idx
  on tickets (assignee_id, ticket_breach_at(status, sla_response_by, sla_resolve_by, responded_at), created_at, id)
  where status in ('new', 'in_progress');
create index tickets_open_assignee_created_idx on tickets (assignee_id, created_at, id)
  where status in ('new', 'in_progress');

-- `my_teams` in its default order, due: one ordered read per team, merged.
create index tickets_open_team_due_idx
  on tickets (team_id, ticket_breach_at(status, sla_response_by, sla_resolve_by, responded_at), created_at, id)
  where status in ('new', 'in_progress');
