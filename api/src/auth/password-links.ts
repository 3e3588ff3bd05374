import { INVITATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, type TUserRole } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { enqueueInvitation, enqueuePasswordReset } from '../email/outbox.ts';
import type { MailLinks, Recipient } from '../email/prepare.ts';
import { randomToken, sha256Hex } from '../session.ts';
import { insertResetToken, type PasswordTokenPurpose, spendUnusedResetTokens } from './queries.ts';

const TTL_MS: Record<PasswordTokenPurpose, number> = {
  reset: RESET_TOKEN_TTL_MS,
  // The invited person may be away for days.
  invitation: INVITATION_TOKEN_TTL_MS,
};

/**
 * Inside the caller's transaction: the account's unused password links are spent (a newer one
 * supersedes them), a new token's hash is stored and the mail with the link queued: a reset link
 * (to a confirmed address), or an invitation's set-password link (to the address it will confirm;
 * `mailUsername` for an account the desk opened for a stranger's mail, which the invitation says,
 * naming the username it signs in with).
 * Answers the token's id.
 */
export async function issuePasswordLink(
  tx: Db,
  purpose: PasswordTokenPurpose,
  to: Recipient & { id: string; role: TUserRole },
  links: MailLinks,
  mailUsername: string | null = null,
): Promise<string> {
  const token = randomToken();
  await spendUnusedResetTokens(tx, to.id);
  const tokenId = await insertResetToken(tx, {
    userId: to.id,
    tokenHash: sha256Hex(token),
    ttlMs: TTL_MS[purpose],
    purpose,
  });
  if (purpose === 'reset') await enqueuePasswordReset(tx, { tokenId, token, to }, links);
  else await enqueueInvitation(tx, { tokenId, token, to, mailUsername }, links);
  return tokenId;
}
