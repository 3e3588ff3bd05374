import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/postgres.ts';

/**
 * Deletes up to `limit` rows of `table` that `where` selects, in `orderBy` order, skipping rows
 * another transaction holds (a second sweeper, or a request using the row, is never waited on).
 * `key` is the table's primary key; returns how many rows went.
 */
async function deleteBatch(
  db: Db,
  batch: { table: string; key: string[]; where: PendingQuery<Row[]>; orderBy: string; limit: number },
): Promise<number> {
  if (batch.limit <= 0) return 0;
  const rows = await db`
    delete from ${db(batch.table)} where (${db(batch.key)}) in (
      select ${db(batch.key)} from ${db(batch.table)} where ${batch.where}
      order by ${db(batch.orderBy)} limit ${batch.limit}
      for update skip locked
    )
    returning 1`;
  return rows.length;
}

/**
 * Deletes up to `limit` sessions past their idle expiry (sessions_expire_idx). The idle expiry
 * never passes the absolute one (a CHECK), so this covers both rules of session.ts.
 */
export function deleteExpiredSessionBatch(db: Db, options: { now: Date; limit: number }): Promise<number> {
  return deleteBatch(db, {
    table: 'sessions',
    key: ['sid'],
    where: db`expire < ${options.now}`,
    orderBy: 'expire',
    limit: options.limit,
  });
}

/**
 * Deletes up to `limit` single-use tokens of `table` that can never be used again: expired, or
 * spent (used or superseded: a new token marks the user's older ones used).
 */
async function deleteDeadTokenBatch(
  db: Db,
  table: 'password_reset_tokens' | 'email_verification_tokens',
  options: { now: Date; limit: number },
): Promise<number> {
  const expired = await deleteBatch(db, {
    table,
    key: ['id'],
    where: db`expires_at < ${options.now}`,
    orderBy: 'expires_at',
    limit: options.limit,
  });
  const spent = await deleteBatch(db, {
    table,
    key: ['id'],
    where: db`used`,
    orderBy: 'used_at',
    limit: options.limit - expired,
  });
  return expired + spent;
}

/** Deletes up to `limit` reset tokens that can never be used again: expired, or spent (used or superseded). */
export function deleteDeadResetTokenBatch(db: Db, options: { now: Date; limit: number }): Promise<number> {
  return deleteDeadTokenBatch(db, 'password_reset_tokens', options);
}

/** Deletes up to `limit` address confirmation tokens that can never be used again: expired, or spent (used or superseded). */
export function deleteDeadVerificationTokenBatch(
  db: Db,
  options: { now: Date; limit: number },
): Promise<number> {
  return deleteDeadTokenBatch(db, 'email_verification_tokens', options);
}

/** Deletes up to `limit` idempotency keys older than `before` (their stored answers are no longer honoured). */
export function deleteExpiredIdempotencyKeyBatch(
  db: Db,
  options: { before: Date; limit: number },
): Promise<number> {
  return deleteBatch(db, {
    table: 'idempotency_keys',
    key: ['user_id', 'key'],
    where: db`created_at < ${options.before}`,
    orderBy: 'created_at',
    limit: options.limit,
  });
}

/** Deletes up to `limit` failed sign-ins from before `before` (they no longer count against anyone). */
export function deleteExpiredLoginFailureBatch(
  db: Db,
  options: { before: Date; limit: number },
): Promise<number> {
  return deleteBatch(db, {
    table: 'login_failures',
    key: ['id'],
    where: db`failed_at < ${options.before}`,
    orderBy: 'failed_at',
    limit: options.limit,
  });
}

/**
 * Deletes up to `limit` rate-limit cells whose time has passed (a missing row allows as much), in
 * key order: the arrival time has no index, so that a take updates its row in place (migration 00103).
 */
export function deleteSpentRateCellBatch(db: Db, options: { now: Date; limit: number }): Promise<number> {
  return deleteBatch(db, {
    table: 'rate_limits',
    key: ['key'],
    where: db`tat < ${options.now}`,
    orderBy: 'key',
    limit: options.limit,
  });
}
