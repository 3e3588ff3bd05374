import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH, TICKET_MESSAGES } from '@helpdesk/contracts';
import type { TransactionSql } from 'postgres';
import type { z } from 'zod';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict } from '../errors.ts';
import {
  deleteExpiredIdempotencyKeys,
  insertIdempotencyKey,
  selectIdempotencyKey,
  updateIdempotencyAnswer,
} from './queries.ts';

/** An answer as it leaves the API: its status and JSON body. */
export type Answer<T> = { status: number; body: T };

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** The Idempotency-Key header's value, null when absent; a malformed key is a 400, never ignored. */
export function readIdempotencyKey(headers: Headers): string | null {
  const key = headers.get('idempotency-key');
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) throw badRequest(TICKET_MESSAGES.idempotencyKeyInvalid);
  return key;
}

/** JSON with object keys sorted, so two equal requests have one fingerprint whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Runs `work` in a transaction: `db`'s own when it is one already (an Idempotency-Key's), a new
 * one on the pool otherwise.
 */
export function inTransaction<T>(db: Db, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  if ('savepoint' in db) return work(db);
  return db.begin(work) as Promise<T>;
}

/**
 * Runs a create honouring an Idempotency-Key: the key, the request's fingerprint (scope plus
 * validated body) and the answer are stored in one transaction with what was created. A retry
 * with the same key and request returns the stored answer and creates nothing; the same key with
 * another request is a 409. A failed create stores nothing, so it can be retried with the same
 * key. `create` gets that transaction, or without a key the pool itself and no idempotency
 * statement at all: a create that writes in one statement is its own transaction and pays no
 * BEGIN and COMMIT; one that writes more opens a transaction with inTransaction.
 */
export function runIdempotent<T>(
  request: { userId: string; key: string | null; scope: string; body: unknown },
  answerSchema: z.ZodType<T>,
  create: (db: Db) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const { key } = request;
  if (key === null) return create(sql);
  const fingerprint = createHash('sha256')
    .update(`${request.scope}\n${canonicalJson(request.body)}`)
    .digest('hex');
  return sql.begin(async (tx): Promise<Answer<T>> => {
    await deleteExpiredIdempotencyKeys(tx, request.userId, key);
    const isClaimed = await insertIdempotencyKey(tx, {
      userId: request.userId,
      key,
      scope: request.scope,
      fingerprint,
    });
    if (!isClaimed) {
      const stored = await selectIdempotencyKey(tx, request.userId, key);
      if (!stored || stored.fingerprint !== fingerprint || stored.responseStatus === null) {
        throw conflict(TICKET_MESSAGES.idempotencyKeyReused);
      }
      return { status: stored.responseStatus, body: answerSchema.parse(stored.responseBody) };
    }
    const answer = await create(tx);
    await updateIdempotencyAnswer(tx, { userId: request.userId, key, ...answer });
    return answer;
  });
}
