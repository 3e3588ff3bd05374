import {
  EMAIL_VERIFICATION_MESSAGES,
  EMAIL_VERIFICATION_TTL_MS,
  SERVER_MESSAGES,
  type TUser,
} from '@helpdesk/contracts';
import { insertOwnAccountAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { enqueueEmailVerification } from '../email/outbox.ts';
import type { MailLinks } from '../email/prepare.ts';
import { badRequest, conflict } from '../errors.ts';
import { enforceRateLimit, tryRateLimit } from '../limits/rate-limits.ts';
import { randomToken, sha256Hex } from '../session.ts';
import { sessionCache } from '../session-cache.ts';
import { confirmationMailBudget } from './limits.ts';
import {
  confirmUserEmail,
  consumeVerificationToken,
  insertVerificationToken,
  selectAddressesForUpdate,
  spendUnusedVerificationTokens,
} from './queries.ts';

/**
 * Spends the address's confirmation-mail budget (limits.ts), or refuses with 429 and a message
 * that says when to try again.
 */
export async function takeConfirmationMailBudget(db: Db, email: string): Promise<void> {
  await enforceRateLimit(db, [confirmationMailBudget(email)], EMAIL_VERIFICATION_MESSAGES.tooSoon);
}

/** Spends the address's confirmation-mail budget when it allows one more; false (nothing spent) otherwise. */
export async function tryConfirmationMailBudget(db: Db, email: string): Promise<boolean> {
  return tryRateLimit(db, [confirmationMailBudget(email)]);
}

/**
 * Inside the caller's transaction: the user's older links are spent, a new token's hash stored
 * with the address it confirms, and the mail with the link queued. Answers the token's id.
 */
export async function issueEmailVerification(
  tx: Db,
  userId: string,
  email: string,
  links: MailLinks,
): Promise<string> {
  const token = randomToken();
  await spendUnusedVerificationTokens(tx, userId);
  const tokenId = await insertVerificationToken(tx, {
    userId,
    email,
    tokenHash: sha256Hex(token),
    ttlMs: EMAIL_VERIFICATION_TTL_MS,
  });
  // The one message an unconfirmed address may get (email/prepare.ts).
  await enqueueEmailVerification(
    tx,
    { tokenId, token, to: { id: userId, email, firstName: '', emailVerified: false } },
    links,
  );
  return tokenId;
}

const invalidLink = () => badRequest(EMAIL_VERIFICATION_MESSAGES.linkInvalid);

/**
 * Confirms the address a link was mailed to: the token is spent by one atomic update (so it works
 * once), the address becomes the account's confirmed email (a pending change is done), the user's
 * other links are spent, and a 'user.email_confirmed' audit row is written, in one transaction.
 * An address someone else confirmed first is a 409, and the link stays unspent.
 */
export async function confirmEmail(token: string, meta: RequestMeta): Promise<void> {
  const userId = await sql
    .begin(async (tx) => {
      const claim = await consumeVerificationToken(tx, sha256Hex(token));
      if (!claim) throw invalidLink();
      const account = await selectAddressesForUpdate(tx, claim.userId);
      const isStillWanted =
        account !== null &&
        [account.email, account.pendingEmail].some((e) => e?.toLowerCase() === claim.email.toLowerCase());
      if (!account || !isStillWanted) throw invalidLink();
      await confirmUserEmail(tx, claim.userId, claim.email);
      await spendUnusedVerificationTokens(tx, claim.userId);
      await insertOwnAccountAuditEntry(
        tx,
        {
          userId: claim.userId,
          action: 'user.email_confirmed',
          details: { username: account.username, email: claim.email, previousEmail: account.email },
        },
        meta,
      );
      return claim.userId;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'users_email_lower_key') throw conflict(SERVER_MESSAGES.emailExists);
      throw error;
    });
  // The user's open tabs read `me` next: this process answers them fresh at once.
  sessionCache().forgetUser(userId);
}

/**
 * Mails a new link for the signed-in user's address waiting to be confirmed: the pending new one,
 * else their own while it is unconfirmed. At most one per address per few minutes (429).
 */
export async function resendEmailVerification(user: TUser, links: MailLinks): Promise<void> {
  const address = user.pendingEmail ?? (user.emailVerified ? null : user.email);
  if (address === null) throw badRequest(EMAIL_VERIFICATION_MESSAGES.nothingToConfirm);
  await takeConfirmationMailBudget(sql, address);
  await sql.begin((tx) => issueEmailVerification(tx, user.id, address, links));
}
