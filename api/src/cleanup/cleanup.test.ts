import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Sql } from 'postgres';
import { createScratchDatabase } from '../../test/helpers.ts';
import { insertPerson } from '../worker/test-fixtures.ts';
import { runCleanupRound } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Sql;
let userId = '';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  db = scratch.sql;
  userId = await insertPerson(db, { role: 'agent' });
});
afterAll(async () => {
  await scratch.drop();
});

const hex = () => crypto.randomUUID().replaceAll('-', '').padEnd(64, '0');
const at = (now: number, offsetMs: number) => new Date(now + offsetMs);

async function insertSession(now: number, expireIn: number, absoluteIn: number): Promise<string> {
  const sid = hex();
  await db`
    insert into sessions (sid, user_id, expire, absolute_expire)
    values (${sid}, ${userId}, ${at(now, expireIn)}, ${at(now, absoluteIn)})`;
  return sid;
}

async function insertToken(
  table: 'password_reset_tokens' | 'email_verification_tokens',
  now: number,
  expiresIn: number,
  isUsed: boolean,
): Promise<string> {
  const hash = hex();
  const token = {
    user_id: userId,
    token_hash: hash,
    expires_at: at(now, expiresIn),
    used: isUsed,
    used_at: isUsed ? at(now, -MINUTE) : null,
    // A confirmation token names the address it confirms.
    ...(table === 'email_verification_tokens' ? { email: 'cleanup@example.com' } : {}),
  };
  await db`insert into ${db(table)} ${db(token)}`;
  return hash;
}

const insertResetToken = (now: number, expiresIn: number, isUsed: boolean) =>
  insertToken('password_reset_tokens', now, expiresIn, isUsed);
const insertVerificationToken = (now: number, expiresIn: number, isUsed: boolean) =>
  insertToken('email_verification_tokens', now, expiresIn, isUsed);

async function insertIdempotencyKey(now: number, ageMs: number): Promise<string> {
  const key = crypto.randomUUID();
  await db`
    insert into idempotency_keys (user_id, key, scope, fingerprint, created_at)
    values (${userId}, ${key}, 'POST /api/tickets', ${hex()}, ${at(now, -ageMs)})`;
  return key;
}

async function insertJob(now: number, status: string, finishedAgoMs: number | null): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into jobs (kind, status, finished_at, locked_until)
    values ('cleanup_test', ${status}, ${finishedAgoMs === null ? null : at(now, -finishedAgoMs)},
            ${status === 'running' ? at(now, MINUTE) : null})
    returning id::text as id`;
  return row?.id ?? '';
}

const remaining = async (table: string, column: string, values: string[]) => {
  const rows = await db<{ value: string }[]>`
    select ${db(column)}::text as value from ${db(table)} where ${db(column)}::text in ${db(values)}`;
  return rows.map((row) => row.value).sort();
};

describe('cleanup', () => {
  test('deletes only what has expired: sessions, reset and confirmation tokens, idempotency keys, finished jobs past retention, old sign-in failures, spent rate-limit cells', async () => {
    const now = Date.now();
    const liveSession = await insertSession(now, HOUR, 6 * DAY);
    const idleSession = await insertSession(now, -MINUTE, 6 * DAY);
    // Past the absolute expiry: the idle expiry is capped by it (a CHECK), so it has passed too.
    const oldSession = await insertSession(now, -HOUR, -HOUR);

    const liveToken = await insertResetToken(now, 20 * MINUTE, false);
    const expiredToken = await insertResetToken(now, -MINUTE, false);
    const spentToken = await insertResetToken(now, 20 * MINUTE, true);

    const liveLink = await insertVerificationToken(now, DAY, false);
    const expiredLink = await insertVerificationToken(now, -MINUTE, false);
    // Used, or superseded by a newer link: both are marked used.
    const spentLink = await insertVerificationToken(now, DAY, true);

    const freshKey = await insertIdempotencyKey(now, 23 * HOUR);
    const staleKey = await insertIdempotencyKey(now, 25 * HOUR);

    const pendingJob = await insertJob(now, 'pending', null);
    const runningJob = await insertJob(now, 'running', null);
    const recentDone = await insertJob(now, 'done', 23 * HOUR);
    const oldDone = await insertJob(now, 'done', 25 * HOUR);
    const recentFailed = await insertJob(now, 'failed', 6 * DAY);
    const oldFailed = await insertJob(now, 'failed', 8 * DAY);

    const failureKey = `account:cleanup-${crypto.randomUUID()}`;
    await db`
      insert into login_failures (key, failed_at)
      values (${failureKey}, ${at(now, -16 * MINUTE)}), (${failureKey}, ${at(now, -14 * MINUTE)})`;

    const spentCell = `cleanup:spent-${crypto.randomUUID()}`;
    const liveCell = `cleanup:live-${crypto.randomUUID()}`;
    await db`
      insert into rate_limits (key, tat)
      values (${spentCell}, ${at(now, -MINUTE)}), (${liveCell}, ${at(now, MINUTE)})`;

    const round = await runCleanupRound({ db, now });
    expect(round.counts).toEqual({
      sessions: 2,
      resetTokens: 2,
      verificationTokens: 2,
      idempotencyKeys: 1,
      doneJobs: 1,
      failedJobs: 1,
      loginFailures: 1,
      rateCells: 1,
    });
    expect(round).toMatchObject({ handled: 11, isBatchFull: false });
    expect(await remaining('rate_limits', 'key', [spentCell, liveCell])).toEqual([liveCell]);
    const [failures] = await db<{ count: number }[]>`
      select count(*)::int as count from login_failures where key = ${failureKey}`;
    expect(failures?.count).toBe(1);

    expect(await remaining('sessions', 'sid', [liveSession, idleSession, oldSession])).toEqual([liveSession]);
    expect(
      await remaining('password_reset_tokens', 'token_hash', [liveToken, expiredToken, spentToken]),
    ).toEqual([liveToken]);
    expect(
      await remaining('email_verification_tokens', 'token_hash', [liveLink, expiredLink, spentLink]),
    ).toEqual([liveLink]);
    expect(await remaining('idempotency_keys', 'key', [freshKey, staleKey])).toEqual([freshKey]);
    expect(
      await remaining('jobs', 'id', [pendingJob, runningJob, recentDone, oldDone, recentFailed, oldFailed]),
    ).toEqual([pendingJob, runningJob, recentDone, recentFailed].sort());

    // Nothing left to do: a second round deletes nothing.
    expect((await runCleanupRound({ db, now })).handled).toBe(0);
  });

  test('works in bounded batches and says when a batch was full', async () => {
    const now = Date.now();
    for (let index = 0; index < 7; index++) await insertSession(now, -MINUTE, DAY);
    const counts: number[] = [];
    for (;;) {
      const round = await runCleanupRound({ db, now, batchSize: 3 });
      counts.push(round.counts.sessions);
      if (!round.isBatchFull) break;
    }
    expect(counts).toEqual([3, 3, 1]);
  });
});
