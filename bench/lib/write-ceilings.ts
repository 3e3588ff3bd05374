/**
 * The writes' raw ceilings: each route writes, in one statement (one transaction), the same rows the
 * product's write of the bench's case writes, in plain SQL, with no session, validation, policy,
 * rules or answer built around it. The tables' own triggers (counters, the SLA checks, the
 * broadcast's stamp) run as they do for the product: they are part of writing those rows.
 *
 * What the bench's cases write (agent001 acting; no webhook or trigger configured, so those CTEs of
 * the product's statement write nothing):
 * - create (a medium hardware ticket, no confirmation mail): the ticket with its SLA deadlines, its
 *   'created' event, one broadcast row for every active agent (after the users rows its foreign keys
 *   lock, taken first as the product does), the auto assignment job while the setting is on, and
 *   their NOTIFYs (the ticket, the agents' bells, the jobs' wake-up);
 * - comment (a public staff reply): the comment, the ticket's touch (first response), its
 *   'comment_added' event and the ticket's NOTIFY; a staff reply rings no bell, and mail goes out
 *   only with e-mail notifications on (off in the bench's data set): no outbox row;
 * - status change (new <-> in progress): the ticket's status (and first response), its
 *   'status_changed' event, one notification per member of the assignee's and team's audience but
 *   the actor, and the NOTIFYs (the ticket, the bells); mail only on resolving: no outbox row.
 */
import { Elysia } from 'elysia';
import type { Sql } from 'postgres';
import { JOBS_CHANNEL } from '../../api/src/jobs/queries.ts';
import { REALTIME_CHANNEL } from '../../api/src/realtime/publish.ts';
import { NOTIFICATION_STATUS_TITLES } from '../../contracts/src/constants/notification-texts.ts';
import { TICKET_STATUS_LABELS } from '../../contracts/src/constants/tickets.ts';
import { DEFAULT_SETTINGS } from '../../contracts/src/settings.ts';

const MINUTE_MS = 60_000;

export async function writeCeilingRoutes(sql: Sql) {
  const [actor] = await sql<{ id: string }[]>`select id from users where username = 'agent001'`;
  const [policy] = await sql<{ id: string; responseMinutes: number; resolutionMinutes: number }[]>`
    select id, response_minutes as "responseMinutes", resolution_minutes as "resolutionMinutes"
    from sla_policies
    where is_active and priority = 'medium' and team_id is null and (category is null or category = 'hardware')
    order by (category is not null) desc limit 1`;
  if (!actor || !policy)
    throw new Error('the database has no agent001 or medium policy: run bun run seed:large first');
  const ticketMessage = (ticketId: string) => JSON.stringify({ type: 'ticket', ticketId });
  const bells = JSON.stringify({ type: 'agentNotifications', exceptUserId: actor.id });

  return new Elysia()
    .post('/write/create', async () => {
      const id = crypto.randomUUID();
      const now = Date.now();
      const at = (minutes: number) => new Date(now + minutes * MINUTE_MS).toISOString();
      const [row] = await sql`
          with t as (
            insert into tickets (id, title, description, priority, category, requester_id, notify_requester,
                                 sla_policy_id, sla_response_by, sla_resolve_by, sla_response_risk_at, sla_resolve_risk_at)
            values (${id}, 'Bench: printer offline', 'Created by the benchmark.', 'medium', 'hardware', ${actor.id}, false,
                    ${policy.id}, ${at(policy.responseMinutes)}, ${at(policy.resolutionMinutes)},
                    ${at(policy.responseMinutes * 0.75)}, ${at(policy.resolutionMinutes * 0.75)})
            returning id, ticket_number, assignee_id),
          e as (
            insert into ticket_events (ticket_id, user_id, event_type, event_data)
            values (${id}, ${actor.id}, 'created', '{"priority":"medium","category":"hardware"}'::jsonb)),
          referenced as (select id from users where id = ${actor.id} for key share),
          b as (
            insert into broadcast_notifications (actor_id, type, title, message, related_entity_id, related_entity_type)
            select ${actor.id}::uuid, 'ticket_created', 'New ticket ' || t.ticket_number,
                   'A new ticket was opened: "Bench: printer offline".', t.id, 'ticket'
            from t cross join (select count(*) from referenced) as held
            returning id),
          j as (
            insert into jobs (kind, payload, dedupe_key)
            select 'auto_assign', jsonb_build_object('ticketId', t.id), 'auto_assign:' || t.id from t
            where coalesce((select s.auto_assignment from settings s), ${DEFAULT_SETTINGS.autoAssignment}) and t.assignee_id is null
            on conflict (dedupe_key) do nothing
            returning id),
          announced as (
            select pg_notify(${REALTIME_CHANNEL}, ${ticketMessage(id)})
            union all select pg_notify(${REALTIME_CHANNEL}, ${bells}) from b
            union all select pg_notify(${JOBS_CHANNEL}, '') from j)
          select t.id, t.ticket_number as "ticketNumber" from t cross join (select count(*) from announced) a`;
      return row;
    })
    .post('/write/comment/:id', async ({ params, status }) => {
      const commentId = crypto.randomUUID();
      const [row] = await sql`
          with c as (
            insert into ticket_comments (id, ticket_id, author_id, content, is_internal)
            select ${commentId}, t.id, ${actor.id}, 'Bench: looking into it.', false from tickets t where t.id = ${params.id}
            returning id, ticket_id),
          touched as (
            update tickets t set responded_at = coalesce(t.responded_at, now()) from c where t.id = c.ticket_id),
          e as (
            insert into ticket_events (ticket_id, user_id, event_type, event_data)
            select c.ticket_id, ${actor.id}, 'comment_added', jsonb_build_object('commentId', c.id, 'isInternal', false)
            from c),
          announced as (select pg_notify(${REALTIME_CHANNEL}, ${ticketMessage(params.id)}) from c)
          select c.id from c cross join (select count(*) from announced) a`;
      return row ?? status(404, { message: 'not found' });
    })
    .patch('/write/status/:id', async ({ params, body, status }) => {
      const next = (body as { status?: string } | null)?.status === 'in_progress' ? 'in_progress' : 'new';
      const from = next === 'new' ? 'in_progress' : 'new';
      const [row] = await sql`
          with updated as (
            update tickets t set status = ${next}, responded_at = coalesce(t.responded_at, now())
            where t.id = ${params.id}
            returning t.id, t.ticket_number, t.title, t.assignee_id, t.team_id),
          e as (
            insert into ticket_events (ticket_id, user_id, event_type, event_data)
            select u.id, ${actor.id}, 'status_changed', jsonb_build_object('from', ${from}::text, 'to', ${next}::text)
            from updated u),
          notified as (
            insert into notifications (user_id, type, title, message, related_entity_id, related_entity_type)
            select u.id, 'ticket_status_changed', replace(${NOTIFICATION_STATUS_TITLES[next]}, '{ticketNumber}', t.ticket_number),
                   '"' || t.title || '" moved from ' || ${TICKET_STATUS_LABELS[from]} || ' to ' || ${TICKET_STATUS_LABELS[next]} || '.',
                   t.id, 'ticket'
            from updated t join users u
              on u.id = t.assignee_id or u.id in (select m.user_id from team_members m where m.team_id = t.team_id)
            where u.status = 'active' and u.role in ('agent', 'admin') and u.id <> ${actor.id}
            returning user_id),
          announced as (
            select pg_notify(${REALTIME_CHANNEL}, ${ticketMessage(params.id)}) from updated
            union all
            select pg_notify(${REALTIME_CHANNEL}, json_build_object('type', 'notifications', 'userIds', json_agg(n.user_id))::text)
            from notified n having count(*) > 0)
          select u.id from updated u cross join (select count(*) from announced) a`;
      return row ?? status(404, { message: 'not found' });
    });
}
