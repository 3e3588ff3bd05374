import type { Db } from '../db/postgres.ts';

/** The NOTIFY channel the mail-in workers listen on; a message taken in wakes them. */
export const INBOUND_CHANNEL = 'inbound_messages';

/** Where a message came from: an IMAP mailbox's folder position, or a pipe (no UID). */
export type InboundPlace =
  | { mailboxId: string; uidValidity: bigint; uid: number }
  | { mailboxId: string; uidValidity: null; uid: null };

/**
 * Stores a message as received, once per place on the server: the id when stored, null when that
 * UID under that UIDVALIDITY was taken in before (a fetch repeated after a cut connection or a
 * killed worker). Nothing is parsed here; processing reads the message and its Message-ID later,
 * so taking in is as cheap as the server can hand messages over. The NOTIFY wakes the workers on
 * COMMIT.
 */
export async function insertInboundMessage(
  db: Db,
  place: InboundPlace,
  raw: Uint8Array,
): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`
    insert into inbound_messages (mailbox_id, uid_validity, uid, raw, raw_size)
    values (${place.mailboxId}, ${place.uidValidity === null ? null : place.uidValidity.toString()},
            ${place.uid}, ${Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)}, ${raw.byteLength})
    on conflict (mailbox_id, uid_validity, uid) where uid is not null do nothing
    returning id`;
  if (row) await db`select pg_notify(${INBOUND_CHANNEL}, '')`;
  return row?.id ?? null;
}
