import type {
  TWebhookDelivery,
  TWebhookDeliveryStatus,
  TWebhookEvent,
  TWebhookSubscribableEvent,
} from '@helpdesk/contracts';
import type { JSONValue, PendingQuery, Row } from 'postgres';
import { builtOnce } from '../db/fragments.ts';
import { isoText } from '../db/iso-text.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { JOBS_CHANNEL } from '../jobs/queries.ts';
import type { PlanWebhook, PlanWebhookTicket } from '../tickets/effects.ts';

/** One webhooks row, the sealed secret included (never answered as is). */
export type WebhookRow = {
  id: string;
  name: string;
  url: string;
  events: TWebhookSubscribableEvent[];
  secretCiphertext: string;
  enabled: boolean;
  allowPrivateNetwork: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What a webhook is stored with (every column but the id and timestamps). */
export type WebhookFields = Omit<WebhookRow, 'id' | 'createdAt' | 'updatedAt'>;

const webhookColumns = sql`
  id, name, url, events, secret_ciphertext as "secretCiphertext", is_enabled as enabled,
  allow_private_network as "allowPrivateNetwork", created_at as "createdAt", updated_at as "updatedAt"`;

export function selectWebhooks(db: Db): Promise<WebhookRow[]> {
  return db<WebhookRow[]>`select ${webhookColumns} from webhooks order by lower(name), id`;
}

export async function selectWebhook(db: Db, id: string, forUpdate = false): Promise<WebhookRow | null> {
  const [row] = await db<WebhookRow[]>`
    select ${webhookColumns} from webhooks where id = ${id} ${forUpdate ? sql`for update` : sql``}`;
  return row ?? null;
}

export async function countWebhooks(db: Db): Promise<number> {
  const [row] = await db<{ count: number }[]>`select count(*)::int as count from webhooks`;
  return row?.count ?? 0;
}

export async function insertWebhook(db: Db, fields: WebhookFields, createdBy: string): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into webhooks (name, url, events, secret_ciphertext, is_enabled, allow_private_network, created_by)
    values (${fields.name}, ${fields.url}, ${fields.events}, ${fields.secretCiphertext}, ${fields.enabled},
            ${fields.allowPrivateNetwork}, ${createdBy})
    returning id`;
  if (!row) throw new Error('webhook insert returned no row');
  return row.id;
}

export async function updateWebhook(db: Db, id: string, fields: WebhookFields): Promise<void> {
  await db`
    update webhooks set
      name = ${fields.name}, url = ${fields.url}, events = ${fields.events},
      secret_ciphertext = ${fields.secretCiphertext}, is_enabled = ${fields.enabled},
      allow_private_network = ${fields.allowPrivateNetwork}
    where id = ${id}`;
}

/** Deletes a webhook with its deliveries; false when there was none. */
export async function deleteWebhook(db: Db, id: string): Promise<boolean> {
  const rows = await db`delete from webhooks where id = ${id} returning id`;
  return rows.length > 0;
}

/**
 * Whether any webhook is enabled, as a column of a ticket write's first statement when this process
 * keeps no current answer (enabled-cache.ts).
 */
export const anyWebhookEnabledColumn = (): PendingQuery<Row[]> =>
  sql`exists (select from webhooks w where w.is_enabled)`;

const deliveryColumns = sql`
  id, event, status, attempts, body, response_status as "responseStatus", response_body as "responseBody",
  error, created_at as "createdAt", last_attempt_at as "lastAttemptAt"`;

/** A webhook's latest deliveries, newest first. */
export function selectDeliveries(db: Db, webhookId: string, limit: number): Promise<TWebhookDelivery[]> {
  return db<TWebhookDelivery[]>`
    select ${deliveryColumns} from webhook_deliveries
    where webhook_id = ${webhookId}
    order by created_at desc, id desc
    limit ${limit}`;
}

export async function selectDelivery(
  db: Db,
  webhookId: string,
  deliveryId: string,
): Promise<TWebhookDelivery | null> {
  const [row] = await db<TWebhookDelivery[]>`
    select ${deliveryColumns} from webhook_deliveries where id = ${deliveryId} and webhook_id = ${webhookId}`;
  return row ?? null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** An ISO time in UTC with milliseconds, as every time in a payload is written. */
const isoSql = isoText;
const NOW_ISO = isoSql(sql`now()`);
const ANY_WEBHOOK = sql`true`;
const ENABLED_WEBHOOK = sql`w.is_enabled`;

const personSql = (id: PendingQuery<Row[]>) => sql`(
  select jsonb_build_object('name', u.first_name || ' ' || u.last_name, 'email', u.email)
  from users u where u.id = ${id})`;

/**
 * A payload's data as SQL: the plan's, with its ticket completed from what the database knows (the
 * number a new ticket drew (`insertedNumber`), the people's names and addresses, the times). The
 * plan's own ids of the people are not sent.
 */
function filledDataSql(insertedNumber: PendingQuery<Row[]> | null): PendingQuery<Row[]> {
  // Built once per number source (none, or a statement's constant part): every ticket write of a
  // desk with webhooks builds it (db/fragments.ts says why that matters).
  return builtOnce(filledData, insertedNumber, () => buildFilledData(insertedNumber));
}

const filledData = new Map<PendingQuery<Row[]> | null, PendingQuery<Row[]>>();

function buildFilledData(insertedNumber: PendingQuery<Row[]> | null): PendingQuery<Row[]> {
  const ticket = sql`(e.data -> 'ticket')`;
  const ticketId = sql`(${ticket} ->> 'id')::uuid`;
  const number = insertedNumber ?? sql`(select tk.ticket_number from tickets tk where tk.id = ${ticketId})`;
  return sql`case when e.data ? 'ticket' then jsonb_set(e.data, '{ticket}', (${ticket} - 'requesterId' - 'assigneeId') || jsonb_build_object(
    'number', coalesce(${ticket} ->> 'number', ${number}),
    'requester', ${personSql(sql`(${ticket} ->> 'requesterId')::uuid`)},
    'assignee', ${personSql(sql`(${ticket} ->> 'assigneeId')::uuid`)},
    'createdAt', ${isoSql(sql`coalesce((select tk.created_at from tickets tk where tk.id = ${ticketId}), now())`)},
    'updatedAt', ${isoSql(sql`now()`)}
  )) else e.data end`;
}

/**
 * Inserts one delivery per event and enabled webhook that takes it (subscribed, or the one webhook an
 * event names), each body the exact JSON to send with the delivery's id in it, and one
 * `webhook_delivery` job per delivery; as two data-modifying CTEs named `deliveries` and `jobs`
 * (for a ticket write's statement, or enqueueWebhookEvent's). `condition` (SQL) decides whether
 * anything is queued at all. With no webhook the join is empty: nothing is written.
 */
export function webhookDeliveryCtes(
  events: readonly PlanWebhook[],
  options: {
    names: { deliveries: string; jobs: string };
    insertedNumber: PendingQuery<Row[]> | null;
    condition: PendingQuery<Row[]>;
    /** A test delivery goes to the webhook it names even while it is turned off. */
    evenWhenOff?: boolean;
  },
): PendingQuery<Row[]> {
  // A lone surrogate (valid in a JS string, stored as U+FFFD in a text column) is refused by jsonb:
  // the events go over well-formed, so no text a person typed can fail the write they belong to.
  const rows = JSON.parse(
    JSON.stringify(
      events.map((event) => ({
        event: event.event,
        data: event.data,
        onlyWebhookId: event.onlyWebhookId ?? null,
      })),
      (_key, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value),
    ),
  ) as JSONValue;
  const { deliveries, jobs } = options.names;
  return sql`${sql(deliveries)} as (
    insert into webhook_deliveries (id, webhook_id, event, body)
    select e.id, e.webhook_id, e.event, jsonb_build_object(
      'id', e.id, 'event', e.event, 'occurredAt', ${NOW_ISO}, 'data', ${filledDataSql(options.insertedNumber)}
    )::text
    -- A volatile id in the inner select list: one per row (the subquery is not flattened).
    from (
      select gen_random_uuid() as id, w.id as webhook_id, event.event, event.data
      from webhooks w
      join jsonb_to_recordset(${sql.json(rows)}) as event(event text, data jsonb, "onlyWebhookId" uuid)
        on w.id = event."onlyWebhookId" or (event."onlyWebhookId" is null and event.event = any(w.events))
      where ${options.evenWhenOff ? ANY_WEBHOOK : ENABLED_WEBHOOK} and ${options.condition}
    ) e
    returning id
  ), ${sql(jobs)} as (
    insert into jobs (kind, payload)
    select 'webhook_delivery', jsonb_build_object('deliveryId', id) from ${sql(deliveries)}
    returning id
  )`;
}

/** Queues webhook events in the caller's transaction (a write that is not a ticket's); workers wake on COMMIT. Answers the new deliveries' ids. */
export async function insertWebhookDeliveries(
  db: Db,
  events: readonly PlanWebhook[],
  options: { evenWhenOff?: boolean } = {},
): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db<{ id: string }[]>`
    with ${webhookDeliveryCtes(events, {
      names: { deliveries: 'deliveries', jobs: 'queued' },
      insertedNumber: null,
      condition: sql`true`,
      evenWhenOff: options.evenWhenOff,
    })}, woken as (select pg_notify(${JOBS_CHANNEL}, '') from queued)
    select id from deliveries cross join (select count(*) from woken) as announced`;
  return rows.map((row) => row.id);
}

/** A ticket as a payload names it, read for a write that did not read it (an SLA warning). */
export async function selectWebhookTicket(
  db: Db,
  ticketId: string,
  appBaseUrl: string | null,
): Promise<PlanWebhookTicket | null> {
  const [row] = await db<PlanWebhookTicket[]>`
    select t.id, t.ticket_number as number, t.title, t.status, t.priority, t.category,
      case when t.team_id is null then null else jsonb_build_object('id', t.team_id, 'name', tm.name) end as team,
      t.requester_id as "requesterId", t.assignee_id as "assigneeId",
      case when ${appBaseUrl}::text is null then null else ${appBaseUrl}::text || '/tickets/' || t.id end as url
    from tickets t left join teams tm on tm.id = t.team_id
    where t.id = ${ticketId}`;
  return row ?? null;
}

/** A delivery as its job sends it, with its webhook's address and sealed secret. */
export type DeliveryToSend = {
  id: string;
  event: TWebhookEvent;
  body: string;
  status: TWebhookDeliveryStatus;
  url: string;
  secretCiphertext: string;
  enabled: boolean;
  allowPrivateNetwork: boolean;
};

export async function selectDeliveryToSend(db: Db, id: string): Promise<DeliveryToSend | null> {
  const [row] = await db<DeliveryToSend[]>`
    select d.id, d.event, d.body, d.status, w.url, w.secret_ciphertext as "secretCiphertext",
      w.is_enabled as enabled, w.allow_private_network as "allowPrivateNetwork"
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.id = ${id}`;
  return row ?? null;
}

/** One attempt's outcome as the delivery records it. */
export type DeliveryAttempt = {
  status: TWebhookDeliveryStatus;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
};

export async function recordDeliveryAttempt(db: Db, id: string, attempt: DeliveryAttempt): Promise<void> {
  await db`
    update webhook_deliveries set
      status = ${attempt.status}, attempts = attempts + 1, last_attempt_at = now(),
      response_status = ${attempt.responseStatus}, response_body = ${attempt.responseBody},
      error = ${attempt.error}
    where id = ${id}`;
}

/** A new delivery of an old one's body (its "id" the new delivery's), queued; null when there is no such delivery. */
export async function insertRedelivery(
  db: Db,
  webhookId: string,
  deliveryId: string,
): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    with old as (
      select webhook_id, event, body from webhook_deliveries where id = ${deliveryId} and webhook_id = ${webhookId}
    ), fresh as (
      insert into webhook_deliveries (id, webhook_id, event, body)
      select n.id, old.webhook_id, old.event, jsonb_set(old.body::jsonb, '{id}', to_jsonb(n.id::text))::text
      from old cross join lateral (select gen_random_uuid() as id) n
      returning id
    ), queued as (
      insert into jobs (kind, payload)
      select 'webhook_delivery', jsonb_build_object('deliveryId', id) from fresh
      returning id
    )
    select fresh.id, (select count(*) from (select pg_notify(${JOBS_CHANNEL}, '') from queued) woken) as woken
    from fresh`;
  return row?.id ?? null;
}

/** Deletes up to `limit` deliveries older than `before`; how many it deleted. */
export async function deleteOldDeliveryBatch(
  db: Db,
  options: { before: Date; limit: number },
): Promise<number> {
  const rows = await db`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries where created_at < ${options.before} order by created_at limit ${options.limit}
    )
    returning id`;
  return rows.length;
}
