import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH, TICKET_MESSAGES } from '@helpdesk/contracts';
import type { TransactionSql } from 'postgres';
import type { z } from 'zod';
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
 * Runs a create in one transaction, honouring an Idempotency-Key: the key, the request's
 * fingerprint (scope plus validated body) and the answer are stored in the same transaction as
 * what was created. A retry with the same key and request returns the stored answer and creates
 * nothing; the same key with another request is a 409. A failed create stores nothing, so it can
 * be retried with the same key. Without a key the create simply runs in a transaction.
 */
export function runIdempotent<T>(
  request: { userId: string; key: string | null; scope: string; body: unknown },
  answerSchema: z.ZodType<T>,
  create: (tx: TransactionSql) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const { key } = request;
  if (key === null) return sql.begin((tx) => create(tx));
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
