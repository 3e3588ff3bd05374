import type { TEmailOutboxItem, TSettingsLanguage } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** The NOTIFY channel a delivery worker listens on; a new outbox row wakes it. */
export const OUTBOX_CHANNEL = 'email_outbox';

const milliseconds = (ms: number) => `${Math.max(0, Math.round(ms))} milliseconds`;

export type NewOutboxMessage = {
  dedupeKey: string;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** The ticket the message is about, so a reply naming its Message-ID lands there (mail in); absent for account mail. */
  ticketId?: string | null;
};

/** Inserts a message unless one exists for the same event; the id when inserted, null when it was a duplicate. */
export async function insertOutboxMessage(db: Db, message: NewOutboxMessage): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    insert into email_outbox (dedupe_key, kind, recipient, subject, text_body, html_body, ticket_id)
    values (${message.dedupeKey}, ${message.kind}, ${message.recipient}, ${message.subject},
            ${message.textBody}, ${message.htmlBody}, ${message.ticketId ?? null})
    on conflict (dedupe_key) do nothing
    returning id`;
  return row?.id ?? null;
}

/** Wakes the delivery workers; inside a transaction PostgreSQL delivers it only on COMMIT. */
export async function notifyOutbox(db: Db): Promise<void> {
  await db`select pg_notify(${OUTBOX_CHANNEL}, '')`;
}

/**
 * insertOutboxMessage as the body of a data-modifying CTE, for a write that stores its message in
 * its own statement. `source` (say `from c where not c.is_internal`) decides on the rows that
 * statement writes whether the message exists at all; empty means once. Returns the id when
 * inserted, nothing for a duplicate.
 */
export function outboxInsert(
  message: NewOutboxMessage,
  source: PendingQuery<Row[]> = sql``,
): PendingQuery<Row[]> {
  return sql`
    insert into email_outbox (dedupe_key, kind, recipient, subject, text_body, html_body, ticket_id)
    select ${message.dedupeKey}, ${message.kind}, ${message.recipient}, ${message.subject},
           ${message.textBody}, ${message.htmlBody}, ${message.ticketId ?? null}::uuid
    ${source}
    on conflict (dedupe_key) do nothing
    returning id`;
}

/** notifyOutbox once per row of the CTE named `insertedCte` (over outboxInsert): nothing for a duplicate. */
export function outboxWakeUp(insertedCte: string): PendingQuery<Row[]> {
  return sql`select pg_notify(${OUTBOX_CHANNEL}, '') from ${sql(insertedCte)}`;
}

/** A claimed message: everything needed to send it, and the attempt number that fences later updates. */
export type ClaimedMessage = {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attempts: number;
  ticketId: string | null;
};

/**
 * Claims up to `limit` due pending messages in one short statement: each gets a lease (its
 * next_attempt_at moves past the lease) and its attempt counted. Rows another worker holds are
 * skipped, and a row another worker claimed a moment ago fails the due check on re-read, so two
 * workers never claim the same message while a lease runs. Oldest first, so mail about one ticket
 * leaves in the order it happened.
 */
export async function claimDueMessages(
  db: Db,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedMessage[]> {
  const rows = await db<(ClaimedMessage & { createdAt: string })[]>`
    update email_outbox o
    set next_attempt_at = now() + ${milliseconds(options.leaseMs)}::interval, attempts = o.attempts + 1
    where o.id in (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${options.limit}
      for update skip locked
    )
    returning o.id, o.kind, o.recipient, o.subject, o.text_body as "textBody", o.html_body as "htmlBody",
              o.attempts, o.ticket_id as "ticketId", o.created_at as "createdAt"`;
  // RETURNING has no order of its own.
  return rows
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map(({ createdAt: _createdAt, ...message }) => message);
}

/** Once sent, a password reset's, invitation's or address confirmation's bodies are blanked: the link in them is a live credential. */
export const REDACTED_BODY = '(removed after delivery: it held a password reset link)';

/**
 * The SMTP server accepted the message. Fenced by the attempt: a worker whose lease ran out and
 * whose message another worker claimed since does not overwrite that worker's outcome.
 */
export async function markSent(db: Db, id: string, attempt: number): Promise<void> {
  await db`
    update email_outbox set status = 'sent', sent_at = now(), last_error = null,
      text_body = case when kind in ('password_reset', 'email_verification', 'account_invitation') then ${REDACTED_BODY} else text_body end,
      html_body = case when kind in ('password_reset', 'email_verification', 'account_invitation') then ${REDACTED_BODY} else html_body end
    where id = ${id} and attempts = ${attempt} and status = 'pending'`;
}

/** Another try later, with the reason the last one failed. */
export async function scheduleRetry(
  db: Db,
  id: string,
  attempt: number,
  delayMs: number,
  error: string,
): Promise<void> {
  await db`
    update email_outbox
    set next_attempt_at = now() + ${milliseconds(delayMs)}::interval, last_error = ${error}
    where id = ${id} and attempts = ${attempt} and status = 'pending'`;
}

/** Gives up: the message stays visible to the admin as failed until they retry it. */
export async function markFailed(db: Db, id: string, attempt: number, error: string): Promise<void> {
  await db`
    update email_outbox set status = 'failed', last_error = ${error}
    where id = ${id} and attempts = ${attempt} and status = 'pending'`;
}

/** Hands claimed but unsent messages back at once, their attempt not spent (a stopping or slow round). */
export async function releaseClaims(
  db: Db,
  claims: readonly { id: string; attempts: number }[],
): Promise<void> {
  for (const claim of claims) {
    await db`
      update email_outbox set next_attempt_at = now(), attempts = attempts - 1
      where id = ${claim.id} and attempts = ${claim.attempts} and status = 'pending'`;
  }
}

/**
 * Labels due pending messages with why they wait, without claiming them or spending an attempt,
 * so they go out as soon as an SMTP server is configured. Rows already labelled are left alone.
 */
export async function labelDueMessages(db: Db, reason: string, limit: number): Promise<number> {
  const rows = await db`
    update email_outbox set last_error = ${reason}
    where id in (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= now() and last_error is distinct from ${reason}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`;
  return rows.length;
}

export type OutboxCounts = { pending: number; failed: number; sentLast24Hours: number };

/** Counts from the partial indexes: the undelivered rows, and the sent ones of the last day only. */
export async function selectOutboxCounts(db: Db): Promise<OutboxCounts> {
  const [row] = await db<OutboxCounts[]>`
    select
      (select count(*) from email_outbox where status = 'pending')::int as pending,
      (select count(*) from email_outbox where status = 'failed')::int as failed,
      (select count(*) from email_outbox
       where status = 'sent' and sent_at > now() - interval '24 hours')::int as "sentLast24Hours"`;
  return row ?? { pending: 0, failed: 0, sentLast24Hours: 0 };
}

/** The newest undelivered messages, without their bodies. */
export function selectUndelivered(db: Db, limit: number): Promise<TEmailOutboxItem[]> {
  return db<TEmailOutboxItem[]>`
    select id, kind, recipient, subject, status, attempts, last_error as "lastError",
           next_attempt_at as "nextAttemptAt", created_at as "createdAt"
    from email_outbox
    where status <> 'sent'
    order by created_at desc, id desc
    limit ${limit}`;
}

/** Failed messages back to pending with a fresh set of attempts: these ids, or the oldest `limit` failed ones. */
export async function requeueFailed(db: Db, ids: readonly string[] | null, limit: number): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    update email_outbox set status = 'pending', attempts = 0, next_attempt_at = now()
    where id in (
      select id from email_outbox
      where status = 'failed' ${ids === null ? sql`` : sql`and id = any(${ids}::uuid[])`}
      order by created_at, id
      limit ${limit}
      for update
    )
    returning id`;
  return rows.map((row) => row.id);
}

/** Whether a test message to this address is still waiting (one at a time is enough). */
export async function isTestMessagePending(db: Db, recipient: string): Promise<boolean> {
  const [row] = await db<{ isPending: boolean }[]>`
    select exists (
      select 1 from email_outbox where status = 'pending' and kind = 'test' and recipient = ${recipient}
    ) as "isPending"`;
  return row?.isPending ?? false;
}

/** A person a message is addressed to or speaks of. */
export type MailPerson = {
  id: string;
  email: string;
  /** Only a confirmed address is mailed anything but its confirmation link (prepare.ts). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  username: string;
};

export async function selectMailPerson(db: Db, userId: string): Promise<MailPerson | null> {
  const [row] = await db<MailPerson[]>`
    select id, email, email_verified_at is not null as "emailVerified", first_name as "firstName",
           last_name as "lastName", username
    from users where id = ${userId}`;
  return row ?? null;
}

/** The desk's mail settings as saved (null while nobody has saved any) and the account's own language. */
export type MailDeskRow = {
  companyName: string | null;
  deskLanguage: TSettingsLanguage | null;
  language: TSettingsLanguage | null;
};

/**
 * In one statement, what an account message is rendered with: the desk's company name and language
 * and, when the message goes to an account (`accountId`), that account's own language.
 */
export async function selectMailDesk(db: Db, accountId: string | null): Promise<MailDeskRow> {
  const [row] = await db<MailDeskRow[]>`
    select s.company_name as "companyName", s.language as "deskLanguage",
           (select u.language from users u where u.id = ${accountId}::uuid) as language
    from (values (1)) as one
    left join settings s on true`;
  return row ?? { companyName: null, deskLanguage: null, language: null };
}
