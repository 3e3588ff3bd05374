import { RESET_TOKEN_TTL_MS, type TEmailKind } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { getSettings } from '../settings/service.ts';
import {
  insertOutboxMessage,
  type MailPerson,
  type NewOutboxMessage,
  notifyOutbox,
  selectTicketMailFacts,
} from './queries.ts';
import { type EmailData, renderEmail } from './templates.ts';

/**
 * Every function here runs inside the caller's transaction: the message is written with the change
 * that causes it (a rolled-back change sends nothing) and the NOTIFY that wakes the delivery worker
 * is delivered on COMMIT. The prepare* ones only render: their caller writes the message in the
 * change's own statement. A message is never a reason for the change to fail: an address that
 * cannot be sent to is skipped, not thrown.
 */

/** Where the links in a message point: the shell's public URL (APP_BASE_URL), never the request's Host. */
export type MailLinks = { appBaseUrl: string };

/** What a message needs to know about the person it goes to. */
export type Recipient = Pick<MailPerson, 'email' | 'firstName'>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: an address with a control character is refused.
const isSendableAddress = (email: string) => email.length <= 254 && !/[\u0000-\u001f\u007f\s]/.test(email);

type MessageOf<K extends TEmailKind> = {
  kind: K;
  dedupeKey: string;
  to: Recipient;
  data: Omit<EmailData[K], 'firstName'>;
};

/** The outbox row of a message, rendered with the desk's company name; null when its address cannot be sent to. */
function prepare<K extends TEmailKind>(message: MessageOf<K>, companyName: string): NewOutboxMessage | null {
  if (!isSendableAddress(message.to.email)) return null;
  const data = { ...message.data, firstName: message.to.firstName } as EmailData[K];
  const rendered = renderEmail(message.kind, data, { companyName });
  return {
    dedupeKey: message.dedupeKey,
    kind: message.kind,
    recipient: message.to.email,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  };
}

async function enqueue<K extends TEmailKind>(tx: Db, message: MessageOf<K>): Promise<string | null> {
  if (!isSendableAddress(message.to.email)) return null;
  const settings = await getSettings(tx);
  const prepared = prepare(message, settings.companyName);
  if (!prepared) return null;
  const id = await insertOutboxMessage(tx, prepared);
  if (id !== null) await notifyOutbox(tx);
  return id;
}

/** The settings switch 'Email notifications' governs the ticket messages; account and reset mail always goes. */
async function areTicketEmailsOn(tx: Db): Promise<boolean> {
  return (await getSettings(tx)).emailNotifications;
}

const ticketUrl = (links: MailLinks, ticketId: string) => `${links.appBaseUrl}/tickets/${ticketId}`;

/** 'We received your registration' to a new (pending) user. */
export function enqueueRegistrationReceived(
  tx: Db,
  user: Recipient & { id: string; username: string },
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'registration_received',
    dedupeKey: `user.registered:${user.id}`,
    to: user,
    data: { username: user.username },
  });
}

/** The outcome of an admin's review: approved (with the sign-in link) or rejected. */
export function enqueueAccountDecision(
  tx: Db,
  user: Recipient & { id: string; username: string },
  decision: 'active' | 'rejected',
  links: MailLinks,
): Promise<string | null> {
  if (decision === 'active') {
    return enqueue(tx, {
      kind: 'account_approved',
      dedupeKey: `user.approved:${user.id}`,
      to: user,
      data: { username: user.username, signInUrl: `${links.appBaseUrl}/login` },
    });
  }
  return enqueue(tx, { kind: 'account_rejected', dedupeKey: `user.rejected:${user.id}`, to: user, data: {} });
}

/**
 * The admin reset link. The link holds the token itself (only its hash is stored elsewhere), so
 * this row is a credential until it is sent (markSent then blanks its bodies) or the token expires;
 * it is never logged.
 */
export function enqueuePasswordReset(
  tx: Db,
  reset: { tokenId: string; token: string; to: Recipient },
  links: MailLinks,
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'password_reset',
    dedupeKey: `password_reset:${reset.tokenId}`,
    to: reset.to,
    data: {
      resetUrl: `${links.appBaseUrl}/admin/reset-password?token=${encodeURIComponent(reset.token)}`,
      expiresInMinutes: Math.round(RESET_TOKEN_TTL_MS / 60_000),
    },
  });
}

/** What a ticket mail is written from, while the desk sends ticket emails; null when it does not or the ticket is gone. */
async function ticketToMail(tx: Db, ticketId: string) {
  if (!(await areTicketEmailsOn(tx))) return null;
  return selectTicketMailFacts(tx, ticketId);
}

/** The requester's confirmation of a new ticket (the caller checks 'Send confirmation email to requester'). */
export async function enqueueTicketConfirmation(
  tx: Db,
  ticketId: string,
  links: MailLinks,
): Promise<string | null> {
  const ticket = await ticketToMail(tx, ticketId);
  if (!ticket) return null;
  return enqueue(tx, {
    kind: 'ticket_confirmation',
    dedupeKey: `ticket.confirmation:${ticket.id}`,
    to: ticket.requester,
    data: { ticketNumber: ticket.ticketNumber, title: ticket.title, ticketUrl: ticketUrl(links, ticket.id) },
  });
}

/** What the reply to a comment is decided and written from, read with the comment's ticket before it is written. */
export type ReplyFacts = {
  commentId: string;
  ticketId: string;
  ticketNumber: string;
  title: string;
  requester: Recipient & { id: string };
  authorId: string;
  authorName: string;
  content: string;
  /** Settings' 'Email notifications' and company name. */
  emailNotifications: boolean;
  companyName: string;
};

/**
 * The reply to the requester with the comment's text, rendered for the comment's own statement to
 * write (outboxInsert), when someone else wrote it and the desk sends ticket emails; null
 * otherwise. Whether the comment is internal is not asked here: that statement writes the message
 * only for a comment it stored as public, so an internal note never becomes mail, whatever the
 * caller believed.
 */
export function preparePublicReply(facts: ReplyFacts, links: MailLinks): NewOutboxMessage | null {
  if (!facts.emailNotifications || facts.requester.id === facts.authorId) return null;
  return prepare(
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
    facts.companyName,
  );
}

/**
 * 'Your ticket has been resolved' to the requester, rendered for the resolving statement to write,
 * while the desk sends ticket emails; `resolution` counts this one (each resolution after a reopen
 * is its own message). Null otherwise.
 */
export function prepareTicketResolved(
  facts: {
    ticketId: string;
    ticketNumber: string;
    title: string;
    requester: Recipient;
    resolution: number;
    emailNotifications: boolean;
    companyName: string;
  },
  links: MailLinks,
): NewOutboxMessage | null {
  if (!facts.emailNotifications) return null;
  return prepare(
    {
      kind: 'ticket_resolved',
      dedupeKey: `ticket.resolved:${facts.ticketId}:${facts.resolution}`,
      to: facts.requester,
      data: {
        ticketNumber: facts.ticketNumber,
        title: facts.title,
        ticketUrl: ticketUrl(links, facts.ticketId),
      },
    },
    facts.companyName,
  );
}

/** A test message to an admin, each one its own event. */
export function enqueueTestMessage(tx: Db, to: Recipient, links: MailLinks): Promise<string | null> {
  return enqueue(tx, {
    kind: 'test',
    dedupeKey: `test:${crypto.randomUUID()}`,
    to,
    data: { settingsUrl: `${links.appBaseUrl}/admin/settings` },
  });
}
