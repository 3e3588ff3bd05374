import type { TEmailKind, TSettingsLanguage } from '@helpdesk/contracts';
import type { MailPerson, NewOutboxMessage } from './queries.ts';
import { type EmailData, renderEmail } from './templates.ts';

/**
 * Rendering only, no database: a write that causes a message renders it here and stores it in its
 * own statement (outboxInsert), so the message commits with the change or not at all. A message is
 * never a reason for the change to fail: an address that cannot be sent to is skipped, not thrown.
 */

/** Where the links in a message point: the shell's public URL (APP_BASE_URL), never the request's Host. */
export type MailLinks = { appBaseUrl: string };

/**
 * What a message needs to know about the person it goes to. `language` is the account's own, read
 * with the rest of the recipient; null (no choice made) or absent (an address without an account)
 * follows the desk's.
 */
export type Recipient = Pick<MailPerson, 'email' | 'firstName' | 'emailVerified'> & {
  language?: TSettingsLanguage | null;
};

/** The desk as a message shows it: the company name it signs with and the language of whoever chose none. */
export type MailDesk = { companyName: string; language: TSettingsLanguage };

/**
 * The messages that may go to an address nobody has confirmed: the links that confirm it (an
 * invitation's set-password link confirms the address when it is used), and the answers to mail
 * the address sent when it became no ticket.
 */
const UNCONFIRMED_ADDRESS_KINDS: ReadonlySet<TEmailKind> = new Set([
  'email_verification',
  'account_invitation',
  // The answer to a message that address itself just sent (mail in); it repeats nothing the message said.
  'mail_refused',
  'mail_account_pending',
]);

/**
 * Whether the desk may mail this recipient this kind of message. Every message, ticket mail and
 * account mail alike, is rendered through prepareMessage, so this is the one place the rule lives:
 * an unconfirmed address hears nothing but its confirmation link (docs/security.md#verified-addresses).
 */
const mayMail = (kind: TEmailKind, to: Recipient) =>
  isSendableAddress(to.email) && (to.emailVerified || UNCONFIRMED_ADDRESS_KINDS.has(kind));

// biome-ignore lint/suspicious/noControlCharactersInRegex: an address with a control character is refused.
const UNSENDABLE_CHARACTER = /[\u0000-\u001f\u007f\s]/;

/** Whether an address may be handed to SMTP at all: not too long, no control characters or spaces. */
export const isSendableAddress = (email: string) => email.length <= 254 && !UNSENDABLE_CHARACTER.test(email);

/** A message before rendering: its kind, the event it belongs to, its recipient and what it says. */
export type MessageOf<K extends TEmailKind> = {
  kind: K;
  dedupeKey: string;
  to: Recipient;
  data: Omit<EmailData[K], 'firstName'>;
};

/**
 * The outbox row of a message, rendered with the desk's company name in the recipient's language
 * (their own, else the desk's); null when its address cannot be sent to or is not confirmed. The
 * row keeps the rendered text, so a retry sends the same words.
 */
export function prepareMessage<K extends TEmailKind>(
  message: MessageOf<K>,
  desk: MailDesk,
): NewOutboxMessage | null {
  if (!mayMail(message.kind, message.to)) return null;
  const data = { ...message.data, firstName: message.to.firstName } as EmailData[K];
  const language = message.to.language ?? desk.language;
  const rendered = renderEmail(message.kind, data, { companyName: desk.companyName }, language);
  return {
    dedupeKey: message.dedupeKey,
    kind: message.kind,
    recipient: message.to.email,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  };
}

const ticketUrl = (links: MailLinks, ticketId: string) => `${links.appBaseUrl}/tickets/${ticketId}`;

/** What a ticket message says about its ticket, and the desk that signs it. */
export type TicketMailFacts = {
  ticketId: string;
  ticketNumber: string;
  title: string;
  requester: Recipient;
  desk: MailDesk;
};

/** A message about the ticket itself (its number, title and link), to its requester. */
function prepareTicketNotice(
  kind: 'ticket_confirmation' | 'ticket_resolved',
  dedupeKey: string,
  facts: TicketMailFacts,
  links: MailLinks,
): NewOutboxMessage | null {
  return prepareMessage(
    {
      kind,
      dedupeKey,
      to: facts.requester,
      data: {
        ticketNumber: facts.ticketNumber,
        title: facts.title,
        ticketUrl: ticketUrl(links, facts.ticketId),
      },
    },
    facts.desk,
  );
}

/** The requester's confirmation of a new ticket ('Send confirmation email to requester'). */
export function prepareTicketConfirmation(facts: TicketMailFacts, links: MailLinks): NewOutboxMessage | null {
  return prepareTicketNotice('ticket_confirmation', `ticket.confirmation:${facts.ticketId}`, facts, links);
}

/** The reply to the requester with a public comment's text, by its author. */
export function preparePublicReply(
  facts: TicketMailFacts & { commentId: string; authorName: string; content: string },
  links: MailLinks,
): NewOutboxMessage | null {
  return prepareMessage(
    {
      kind: 'ticket_reply',
      dedupeKey: `comment.public:${facts.commentId}`,
      to: facts.requester,
      data: {
        ticketNumber: facts.ticketNumber,
        title: facts.title,
        authorName: facts.authorName,
        content: facts.content,
        ticketUrl: ticketUrl(links, facts.ticketId),
      },
    },
    facts.desk,
  );
}

/**
 * 'Your ticket has been resolved' to the requester; `resolution` counts this one (each resolution
 * after a reopen is its own message).
 */
export function prepareTicketResolved(
  facts: TicketMailFacts & { resolution: number },
  links: MailLinks,
): NewOutboxMessage | null {
  return prepareTicketNotice(
    'ticket_resolved',
    `ticket.resolved:${facts.ticketId}:${facts.resolution}`,
    facts,
    links,
  );
}
