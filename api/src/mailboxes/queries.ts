import type { TInboundMessage, TMailbox, TMailboxSettings } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import type { ListPosition } from '../tickets/cursor.ts';

/** A mailboxes row as the API shows it, plus its sealed secret (never answered). */
export type MailboxRow = TMailbox & { secretCiphertext: string | null };

/** What a write stores: the settings without the write-only secrets, and the sealed secret. */
export type MailboxFields = Omit<TMailboxSettings, 'password' | 'oauthClientSecret' | 'oauthRefreshToken'> & {
  secretCiphertext: string | null;
};

const mailboxColumns = (db: Db) => db`
  m.id, m.name, m.address, m.kind, m.imap_host as host, m.imap_port as port, m.imap_security as security,
  m.imap_username as username, m.auth_method as "authMethod", m.oauth_token_url as "oauthTokenUrl",
  m.oauth_client_id as "oauthClientId", m.secret_ciphertext is not null as "hasSecret",
  m.secret_ciphertext as "secretCiphertext", m.folder, m.after_processing as "afterProcessing",
  m.move_to_folder as "moveToFolder", m.plus_addressing as "plusAddressing", m.team_id as "teamId",
  m.priority, m.category, m.unknown_senders as "unknownSenders", m.allowed_domains as "allowedDomains",
  m.is_active as "isActive", m.last_checked_at as "lastCheckedAt", m.last_error as "lastError",
  m.created_at as "createdAt", m.updated_at as "updatedAt"`;

export function selectMailboxes(db: Db): Promise<MailboxRow[]> {
  return db<MailboxRow[]>`select ${mailboxColumns(db)} from mailboxes m order by lower(m.name), m.id`;
}

export async function selectMailboxById(db: Db, id: string, lock = false): Promise<MailboxRow | null> {
  const [row] = lock
    ? await db<MailboxRow[]>`select ${mailboxColumns(db)} from mailboxes m where m.id = ${id} for update`
    : await db<MailboxRow[]>`select ${mailboxColumns(db)} from mailboxes m where m.id = ${id}`;
  return row ?? null;
}

const columnValues = (f: MailboxFields) => ({
  name: f.name,
  address: f.address,
  kind: f.kind,
  imap_host: f.host,
  imap_port: f.port,
  imap_security: f.security,
  imap_username: f.username,
  auth_method: f.authMethod,
  oauth_token_url: f.oauthTokenUrl,
  oauth_client_id: f.oauthClientId,
  secret_ciphertext: f.secretCiphertext,
  folder: f.folder,
  after_processing: f.afterProcessing,
  move_to_folder: f.moveToFolder,
  plus_addressing: f.plusAddressing,
  team_id: f.teamId,
  priority: f.priority,
  category: f.category,
  unknown_senders: f.unknownSenders,
  allowed_domains: f.allowedDomains,
  is_active: f.isActive,
});

export async function insertMailbox(db: Db, fields: MailboxFields, createdBy: string): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into mailboxes ${db({ ...columnValues(fields), created_by: createdBy })} returning id`;
  if (!row) throw new Error('insert into mailboxes returned no row');
  return row.id;
}

/**
 * Saves new settings. A changed server, user or folder starts the fetch state over, since the last
 * UID belongs to the folder it was read from; the error shown is the old connection's, so it goes too.
 */
export async function updateMailbox(
  db: Db,
  id: string,
  fields: MailboxFields,
  isNewPlace: boolean,
): Promise<void> {
  const reset = isNewPlace ? { uid_validity: null, last_uid: 0, last_error: null } : {};
  await db`update mailboxes set ${db({ ...columnValues(fields), ...reset })} where id = ${id}`;
}

export async function deleteMailbox(db: Db, id: string): Promise<void> {
  await db`delete from mailboxes where id = ${id}`;
}

/** A failed message and its exact received_at as PostgreSQL text, for the next page's cursor. */
export type InboundMessageRow = TInboundMessage & { cursorAt: string };

/** Failed or held-back messages, newest first, after a position (inbound_messages_failed_idx). */
export function selectFailedMessages(db: Db, after: ListPosition | null, limit: number) {
  return db<InboundMessageRow[]>`
    select i.id, i.mailbox_id as "mailboxId", m.name as "mailboxName", i.sender, i.subject, i.status,
           i.outcome, i.last_error as "lastError", i.attempts, i.received_at as "receivedAt",
           i.received_at::text as "cursorAt"
    from inbound_messages i join mailboxes m on m.id = i.mailbox_id
    where i.status = 'failed'
      ${after ? db`and (i.received_at, i.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : db``}
    order by i.received_at desc, i.id desc
    limit ${limit}`;
}

/**
 * An admin's Retry: the message is processed again from the start, and the flood limit lets it
 * through (released_at). Only a failed row changes; null when there was none.
 */
export async function releaseFailedMessage(
  db: Db,
  id: string,
  adminId: string,
): Promise<{ mailboxId: string; outcome: string | null } | null> {
  const [row] = await db<{ mailboxId: string; outcome: string | null }[]>`
    update inbound_messages set status = 'pending', attempts = 0, next_attempt_at = now(), released_at = now(),
           released_by = ${adminId}, last_error = null
    where id = ${id} and status = 'failed'
    returning mailbox_id as "mailboxId", outcome`;
  return row ?? null;
}

export async function inboundMessageExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db`select 1 from inbound_messages where id = ${id}`;
  return row !== undefined;
}

/** An active IMAP mailbox and a fingerprint of what its fetching depends on (a change restarts it). */
export type FetchableMailbox = { id: string; fingerprint: string };

export function selectFetchableMailboxes(db: Db): Promise<FetchableMailbox[]> {
  return db<FetchableMailbox[]>`
    select id, md5(row(imap_host, imap_port, imap_security, imap_username, auth_method, oauth_token_url,
                       oauth_client_id, secret_ciphertext, folder, after_processing, move_to_folder)::text) as fingerprint
    from mailboxes where kind = 'imap' and is_active
    order by id`;
}

/** Where fetching a mailbox stands: the folder's UIDVALIDITY and the highest UID taken in under it. */
export async function selectFetchState(
  db: Db,
  id: string,
): Promise<{ uidValidity: string | null; lastUid: number } | null> {
  const [row] = await db<{ uidValidity: string | null; lastUid: number }[]>`
    select uid_validity::text as "uidValidity", last_uid::int as "lastUid" from mailboxes where id = ${id}`;
  return row ?? null;
}

/** The server renumbered the folder (or it is read for the first time): start from UID 0 under the new value. */
export async function resetFetchState(db: Db, id: string, uidValidity: bigint): Promise<void> {
  await db`update mailboxes set uid_validity = ${uidValidity.toString()}, last_uid = 0 where id = ${id}`;
}

/** Records a taken-in UID; never moves back, and does nothing once the folder's state was reset. */
export async function advanceLastUid(db: Db, id: string, uidValidity: bigint, uid: number): Promise<void> {
  await db`
    update mailboxes set last_uid = greatest(last_uid, ${uid})
    where id = ${id} and uid_validity = ${uidValidity.toString()}`;
}

/** The outcome of a look at the server, for the admin's list: when, and what went wrong (null: nothing). */
export async function recordFetchOutcome(db: Db, id: string, error: string | null): Promise<void> {
  await db`update mailboxes set last_checked_at = now(), last_error = ${error?.slice(0, 500) ?? null} where id = ${id}`;
}

/** A rotated OAuth2 refresh token replaces the stored secret, unless an admin saved another meanwhile. */
export async function replaceSecret(db: Db, id: string, previous: string, next: string): Promise<void> {
  await db`update mailboxes set secret_ciphertext = ${next} where id = ${id} and secret_ciphertext = ${previous}`;
}
