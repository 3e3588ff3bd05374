import {
  DEFAULT_SETTINGS,
  EMAIL_VERIFICATION_TTL_MS,
  INVITATION_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  type TEmailKind,
  type TUserRole,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import {
  isSendableAddress,
  type MailLinks,
  type MessageOf,
  prepareMessage,
  type Recipient,
} from './prepare.ts';
import { insertOutboxMessage, notifyOutbox, selectMailDesk } from './queries.ts';

/**
 * Every function here runs inside the caller's transaction: the message is written with the change
 * that causes it (a rolled-back change sends nothing) and the NOTIFY that wakes the delivery worker
 * is delivered on COMMIT. Ticket messages are not here: a ticket write renders them (prepare.ts)
 * and stores them in its own statement (tickets/write-statement.ts). A message is never a reason
 * for the change to fail: an address that cannot be sent to is skipped, not thrown.
 */

/** A message to queue; `to.id` names the account it goes to, absent for an address without one. */
type Queued<K extends TEmailKind> = MessageOf<K> & { to: Recipient & { id?: string } };

async function enqueue<K extends TEmailKind>(tx: Db, message: Queued<K>): Promise<string | null> {
  // Checked before the settings are read, so an address that cannot be sent to costs no statement
  // (prepareMessage decides again, with the rule on unconfirmed addresses).
  if (!isSendableAddress(message.to.email)) return null;
  // The account's language comes with the settings, in the statement that read the settings alone.
  const desk = await selectMailDesk(tx, message.to.id ?? null);
  const prepared = prepareMessage(
    { ...message, to: { ...message.to, language: desk.language } },
    {
      companyName: desk.companyName ?? DEFAULT_SETTINGS.companyName,
      language: desk.deskLanguage ?? DEFAULT_SETTINGS.language,
    },
  );
  if (!prepared) return null;
  const id = await insertOutboxMessage(tx, prepared);
  if (id !== null) await notifyOutbox(tx);
  return id;
}

/**
 * The link that confirms an address (a registration's, a profile change's, an admin-created
 * account's): the one message an unconfirmed address may get. Like the reset link, the row is a
 * credential until it is sent (markSent then blanks its bodies) or the token expires.
 */
export function enqueueEmailVerification(
  tx: Db,
  verification: { tokenId: string; token: string; to: Recipient & { id: string } },
  links: MailLinks,
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'email_verification',
    dedupeKey: `email_verification:${verification.tokenId}`,
    to: verification.to,
    data: {
      confirmUrl: `${links.appBaseUrl}/verify-email?token=${encodeURIComponent(verification.token)}`,
      expiresInHours: Math.round(EMAIL_VERIFICATION_TTL_MS / 3_600_000),
    },
  });
}

/** The notice to the address an account is leaving: someone asked to change it (the request's token names the event). */
export function enqueueEmailChanged(
  tx: Db,
  change: { tokenId: string; to: Recipient & { id: string } },
  links: MailLinks,
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'email_changed',
    dedupeKey: `email_changed:${change.tokenId}`,
    to: change.to,
    data: { profileUrl: `${links.appBaseUrl}/profile` },
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
 * A reset link: an administrator's opens the administrator reset page, anyone else's the public
 * one. The link holds the token itself (only its hash is stored elsewhere), so this row is a
 * credential until it is sent (markSent then blanks its bodies) or the token expires; it is never
 * logged.
 */
export function enqueuePasswordReset(
  tx: Db,
  reset: { tokenId: string; token: string; to: Recipient & { id: string; role: TUserRole } },
  links: MailLinks,
): Promise<string | null> {
  const isAdminAccount = reset.to.role === 'admin';
  const page = isAdminAccount ? '/admin/reset-password' : '/reset-password';
  return enqueue(tx, {
    kind: 'password_reset',
    dedupeKey: `password_reset:${reset.tokenId}`,
    to: reset.to,
    data: {
      resetUrl: `${links.appBaseUrl}${page}?token=${encodeURIComponent(reset.token)}`,
      expiresInMinutes: Math.round(RESET_TOKEN_TTL_MS / 60_000),
      isAdminAccount,
    },
  });
}

/**
 * An invitation: the link to set the first password of an account an administrator created. It
 * goes to an address nobody has proven yet (using the link proves it) and, like a reset link, is a
 * credential until it is sent or expires.
 */
export function enqueueInvitation(
  tx: Db,
  invitation: {
    tokenId: string;
    token: string;
    to: Recipient & { id: string };
    mailUsername?: string | null;
  },
  links: MailLinks,
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'account_invitation',
    dedupeKey: `account_invitation:${invitation.tokenId}`,
    to: invitation.to,
    data: {
      setPasswordUrl: `${links.appBaseUrl}/set-password?token=${encodeURIComponent(invitation.token)}`,
      expiresInDays: Math.round(INVITATION_TOKEN_TTL_MS / 86_400_000),
      ...(invitation.mailUsername ? { mailUsername: invitation.mailUsername } : {}),
    },
  });
}

/**
 * The polite answer to mail from an address the desk takes no tickets from (mail in), once per
 * message taken in. It greets nobody: the stranger's display name is the message's text.
 */
export function enqueueMailRefused(
  tx: Db,
  refusal: { inboundId: string; address: string },
  links: MailLinks,
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'mail_refused',
    dedupeKey: `mail_refused:${refusal.inboundId}`,
    to: { email: refusal.address, firstName: '', emailVerified: false },
    data: { registerUrl: `${links.appBaseUrl}/register` },
  });
}

/** The note to an account awaiting approval that its mail filed nothing (mail in), once per message taken in. */
export function enqueueMailAccountPending(
  tx: Db,
  note: { inboundId: string; to: Recipient & { id: string } },
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'mail_account_pending',
    dedupeKey: `mail_account_pending:${note.inboundId}`,
    to: note.to,
    data: {},
  });
}

/** A test message to an admin, each one its own event. */
export function enqueueTestMessage(
  tx: Db,
  to: Recipient & { id?: string },
  links: MailLinks,
): Promise<string | null> {
  return enqueue(tx, {
    kind: 'test',
    dedupeKey: `test:${crypto.randomUUID()}`,
    to,
    data: { settingsUrl: `${links.appBaseUrl}/admin/settings` },
  });
}
