import type { InboundMessage } from './parse-message.ts';

/**
 * A ticket number as the database's next_ticket_number() writes it: `TKT-` and at least six digits.
 * Twelve digits at most, as the search reads them: longer runs are no number a desk will reach.
 */
const TICKET_NUMBER = /\bTKT-(\d{6,12})\b/i;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OUTBOX_MESSAGE_ID = new RegExp(`^<outbox\\.(${UUID})@[^<>\\s]+>$`, 'i');

/** What the desk knows when it places an incoming message; the lookups read the database. */
export type DeskThreadingFacts = {
  /** The desk's mailbox addresses (support@…); a plus tag on one of them names a ticket. */
  supportAddresses: string[];
  /** The ticket a Message-ID belongs to: one the desk sent, or one it received and filed earlier. */
  ticketByMessageId: (messageId: string) => Promise<string | null>;
  /** The ticket with this number (`TKT-000123`), if any. */
  ticketByNumber: (ticketNumber: string) => Promise<string | null>;
  /**
   * Whether this sender may be matched to the ticket by a number they could have guessed (the
   * subject or the plus address): its requester or staff. Message-IDs need no such check: the
   * desk's own carry a random id no outsider knows.
   */
  senderMayReply: (ticketId: string, senderAddress: string) => Promise<boolean>;
};

export type ThreadMatch = 'in-reply-to' | 'references' | 'plus-address' | 'subject';

/** Where an incoming message goes: a reply on a ticket (and what matched it), or a new ticket. */
export type ThreadDecision = { kind: 'reply'; ticketId: string; matchedBy: ThreadMatch } | { kind: 'new' };

/** The outbox row behind a Message-ID the desk sent (`<outbox.<uuid>@domain>`), or null. */
export function outboxIdOf(messageId: string): string | null {
  // The domain is not compared: the company address it comes from may change while replies to
  // mail sent under the old one still arrive, and no other sender writes `outbox.<uuid>`.
  return OUTBOX_MESSAGE_ID.exec(messageId)?.[1]?.toLowerCase() ?? null;
}

/** The ticket number in a text (a subject, a plus tag), normalized to the desk's `TKT-000123`. */
export function ticketNumberIn(text: string): string | null {
  const digits = TICKET_NUMBER.exec(text)?.[1];
  return digits === undefined ? null : `TKT-${digits}`;
}

/** The plus tag of an address on one of the desk's mailboxes: `support+TKT-000123@x` -> `TKT-000123`. */
export function plusTagOf(address: string, supportAddresses: string[]): string | null {
  const at = address.lastIndexOf('@');
  const plus = address.indexOf('+');
  if (at < 0 || plus < 0 || plus > at) return null;
  const base = `${address.slice(0, plus)}${address.slice(at)}`.toLowerCase();
  if (!supportAddresses.some((support) => support.toLowerCase() === base)) return null;
  return address.slice(plus + 1, at);
}

/** The ids to try, best first: In-Reply-To, then References from the newest back. */
function candidateIds(message: InboundMessage): { id: string; matchedBy: ThreadMatch }[] {
  const candidates: { id: string; matchedBy: ThreadMatch }[] = [];
  if (message.inReplyTo) candidates.push({ id: message.inReplyTo, matchedBy: 'in-reply-to' });
  for (const id of [...message.references].reverse()) {
    if (id !== message.inReplyTo) candidates.push({ id, matchedBy: 'references' });
  }
  return candidates;
}

async function byGuessableNumber(
  ticketNumber: string | null,
  sender: string | null,
  facts: DeskThreadingFacts,
): Promise<string | null> {
  if (ticketNumber === null || sender === null) return null;
  const ticketId = await facts.ticketByNumber(ticketNumber);
  if (ticketId === null) return null;
  return (await facts.senderMayReply(ticketId, sender)) ? ticketId : null;
}

/**
 * Which ticket an incoming message answers: by In-Reply-To, then References newest first, then the
 * plus address it was sent to, then a ticket number in the subject (those two only for the ticket's
 * requester or staff); otherwise a new ticket.
 */
export async function decideThread(
  message: InboundMessage,
  facts: DeskThreadingFacts,
): Promise<ThreadDecision> {
  for (const candidate of candidateIds(message)) {
    const ticketId = await facts.ticketByMessageId(candidate.id);
    if (ticketId !== null) return { kind: 'reply', ticketId, matchedBy: candidate.matchedBy };
  }
  const sender = message.from?.address ?? null;
  const recipients = [...message.deliveredTo, ...message.to, ...message.cc];
  for (const address of new Set(recipients)) {
    const tag = plusTagOf(address, facts.supportAddresses);
    const ticketId = await byGuessableNumber(tag === null ? null : ticketNumberIn(tag), sender, facts);
    if (ticketId !== null) return { kind: 'reply', ticketId, matchedBy: 'plus-address' };
  }
  const ticketId = await byGuessableNumber(ticketNumberIn(message.subject), sender, facts);
  if (ticketId !== null) return { kind: 'reply', ticketId, matchedBy: 'subject' };
  return { kind: 'new' };
}
