import type { InboundMessage } from './parse-message.ts';
import { outboxIdOf } from './threading.ts';

/** The desk's own mail identity: the mailboxes it reads and the domain of the Message-IDs it writes. */
export type DeskIdentity = { supportAddresses: string[]; messageIdDomain: string };

export type NoAutoReplyReason =
  | 'auto-submitted'
  | 'suppressed'
  | 'precedence'
  | 'mailing-list'
  | 'bounce'
  | 'automatic-sender'
  | 'own-address'
  | 'no-sender';

/** Local parts that belong to machines: answering them starts a loop or answers nobody. */
const AUTOMATIC_LOCAL_PART =
  /^(mailer-daemon|mail-daemon|mailerdaemon|postmaster|no-?reply|do-?not-?reply|donotreply|bounces?|listserv|majordomo)([+.-].*)?$/i;

/** `auto_reply` is what some vacation programs write instead of Auto-Submitted. */
const NO_REPLY_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);
/** X-Auto-Response-Suppress values that cover the desk's automatic answers. */
const SUPPRESSED = /(^|[\s,])(all|autoreply|oof)($|[\s,])/i;

/** The address without a plus tag, lower case: `support+TKT-1@x` and `support@x` are one mailbox. */
function mailboxOf(address: string): string {
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf('@');
  const plus = lower.indexOf('+');
  return plus >= 0 && plus < at ? `${lower.slice(0, plus)}${lower.slice(at)}` : lower;
}

function isDeskAddress(address: string, desk: DeskIdentity): boolean {
  const mailbox = mailboxOf(address);
  return desk.supportAddresses.some((support) => mailboxOf(support) === mailbox);
}

/**
 * Whether the message is the desk's own mail seen again: sent from one of its mailboxes, or carrying a
 * Message-ID the desk wrote (a copy in the mailbox, a message the mail server looped back). It never
 * opens a ticket.
 */
export function isFromDeskMailbox(message: InboundMessage, desk: DeskIdentity): boolean {
  if (message.from && isDeskAddress(message.from.address, desk)) return true;
  const id = message.messageId;
  return (
    id !== null &&
    outboxIdOf(id) !== null &&
    id.toLowerCase().endsWith(`@${desk.messageIdDomain.toLowerCase()}>`)
  );
}

/** Why the desk must not answer this message automatically, or null when it may (RFC 3834). */
export function noAutoReplyReason(message: InboundMessage, desk: DeskIdentity): NoAutoReplyReason | null {
  const autoSubmitted = message.autoSubmitted?.split(';')[0]?.trim().toLowerCase();
  if (autoSubmitted !== undefined && autoSubmitted !== '' && autoSubmitted !== 'no') return 'auto-submitted';
  if (message.hasAutoReplyHeader) return 'auto-submitted';
  if (SUPPRESSED.test(message.autoResponseSuppress ?? '')) return 'suppressed';
  const precedence = message.precedence?.trim().toLowerCase();
  if (precedence !== undefined && NO_REPLY_PRECEDENCE.has(precedence)) return 'precedence';
  if (message.listId !== null || message.listUnsubscribe !== null) return 'mailing-list';
  if (message.isBounce || message.hasNullReturnPath) return 'bounce';
  const sender = message.from?.address;
  if (sender === undefined) return 'no-sender';
  if (AUTOMATIC_LOCAL_PART.test(sender.slice(0, sender.lastIndexOf('@')))) return 'automatic-sender';
  // An answer to a Reply-To of the desk's own would be mail to itself.
  if (
    isFromDeskMailbox(message, desk) ||
    message.replyTo.some((entry) => isDeskAddress(entry.address, desk))
  ) {
    return 'own-address';
  }
  return null;
}

/** Whether the desk may answer this message automatically (a receipt, a refusal, a notification). */
export function mayAutoReply(message: InboundMessage, desk: DeskIdentity): boolean {
  return noAutoReplyReason(message, desk) === null;
}
