import type { Db } from '../db/postgres.ts';

const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;

/** A newer link supersedes the user's older ones: they are spent without confirming anything. */
export async function spendUnusedVerificationTokens(db: Db, userId: string): Promise<void> {
  await db`
    update email_verification_tokens set used = true, used_at = now() where user_id = ${userId} and not used`;
}

/** Stores a token's hash and the address it confirms; answers the new row's id (the mail's dedupe key). */
export async function insertVerificationToken(
  db: Db,
  token: { userId: string; email: string; tokenHash: string; ttlMs: number },
): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into email_verification_tokens (user_id, email, token_hash, expires_at)
    values (${token.userId}, ${token.email}, ${token.tokenHash}, now() + ${seconds(token.ttlMs)}::interval)
    returning id`;
  if (!row) throw new Error('insert into email_verification_tokens returned no row');
  return row.id;
}

/** Spends a token atomically: of two concurrent confirmations with one token, exactly one gets its row. */
export async function consumeVerificationToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; email: string } | null> {
  const [row] = await db<{ userId: string; email: string }[]>`
    update email_verification_tokens set used = true, used_at = now()
    where token_hash = ${tokenHash} and not used and expires_at > now()
    returning user_id as "userId", email`;
  return row ?? null;
}

/** The account a token belongs to, locked until the confirmation commits. */
export async function selectAddressesForUpdate(
  db: Db,
  userId: string,
): Promise<{ username: string; email: string; pendingEmail: string | null } | null> {
  const [row] = await db<{ username: string; email: string; pendingEmail: string | null }[]>`
    select username, email, pending_email as "pendingEmail" from users where id = ${userId} for update`;
  return row ?? null;
}

/**
 * Makes `email` the user's confirmed address; a pending change to it is done. The partial unique
 * index refuses it when someone else confirmed the address first.
 */
export async function confirmUserEmail(db: Db, userId: string, email: string): Promise<void> {
  await db`
    update users set email = ${email}, email_verified_at = now(),
      pending_email = case when lower(pending_email) = lower(${email}) then null else pending_email end
    where id = ${userId}`;
}

/** Records the address a profile change waits on; `email` stays until it is confirmed. */
export async function setPendingEmail(db: Db, userId: string, email: string): Promise<void> {
  await db`update users set pending_email = ${email} where id = ${userId}`;
}
