import type { JSONValue } from 'postgres';
import type { Db } from '../db/postgres.ts';

/** How long a stored answer stays valid (retries must be safe, docs/product.md#tickets; a day covers any client retry). */
export const IDEMPOTENCY_TTL_HOURS = 24;

export type StoredIdempotencyKey = {
  scope: string;
  fingerprint: string;
  responseStatus: number | null;
  responseBody: unknown;
};

/** Drops this key when it has expired, and sweeps a few other expired rows without waiting on any. */
export async function deleteExpiredIdempotencyKeys(db: Db, userId: string, key: string): Promise<void> {
  await db`
    delete from idempotency_keys
    where user_id = ${userId} and key = ${key}
      and created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
  await db`
    delete from idempotency_keys
    where (user_id, key) in (
      select user_id, key from idempotency_keys
      where created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
      limit 100
      for update skip locked
    )`;
}

/**
 * Claims the key for this request. True when this transaction now owns it; false when a committed
 * request already holds it (a concurrent one with the same key waits here until that one ends).
 */
export async function insertIdempotencyKey(
  db: Db,
  entry: { userId: string; key: string; scope: string; fingerprint: string },
): Promise<boolean> {
  const rows = await db`
    insert into idempotency_keys (user_id, key, scope, fingerprint)
    values (${entry.userId}, ${entry.key}, ${entry.scope}, ${entry.fingerprint})
    on conflict (user_id, key) do nothing
    returning key`;
  return rows.length === 1;
}

export async function selectIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
): Promise<StoredIdempotencyKey | null> {
  const [row] = await db<StoredIdempotencyKey[]>`
    select scope, fingerprint, response_status as "responseStatus", response_body as "responseBody"
    from idempotency_keys where user_id = ${userId} and key = ${key}`;
  return row ?? null;
}

export async function updateIdempotencyAnswer(
  db: Db,
  entry: { userId: string; key: string; status: number; body: unknown },
): Promise<void> {
  // A JSON round trip makes the answer plain JSON (dates as strings, no undefined) as a client saw it.
  const body: JSONValue = JSON.parse(JSON.stringify(entry.body));
  await db`
    update idempotency_keys
    set response_status = ${entry.status}, response_body = ${db.json(body)}
    where user_id = ${entry.userId} and key = ${entry.key}`;
}
