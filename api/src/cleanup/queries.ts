import type { Db } from '../db/postgres.ts';

/**
 * Deletes up to `limit` sessions past their idle expiry (sessions_expire_idx). The idle expiry
 * never passes the absolute one (a CHECK), so this covers both rules of session.ts.
 */
export async function deleteExpiredSessionBatch(
  db: Db,
  options: { now: Date; limit: number },
): Promise<number> {
  const rows = await db`
    delete from sessions where sid in (
      select sid from sessions where expire < ${options.now}
      order by expire limit ${options.limit}
      for update skip locked
    )
    returning sid`;
  return rows.length;
}

/** Deletes up to `limit` reset tokens that can never be used again: expired, or spent (used or superseded). */
export async function deleteDeadResetTokenBatch(
  db: Db,
  options: { now: Date; limit: number },
): Promise<number> {
  const expired = await db`
    delete from password_reset_tokens where id in (
      select id from password_reset_tokens where expires_at < ${options.now}
      order by expires_at limit ${options.limit}
      for update skip locked
    )
    returning id`;
  const spent = await db`
    delete from password_reset_tokens where id in (
      select id from password_reset_tokens where used
      order by used_at limit ${Math.max(0, options.limit - expired.length)}
      for update skip locked
    )
    returning id`;
  return expired.length + spent.length;
}

/** Deletes up to `limit` idempotency keys older than `before` (their stored answers are no longer honoured). */
export async function deleteExpiredIdempotencyKeyBatch(
  db: Db,
  options: { before: Date; limit: number },
): Promise<number> {
  const rows = await db`
    delete from idempotency_keys where (user_id, key) in (
      select user_id, key from idempotency_keys where created_at < ${options.before}
      order by created_at limit ${options.limit}
      for update skip locked
    )
    returning key`;
  return rows.length;
}
