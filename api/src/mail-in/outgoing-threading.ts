import type { Db } from '../db/postgres.ts';
import { outboxMessageId } from '../email/transport.ts';
import { selectTicketThread } from './intake-queries.ts';

/** The headers that keep a ticket's mail in one thread in the requester's mail program. */
export type ThreadHeaders = { replyTo?: string; inReplyTo?: string; references?: string };

/** `support@x` with the ticket's number as plus tag: `support+TKT-000123@x`. */
function plusAddress(address: string, ticketNumber: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}+${ticketNumber}${address.slice(at)}`;
}

/**
 * The threading headers of a message about a ticket (docs/product.md#email-in): Reply-To a
 * support mailbox with plus addressing and the ticket's number as tag (none while no mailbox
 * exists, so replies go where they always went), and In-Reply-To / References the ticket's first
 * message (the mail that opened it, else the first message the desk sent about it), so mail
 * programs group the thread. The subject already names the ticket.
 */
export async function threadHeadersFor(
  db: Db,
  message: { id: string; ticketId: string },
  messageIdDomain: string,
): Promise<ThreadHeaders> {
  const thread = await selectTicketThread(db, message.ticketId);
  if (!thread) return {};
  const first =
    thread.firstInboundId ??
    (thread.firstOutboxId !== null && thread.firstOutboxId !== message.id
      ? outboxMessageId(thread.firstOutboxId, messageIdDomain)
      : null);
  return {
    ...(thread.replyToAddress === null
      ? {}
      : { replyTo: plusAddress(thread.replyToAddress, thread.ticketNumber) }),
    ...(first === null ? {} : { inReplyTo: first, references: first }),
  };
}
