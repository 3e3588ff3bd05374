import type { TTicketCategory, TTicketPriority } from '@helpdesk/contracts';
import type { PendingQuery, Row } from 'postgres';
import { type Db, uniqueViolation } from '../db/postgres.ts';

/**
 * The SQL of processing messages taken in (intake-service.ts decides, this reads and writes).
 * Every update of a claimed row is fenced by the attempt that claimed it: a worker whose lease ran
 * out, and whose row another worker claimed since, changes nothing.
 */

const milliseconds = (ms: number) => `${Math.max(0, Math.round(ms))} milliseconds`;

/**
 * A claimed row: which message, the attempt that fences its updates, and whether the attempt
 * before it never finished (its worker died or ran out of its lease): a message that keeps doing
 * that is held for an admin instead of taking the workers down again and again.
 */
export type ClaimedInbound = { id: string; attempts: number; wasInterrupted: boolean };

/**
 * Claims the rows `due` selects (locked, skipping those another worker holds): a lease, and the
 * attempt counted before any work. Answered in the order the mail came in (received, then the
 * server's UID): a round keeps that order for one sender and one thread (intake-lanes.ts), and an
 * UPDATE's RETURNING has no order of its own.
 */
function claimRows(db: Db, leaseMs: number, due: PendingQuery<Row[]>): Promise<ClaimedInbound[]> {
  return db<ClaimedInbound[]>`
    with due as (${due}),
    claimed as (
      update inbound_messages i
      set status = 'processing', attempts = i.attempts + 1,
          next_attempt_at = now() + ${milliseconds(leaseMs)}::interval
      from due where i.id = due.id
      returning i.id, i.attempts, due.status = 'processing' as "wasInterrupted", i.received_at, i.uid
    )
    select id, attempts, "wasInterrupted" from claimed order by received_at, uid nulls last, id`;
}

/**
 * Claims up to `limit` due rows in one short statement, earliest first. A row whose worker died
 * stays 'processing' and is claimed again once its lease has run out.
 */
export function claimDueInbound(
  db: Db,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedInbound[]> {
  return claimRows(
    db,
    options.leaseMs,
    db`
      select id, status from inbound_messages
      where status in ('pending', 'processing') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${options.limit}
      for update skip locked`,
  );
}

/** claimDueInbound for one row by id (`mail:receive`, tests): null when it is not due or another worker holds it. */
export async function claimInbound(db: Db, id: string, leaseMs: number): Promise<ClaimedInbound | null> {
  const [row] = await claimRows(
    db,
    leaseMs,
    db`
      select id, status from inbound_messages
      where id = ${id} and status in ('pending', 'processing') and next_attempt_at <= now()
      for update skip locked`,
  );
  return row ?? null;
}

/** Hands claims a stopping worker did not start back at once, their attempt not spent. */
export async function releaseInboundClaims(db: Db, claims: readonly ClaimedInbound[]): Promise<void> {
  for (const claim of claims) {
    await db`
      update inbound_messages set status = 'pending', next_attempt_at = now(), attempts = attempts - 1
      where id = ${claim.id} and attempts = ${claim.attempts} and status = 'processing'`;
  }
}

/** A support mailbox as processing sees it. */
export type IntakeMailbox = {
  id: string;
  address: string;
  teamId: string | null;
  priority: TTicketPriority;
  category: TTicketCategory;
  unknownSenders: 'create_account' | 'refuse' | 'allowed_domains';
  allowedDomains: string[];
};

/** A claimed message with its mailbox: what processing needs. */
export type InboundRow = {
  id: string;
  raw: Buffer | null;
  rawSize: number;
  releasedAt: string | null;
  receivedAt: string;
  mailbox: IntakeMailbox;
};

/** A message taken in, with its mailbox's rules; null when it is gone. */
export async function selectInboundRow(db: Db, id: string): Promise<InboundRow | null> {
  const [row] = await db<InboundRow[]>`
    select i.id, i.raw, i.raw_size as "rawSize", i.released_at as "releasedAt", i.received_at as "receivedAt",
           json_build_object('id', m.id, 'address', m.address, 'teamId', m.team_id, 'priority', m.priority,
                             'category', m.category, 'unknownSenders', m.unknown_senders,
                             'allowedDomains', m.allowed_domains) as mailbox
    from inbound_messages i join mailboxes m on m.id = i.mailbox_id
    where i.id = ${id}`;
  return row ?? null;
}

/** Every mailbox address (active or not): mail from any of them is the desk's own. */
export async function selectMailboxAddresses(db: Db): Promise<string[]> {
  const rows = await db<{ address: string }[]>`select address from mailboxes order by created_at`;
  return rows.map((row) => row.address);
}

/** A mailbox named by its address or its name (case-insensitive), for `mail:receive --mailbox`. */
export async function selectMailboxIdByAddressOrName(db: Db, name: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    select id from mailboxes where lower(address) = lower(${name}) or lower(name) = lower(${name})
    order by lower(address) = lower(${name}) desc limit 1`;
  return row?.id ?? null;
}

/** What the message said of itself, for the admins' list; all three are one-line, bounded values. */
export type InboundHeaders = { sender: string | null; subject: string; messageId: string | null };

/**
 * Records sender, subject and Message-ID on the claimed row. False when another message in the
 * same mailbox already has this Message-ID (the unique index decides a race): a duplicate, which
 * keeps its sender and subject but no Message-ID.
 */
export async function recordInboundHeaders(
  db: Db,
  claim: ClaimedInbound,
  headers: InboundHeaders,
): Promise<boolean> {
  await db`
    update inbound_messages set sender = ${headers.sender}, subject = ${headers.subject.slice(0, 500)}
    where id = ${claim.id} and attempts = ${claim.attempts}`;
  if (headers.messageId === null) return true;
  try {
    await db`
      update inbound_messages set message_id = ${headers.messageId}
      where id = ${claim.id} and attempts = ${claim.attempts}`;
    return true;
  } catch (error) {
    if (uniqueViolation(error) === 'inbound_messages_message_id_key') return false;
    throw error;
  }
}

/** How many messages this sender's address sent in the window, this one excluded (index inbound_messages_sender_idx). */
export async function countRecentFromSender(
  db: Db,
  sender: string,
  since: Date,
  exceptId: string,
): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from inbound_messages
    where sender = ${sender} and received_at >= ${since} and id <> ${exceptId}`;
  return row?.count ?? 0;
}

/** What a message became; the raw message goes (the ticket's .eml holds it, or nothing needs it). */
export type InboundOutcome = {
  status: 'done' | 'ignored' | 'failed';
  outcome: 'ticket' | 'comment' | 'refused' | 'auto' | 'own' | 'bounce' | 'flood' | 'duplicate';
  ticketId: string | null;
  commentId: string | null;
  lastError: string | null;
};

/**
 * Records the outcome of the claimed attempt; false when that attempt no longer holds the row
 * (its lease ran out and another worker took it over), and the caller's transaction must roll back.
 * A message the flood limit holds back keeps its raw message for an admin's Retry.
 */
export async function finishInbound(db: Db, claim: ClaimedInbound, result: InboundOutcome): Promise<boolean> {
  const rows = await db`
    update inbound_messages
    set status = ${result.status}, outcome = ${result.outcome}, ticket_id = ${result.ticketId},
        comment_id = ${result.commentId}, last_error = ${result.lastError}, processed_at = now(),
        raw = case when ${result.status} = 'failed' then raw else null end
    where id = ${claim.id} and attempts = ${claim.attempts} and status = 'processing'
    returning id`;
  return rows.length === 1;
}

/** Processing failed: try again after `delayMs`, the reason kept short for the admins. */
export async function retryInboundLater(
  db: Db,
  claim: ClaimedInbound,
  delayMs: number,
  reason: string,
): Promise<void> {
  await db`
    update inbound_messages
    set status = 'pending', next_attempt_at = now() + ${milliseconds(delayMs)}::interval, last_error = ${reason}
    where id = ${claim.id} and attempts = ${claim.attempts} and status = 'processing'`;
}

/** Processing failed for the last time: 'failed' until an admin retries it; the raw message stays for that. */
export async function failInbound(db: Db, claim: ClaimedInbound, reason: string): Promise<void> {
  await db`
    update inbound_messages set status = 'failed', last_error = ${reason}, processed_at = now()
    where id = ${claim.id} and attempts = ${claim.attempts} and status = 'processing'`;
}

/** A bounce names a message the desk sent: that outbox row failed (the address does not take mail). */
export async function markOutboxBounced(db: Db, outboxId: string, reason: string): Promise<void> {
  await db`
    update email_outbox set status = 'failed', sent_at = null, last_error = ${reason}
    where id = ${outboxId} and status in ('sent', 'pending')`;
}

/** The ticket of a message the desk sent (`<outbox.<uuid>@…>`). */
export async function selectTicketOfOutbox(db: Db, outboxId: string): Promise<string | null> {
  const [row] = await db<{ ticketId: string | null }[]>`
    select ticket_id as "ticketId" from email_outbox where id = ${outboxId}`;
  return row?.ticketId ?? null;
}

/** The ticket of a message taken in before (the requester's own earlier mail). */
export async function selectTicketOfInboundMessageId(db: Db, messageId: string): Promise<string | null> {
  const [row] = await db<{ ticketId: string }[]>`
    select ticket_id as "ticketId" from inbound_messages
    where message_id = ${messageId} and ticket_id is not null
    order by received_at limit 1`;
  return row?.ticketId ?? null;
}

/** The ticket with this number (`TKT-000123`). */
export async function selectTicketIdByNumber(db: Db, ticketNumber: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`select id from tickets where ticket_number = ${ticketNumber}`;
  return row?.id ?? null;
}

/** Whether the address is the ticket's requester's or an active staff member's (confirmed addresses only). */
export async function isRequesterOrStaffAddress(db: Db, ticketId: string, address: string): Promise<boolean> {
  const [row] = await db<{ isAllowed: boolean }[]>`
    select exists (
      select from users u
      where lower(u.email) = lower(${address}) and u.email_verified_at is not null and u.status = 'active'
        and (u.role in ('admin', 'agent') or u.id = (select requester_id from tickets where id = ${ticketId}))
    ) as "isAllowed"`;
  return row?.isAllowed ?? false;
}

/** An account a sender's address belongs to, as "who may write" sees it. */
export type SenderAccount = {
  id: string;
  username: string;
  role: 'admin' | 'agent' | 'end_user';
  status: 'pending' | 'approved' | 'rejected' | 'active' | 'inactive';
  email: string;
  firstName: string;
  emailVerified: boolean;
};

const senderAccountColumns = (db: Db) => db`
  id, username, role, status, email, first_name as "firstName", email_verified_at is not null as "emailVerified"`;

/**
 * The account of a sender's address: the one that confirmed it, else an active account the desk
 * opened for mail from it (not yet confirmed). An unconfirmed account someone registered with the
 * address is nobody's proof and is never found here.
 */
export async function selectSenderAccount(db: Db, address: string): Promise<SenderAccount | null> {
  const [row] = await db<SenderAccount[]>`
    select ${senderAccountColumns(db)} from users
    where lower(email) = lower(${address})
      and (email_verified_at is not null or (created_by_mail and status = 'active'))
    order by email_verified_at is null, created_at, id
    limit 1`;
  return row ?? null;
}

/** Serializes the opening of an account for one address, for the rest of the transaction. */
export async function lockSenderAddress(db: Db, address: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`mail-in:${address.toLowerCase()}`}, 0))`;
}

/**
 * Opens an active end-user account for a stranger's address: unconfirmed, no password (the mailed
 * invitation sets one and confirms the address), the username derived from the address and made
 * unique with a short random suffix.
 */
export async function insertMailAccount(
  db: Db,
  account: { email: string; username: string; firstName: string; lastName: string },
): Promise<SenderAccount> {
  const [row] = await db<SenderAccount[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status, created_by_mail)
    values (${account.username}, ${account.email}, null, ${account.firstName}, ${account.lastName},
            'end_user', 'active', true)
    returning ${senderAccountColumns(db)}`;
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** A note only staff see, on the ticket a message became (files that were refused, what could not be read). */
export async function insertInternalNote(
  db: Db,
  note: { ticketId: string; authorId: string; content: string },
): Promise<void> {
  await db`
    insert into ticket_comments (ticket_id, author_id, content, is_internal)
    values (${note.ticketId}, ${note.authorId}, ${note.content}, true)`;
}

/** What outgoing ticket mail needs to thread: the ticket's number, a plus-addressed mailbox and its first message. */
export type TicketThread = {
  ticketNumber: string;
  /** The mailbox the ticket came in through when it allows plus addressing, else the oldest active one that does. */
  replyToAddress: string | null;
  /** The Message-ID of the mail that opened the ticket, when it came in by mail. */
  firstInboundId: string | null;
  /** The first message the desk sent about the ticket. */
  firstOutboxId: string | null;
};

/** What outgoing mail about the ticket needs to thread; null when the ticket is gone. */
export async function selectTicketThread(db: Db, ticketId: string): Promise<TicketThread | null> {
  const [row] = await db<TicketThread[]>`
    with opening as (
      select mailbox_id, message_id from inbound_messages
      where ticket_id = ${ticketId} and outcome = 'ticket'
      order by received_at limit 1
    )
    select t.ticket_number as "ticketNumber",
           (select m.address from mailboxes m
            where m.is_active and m.plus_addressing
            order by m.id = (select mailbox_id from opening) desc, m.created_at, m.id
            limit 1) as "replyToAddress",
           (select message_id from opening) as "firstInboundId",
           (select o.id from email_outbox o where o.ticket_id = t.id order by o.created_at, o.id limit 1)
             as "firstOutboxId"
    from tickets t where t.id = ${ticketId}`;
  return row ?? null;
}
