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
 *   'comment_added' event, the requester's reply mail in the outbox (e-mail notifications are on by
 *   default and the bench's open tickets notify their requesters) and the NOTIFYs (the ticket, the
 *   outbox's wake-up); a staff reply rings no bell. The mail's subject and bodies are the product's
 *   in shape and size, filled in by the statement from the ticket and its requester;
 * - status change (new <-> in progress): the ticket's status (and first response), its
 *   'status_changed' event, one notification per member of the assignee's and team's audience but
 *   the actor, and the NOTIFYs (the ticket, the bells); mail only on resolving: no outbox row.
 */
import { Elysia } from 'elysia';
import type { Sql } from 'postgres';
import { OUTBOX_CHANNEL } from '../../api/src/email/queries.ts';
import { JOBS_CHANNEL } from '../../api/src/jobs/queries.ts';
import { REALTIME_CHANNEL } from '../../api/src/realtime/publish.ts';
import { NOTIFICATION_STATUS_TITLES } from '../../contracts/src/constants/notification-texts.ts';
import { TICKET_STATUS_LABELS } from '../../contracts/src/constants/tickets.ts';
import { DEFAULT_SETTINGS } from '../../contracts/src/settings.ts';

const MINUTE_MS = 60_000;

// The reply mail's bodies as the product renders them (api/src/email/templates.ts), with the
// requester's first name, the ticket's number and its link left to the statement: the raw server
// writes rows of the same size, it does not render.
/** As long as the bench's product API's base URL, which the product's links start with. */
const APP_URL = 'http://127.0.0.1:4900';
const REPLY_TEXT = `Hello %1$s,

Riley Wilson replied to your ticket %2$s:

> Bench: looking into it.

View ticket: %3$s

— Help Desk`;
const REPLY_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f3f4f6"><div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">
<p style="margin:0 0 16px">Hello %1$s,</p>
<p style="margin:0 0 16px">Riley Wilson replied to your ticket %2$s:</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;color:#374151;white-space:pre-wrap">Bench: looking into it.</blockquote>
<p style="margin:0 0 16px"><a href="%3$s" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">View ticket</a></p><p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or open this link: %3$s</p>
<p style="margin:24px 0 0;color:#6b7280">— Help Desk</p>
</div></body></html>`;

/** The routes, acting as `actorUsername` (the bench's agent001 unless a test names its own agent). */
export async function writeCeilingRoutes(sql: Sql, actorUsername = 'agent001') {
  const [actor] = await sql<{ id: string }[]>`select id from users where username = ${actorUsername}`;
  const [policy] = await sql<{ id: string; responseMinutes: number; resolutionMinutes: number }[]>`
    select id, response_minutes as "responseMinutes", resolution_minutes as "resolutionMinutes"
    from sla_policies
    where is_active and priority = 'medium' and team_id is null and (category is null or category = 'hardware')
    order by (category is not null) desc limit 1`;
  if (!actor || !policy)
    throw new Error(`the database has no ${actorUsername} or medium policy: run bun run seed:large first`);
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
          m as (
            insert into email_outbox (dedupe_key, kind, recipient, subject, text_body, html_body, ticket_id)
            select 'comment.public:' || c.id, 'ticket_reply', u.email,
                   '[Help Desk] New reply on ' || t.ticket_number || ': ' || t.title,
                   format(${REPLY_TEXT}, u.first_name, t.ticket_number, ${`${APP_URL}/tickets/`} || t.id),
                   format(${REPLY_HTML}, u.first_name, t.ticket_number, ${`${APP_URL}/tickets/`} || t.id),
                   t.id
            from c join tickets t on t.id = c.ticket_id join users u on u.id = t.requester_id
            where t.notify_requester and u.id <> ${actor.id}
              and coalesce((select s.email_notifications from settings s), ${DEFAULT_SETTINGS.emailNotifications})
            on conflict (dedupe_key) do nothing
            returning id),
          announced as (
            select pg_notify(${REALTIME_CHANNEL}, ${ticketMessage(params.id)}) from c
            union all select pg_notify(${OUTBOX_CHANNEL}, '') from m)
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
