import type { Db } from '../db/postgres.ts';

export type TwoFactorRow = { secret: string; isEnabled: boolean; lastUsedStep: number | null };

/** The user's TOTP row (enabled or a setup in progress), or null. */
export async function selectTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db<TwoFactorRow[]>`
    select secret, enabled_at is not null as "isEnabled", last_used_step::float8 as "lastUsedStep"
    from user_two_factor where user_id = ${userId}`;
  return row ?? null;
}

/** Whether the user has two-factor on (a setup in progress does not count). */
export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db<{ isOn: boolean }[]>`
    select exists (select 1 from user_two_factor where user_id = ${userId} and enabled_at is not null) as "isOn"`;
  return row?.isOn ?? false;
}

/** Starts (or restarts) a setup: a new secret, not enabled; refuses to touch an enabled one. */
export async function upsertPendingSecret(db: Db, userId: string, secret: string): Promise<boolean> {
  const rows = await db`
    insert into user_two_factor (user_id, secret) values (${userId}, ${secret})
    on conflict (user_id) do update set secret = excluded.secret, last_used_step = null, created_at = now()
      where user_two_factor.enabled_at is null
    returning user_id`;
  return rows.length === 1;
}

/** Turns two-factor on with this secret, the confirming code's step already used. */
export async function upsertEnabledSecret(
  db: Db,
  userId: string,
  secret: string,
  step: number,
): Promise<void> {
  await db`
    insert into user_two_factor (user_id, secret, enabled_at, last_used_step)
    values (${userId}, ${secret}, now(), ${step})
    on conflict (user_id) do update
      set secret = excluded.secret, enabled_at = now(), last_used_step = excluded.last_used_step`;
}

/**
 * Marks a code's step used, only when it is later than the last one used: of two requests with the
 * same code, one wins. The setup's row counts only when `isEnabled` says which kind is meant.
 */
export async function useTotpStep(
  db: Db,
  userId: string,
  step: number,
  isEnabled: boolean,
): Promise<boolean> {
  const rows = await db`
    update user_two_factor set last_used_step = ${step}
    where user_id = ${userId} and (enabled_at is not null) = ${isEnabled}
      and (last_used_step is null or last_used_step < ${step})
    returning user_id`;
  return rows.length === 1;
}

/** Enables the setup in progress (after its code matched and its step was used). */
export async function enablePendingSecret(db: Db, userId: string): Promise<boolean> {
  const rows = await db`
    update user_two_factor set enabled_at = now() where user_id = ${userId} and enabled_at is null
    returning user_id`;
  return rows.length === 1;
}

/** Spends a recovery code: one atomic update, so two requests with the same code cannot both pass. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db`
    update user_recovery_codes set used_at = now()
    where user_id = ${userId} and code_hash = ${codeHash} and used_at is null
    returning user_id`;
  return rows.length === 1;
}

/** Replaces every recovery code of the user with these hashes. */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: readonly string[],
): Promise<void> {
  await db`delete from user_recovery_codes where user_id = ${userId}`;
  await db`
    insert into user_recovery_codes (user_id, code_hash)
    select ${userId}, unnest(${codeHashes as string[]}::text[])`;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from user_recovery_codes where user_id = ${userId} and used_at is null`;
  return row?.count ?? 0;
}

/** Removes the user's secret, recovery codes and any sign-in waiting for a code; whether 2FA was on. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  await db`delete from user_recovery_codes where user_id = ${userId}`;
  await db`delete from two_factor_challenges where user_id = ${userId}`;
  const rows = await db`delete from user_two_factor where user_id = ${userId} returning enabled_at`;
  return rows.some((row) => row.enabled_at !== null);
}

export type ChallengeRow = {
  userId: string;
  mode: 'user' | 'admin';
  kind: 'code' | 'setup';
  pendingSecret: string | null;
};

/** A new challenge for the user, replacing any earlier one. */
export async function insertChallenge(
  db: Db,
  challenge: {
    tokenHash: string;
    userId: string;
    mode: 'user' | 'admin';
    kind: 'code' | 'setup';
    seconds: number;
  },
): Promise<void> {
  await db`delete from two_factor_challenges where user_id = ${challenge.userId} or expires_at < now()`;
  await db`
    insert into two_factor_challenges (token_hash, user_id, mode, kind, expires_at)
    values (${challenge.tokenHash}, ${challenge.userId}, ${challenge.mode}, ${challenge.kind},
            now() + make_interval(secs => ${challenge.seconds}))`;
}

/** The live challenge a token names, locked until the transaction ends (null: none, or expired). */
export async function selectChallengeForUpdate(db: Db, tokenHash: string): Promise<ChallengeRow | null> {
  const [row] = await db<ChallengeRow[]>`
    select user_id as "userId", mode, kind, pending_secret as "pendingSecret"
    from two_factor_challenges where token_hash = ${tokenHash} and expires_at > now()
    for update`;
  return row ?? null;
}

/** Keeps the secret a setup challenge shows, so asking again shows the same one. */
export async function setChallengeSecret(db: Db, tokenHash: string, sealed: string): Promise<void> {
  await db`update two_factor_challenges set pending_secret = ${sealed} where token_hash = ${tokenHash}`;
}

/** Ends a challenge (success, or too many failures). */
export async function deleteChallenge(db: Db, tokenHash: string): Promise<void> {
  await db`delete from two_factor_challenges where token_hash = ${tokenHash}`;
}

/** Counts a wrong code on a challenge and ends it at `max`; the user's id when the challenge was live. */
export async function countChallengeFailure(db: Db, tokenHash: string, max: number): Promise<string | null> {
  const [row] = await db<{ userId: string; failures: number }[]>`
    update two_factor_challenges set failures = failures + 1
    where token_hash = ${tokenHash} and expires_at > now()
    returning user_id as "userId", failures`;
  if (!row) return null;
  if (row.failures >= max) await deleteChallenge(db, tokenHash);
  return row.userId;
}

export type ChallengeAccount = { username: string; role: 'admin' | 'agent' | 'end_user'; status: string };

/** What completing a sign-in re-checks: the account may have changed in the minutes since its password. */
export async function selectChallengeAccount(db: Db, userId: string): Promise<ChallengeAccount | null> {
  const [row] = await db<ChallengeAccount[]>`select username, role, status from users where id = ${userId}`;
  return row ?? null;
}

/** The user of a live challenge, without locking it (the throttle is asked before anything else). */
export async function selectChallengeUser(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db<{ userId: string }[]>`
    select user_id as "userId" from two_factor_challenges where token_hash = ${tokenHash} and expires_at > now()`;
  return row?.userId ?? null;
}
