import type { TCannedReply, TTicketStatus } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

/** The reader of a reply: who they are and whether they are an admin (who may change any shared reply). */
export type Reader = { id: string; isAdmin: boolean };

/** A reply as stored, for the service's rules. */
export type CannedReplyRow = { id: string; ownerId: string | null; createdBy: string | null };

/** The replies a reader may use: their own personal ones (no one else's) and the shared ones. */
const visibleTo = (db: Db, reader: Reader) => db`(r.owner_id = ${reader.id} or r.owner_id is null)`;

function replyColumns(db: Db, reader: Reader) {
  return db`
    r.id, r.title, r.body, r.owner_id is null as "isShared", r.set_status as "setStatus",
    case when a.id is null then null
      else json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name) end as author,
    coalesce(r.owner_id = ${reader.id}
      or (r.owner_id is null and (r.created_by = ${reader.id} or ${reader.isAdmin}::boolean)), false) as "canEdit",
    r.created_at as "createdAt", r.updated_at as "updatedAt"`;
}

/** Every reply the reader may use, by title; the caps keep the list short (one person's and the shared ones). */
export function selectVisibleReplies(db: Db, reader: Reader): Promise<TCannedReply[]> {
  return db<TCannedReply[]>`
    select ${replyColumns(db, reader)}
    from canned_replies r left join users a on a.id = r.created_by
    where ${visibleTo(db, reader)}
    order by lower(r.title), r.created_at, r.id`;
}

/** One reply the reader may see, or undefined (someone else's personal reply is as missing as an unknown id). */
export async function selectVisibleReply(
  db: Db,
  reader: Reader,
  id: string,
): Promise<TCannedReply | undefined> {
  const [row] = await db<TCannedReply[]>`
    select ${replyColumns(db, reader)}
    from canned_replies r left join users a on a.id = r.created_by
    where r.id = ${id} and ${visibleTo(db, reader)}`;
  return row;
}

/** The stored owner and author of a reply the reader may see, locked for the change that follows. */
export async function selectVisibleReplyForUpdate(
  db: Db,
  reader: Reader,
  id: string,
): Promise<CannedReplyRow | undefined> {
  const [row] = await db<CannedReplyRow[]>`
    select r.id, r.owner_id as "ownerId", r.created_by as "createdBy"
    from canned_replies r
    where r.id = ${id} and ${visibleTo(db, reader)}
    for update`;
  return row;
}

/** How many replies a person has written, personal and shared. */
export async function countRepliesBy(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from canned_replies where created_by = ${userId}`;
  return row?.count ?? 0;
}

/** How many shared replies the desk holds. */
export async function countSharedReplies(db: Db): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from canned_replies where owner_id is null`;
  return row?.count ?? 0;
}

/**
 * Serialises the cap checks of one key (a person's replies, or the shared ones) until the transaction
 * ends, so two requests at once cannot both take the last place.
 */
export async function lockCapKey(db: Db, key: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`canned-replies:${key}`}, 0))`;
}

type ReplyFields = { title: string; body: string; ownerId: string | null; setStatus: TTicketStatus | null };

/** Stores a new reply and answers its id. */
export async function insertReply(db: Db, fields: ReplyFields & { createdBy: string }): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into canned_replies (owner_id, title, body, set_status, created_by)
    values (${fields.ownerId}, ${fields.title}, ${fields.body}, ${fields.setStatus}, ${fields.createdBy})
    returning id`;
  if (!row) throw new Error('the canned reply was not inserted');
  return row.id;
}

/** Writes the given fields of a reply (one statement; an absent field keeps its value). */
export async function updateReply(
  db: Db,
  id: string,
  change: { title?: string; body?: string; ownerId?: string | null; setStatus?: TTicketStatus | null },
): Promise<void> {
  await db`
    update canned_replies set
      title = ${change.title ?? db`title`},
      body = ${change.body ?? db`body`},
      owner_id = ${change.ownerId === undefined ? db`owner_id` : change.ownerId},
      set_status = ${change.setStatus === undefined ? db`set_status` : change.setStatus}
    where id = ${id}`;
}

/** Removes a reply. */
export async function deleteReply(db: Db, id: string): Promise<void> {
  await db`delete from canned_replies where id = ${id}`;
}
