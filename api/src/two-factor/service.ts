import {
  SERVER_MESSAGES,
  type TTwoFactorProofRequest,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  type TTwoFactorVerifyRequest,
  type TUser,
  TWO_FACTOR_LIMITS,
  TWO_FACTOR_MESSAGES,
} from '@helpdesk/contracts';
import { insertAuditEntry, insertOwnAccountAuditEntry } from '../audit/queries.ts';
import { selectPasswordHash, selectUsername } from '../auth/queries.ts';
import {
  forgetFailuresHere,
  openSession,
  recordFailure,
  throwIfRefused,
  throwIfThrottled,
} from '../auth/service.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { isPasswordTooLong, verifyPassword } from '../passwords.ts';
import { sha256Hex } from '../session.ts';
import { sessionCache } from '../session-cache.ts';
import { isTwoFactorRequired } from './challenges.ts';
import {
  type ChallengeRow,
  countChallengeFailure,
  countUnusedRecoveryCodes,
  deleteChallenge,
  deleteTwoFactor,
  enablePendingSecret,
  replaceRecoveryCodes,
  selectChallengeAccount,
  selectChallengeForUpdate,
  selectChallengeUser,
  selectTwoFactor,
  setChallengeSecret,
  upsertEnabledSecret,
  upsertPendingSecret,
  useRecoveryCode,
  useTotpStep,
} from './queries.ts';
import {
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  recoveryCodeHash,
  secretFromStored,
  setupOf,
  storedSecret,
} from './totp.ts';

// The same answer for every failure of a sign-in's second step: no challenge, an expired or used one, a
// wrong code, a code of a step already used, a spent recovery code, an account that changed meanwhile.
// A 400 like a spent reset link's, not a 401: nobody is signed in yet, so there is no session to end.
const invalidCode = () => badRequest(TWO_FACTOR_MESSAGES.invalidCode);
const wrongCode = () => badRequest(TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });

/** An audit row of a person's own two-factor change. */
function auditOwn(tx: Db, user: { id: string; username: string }, action: string, meta: RequestMeta) {
  return insertOwnAccountAuditEntry(
    tx,
    { userId: user.id, action, details: { username: user.username } },
    meta,
  );
}

/** Ten new recovery codes for the user, replacing the old ones; the codes themselves, to show once. */
async function issueRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR_LIMITS.recoveryCodeCount }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
  return codes;
}

/** Whether a typed code is the enabled secret's code of an unused step (spending it) or an unspent recovery code. */
async function spendCode(tx: Db, key: Buffer | null, userId: string, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code.replace(/[\s-]/g, ''))) {
    const row = await selectTwoFactor(tx, userId);
    if (!row?.isEnabled) return false;
    const step = matchingStep(secretFromStored(key, row.secret), code);
    return step !== null && (await useTotpStep(tx, userId, step, true));
  }
  return useRecoveryCode(tx, userId, recoveryCodeHash(code));
}

/** The signed-in user's two-factor: on or off, recovery codes left, and whether the desk requires it. */
export async function twoFactorStatus(user: TUser): Promise<TTwoFactorStatus> {
  const row = await selectTwoFactor(sql, user.id);
  return {
    enabled: row?.isEnabled ?? false,
    recoveryCodesLeft: row?.isEnabled ? await countUnusedRecoveryCodes(sql, user.id) : 0,
    required: await isTwoFactorRequired(user.role),
  };
}

/** Begins (or restarts) the signed-in user's setup: a new secret, shown now and never again. 409 when on. */
export async function beginSetup(user: TUser, key: Buffer | null): Promise<TTwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await upsertPendingSecret(sql, user.id, storedSecret(key, secret)))) {
    throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  }
  return setupOf(secret, user.username);
}

/**
 * Confirms the setup with a code from the app: two-factor is on, audited, and the ten recovery codes
 * are answered (only their hashes are kept). A wrong code counts like a wrong password.
 */
export async function confirmSetup(
  user: TUser,
  code: string,
  key: Buffer | null,
  meta: RequestMeta,
): Promise<string[]> {
  const row = await selectTwoFactor(sql, user.id);
  if (row?.isEnabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  if (!row) throw conflict(TWO_FACTOR_MESSAGES.noSetup);
  await throwIfRefused(user.username, meta.ipAddress);
  const step = matchingStep(secretFromStored(key, row.secret), code);
  const codes = await sql.begin(async (tx) => {
    if (step === null || !(await useTotpStep(tx, user.id, step, false))) return null;
    if (!(await enablePendingSecret(tx, user.id))) return null;
    const issued = await issueRecoveryCodes(tx, user.id);
    await auditOwn(tx, user, 'user.two_factor_enabled', meta);
    return issued;
  });
  if (codes) return codes;
  await recordFailure(user.username, meta.ipAddress);
  throw wrongCode();
}

/**
 * Checks the signed-in user's proof for turning two-factor off or replacing the recovery codes: the
 * current password, or a code (app or recovery, spent). Wrong proof counts like a wrong password.
 */
async function requireProof(
  tx: Db,
  user: TUser,
  proof: TTwoFactorProofRequest,
  key: Buffer | null,
): Promise<boolean> {
  if (proof.password) {
    const hash = await selectPasswordHash(tx, user.id);
    return hash !== null && !isPasswordTooLong(proof.password) && verifyPassword(proof.password, hash);
  }
  return proof.code ? spendCode(tx, key, user.id, proof.code) : false;
}

/** Runs `change` after the user's proof, in one transaction; 409 when two-factor is off, 400 on wrong proof. */
async function withProof<T>(
  user: TUser,
  proof: TTwoFactorProofRequest,
  key: Buffer | null,
  meta: RequestMeta,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!proof.password && !proof.code) throw badRequest(TWO_FACTOR_MESSAGES.proofRequired);
  if (!(await selectTwoFactor(sql, user.id))?.isEnabled) throw conflict(TWO_FACTOR_MESSAGES.notOn);
  await throwIfRefused(user.username, meta.ipAddress);
  const done = await sql.begin(async (tx) =>
    (await requireProof(tx, user, proof, key)) ? { value: await change(tx) } : null,
  );
  if (done) return done.value;
  await recordFailure(user.username, meta.ipAddress);
  throw badRequest(TWO_FACTOR_MESSAGES.wrongPassword);
}

/** Turns the signed-in user's two-factor off (secret and recovery codes gone), audited. */
export async function disableTwoFactor(
  user: TUser,
  proof: TTwoFactorProofRequest,
  key: Buffer | null,
  meta: RequestMeta,
): Promise<void> {
  await withProof(user, proof, key, meta, async (tx) => {
    await deleteTwoFactor(tx, user.id);
    await auditOwn(tx, user, 'user.two_factor_disabled', meta);
  });
}

/** Ten new recovery codes for the signed-in user; the old ones stop working. Audited. */
export async function regenerateRecoveryCodes(
  user: TUser,
  proof: TTwoFactorProofRequest,
  key: Buffer | null,
  meta: RequestMeta,
): Promise<string[]> {
  return withProof(user, proof, key, meta, async (tx) => {
    const codes = await issueRecoveryCodes(tx, user.id);
    await auditOwn(tx, user, 'user.recovery_codes_regenerated', meta);
    return codes;
  });
}

type Challenge = { tokenHash: string; userId: string; username: string };

/**
 * The live challenge a cookie's token names, once the sign-in throttle lets its account and this
 * address try again; a refused address ends the challenge (429 with Retry-After). Anything else
 * missing is the one answer of every failure.
 */
async function liveChallenge(token: string | null, meta: RequestMeta): Promise<Challenge> {
  if (!token) throw invalidCode();
  const tokenHash = sha256Hex(token);
  const userId = await selectChallengeUser(sql, tokenHash);
  const username = userId ? await selectUsername(sql, userId) : null;
  if (!userId || !username) throw invalidCode();
  try {
    await throwIfThrottled(username, meta.ipAddress);
  } catch (error) {
    await deleteChallenge(sql, tokenHash);
    throw error;
  }
  return { tokenHash, userId, username };
}

/**
 * A wrong answer, counted on the challenge while its row is locked, so parallel guesses cannot
 * outrun the count: the challenge ends at the fifth.
 */
async function countWrongAnswer(tx: Db, challenge: Challenge): Promise<'wrong'> {
  await countChallengeFailure(tx, challenge.tokenHash, TWO_FACTOR_LIMITS.challengeFailuresMax);
  return 'wrong';
}

/**
 * A failed answer to a challenge: a wrong code counts with the sign-in limiter like a wrong password;
 * a challenge gone meanwhile (ended by a parallel answer) was weighed by none. One answer for both.
 */
async function failChallenge(
  challenge: Challenge,
  meta: RequestMeta,
  failure: 'wrong' | 'gone',
): Promise<never> {
  if (failure === 'wrong') await recordFailure(challenge.username, meta.ipAddress);
  throw invalidCode();
}

/** Whether the challenge's account may still sign in the way it began (active; an admin for admin sign-in). */
async function isStillAllowed(tx: Db, row: ChallengeRow): Promise<boolean> {
  const account = await selectChallengeAccount(tx, row.userId);
  return account?.status === 'active' && (row.mode === 'user' || account.role === 'admin');
}

type Completed = { user: TUser; token: string };

/**
 * Completes a password sign-in with a code from the app or a recovery code. The challenge is locked,
 * the code's step or the recovery code spent, the challenge deleted and the session started in one
 * transaction: a challenge, a step and a recovery code each work once.
 */
export async function verifyChallenge(
  token: string | null,
  answer: TTwoFactorVerifyRequest,
  key: Buffer | null,
  meta: RequestMeta,
  previousToken: string | null,
): Promise<Completed> {
  const challenge = await liveChallenge(token, meta);
  const done = await sql.begin(async (tx): Promise<Completed | 'wrong' | 'gone'> => {
    const row = await selectChallengeForUpdate(tx, challenge.tokenHash);
    if (row?.kind !== 'code' || !(await isStillAllowed(tx, row))) return 'gone';
    const isRight =
      'code' in answer
        ? /^\d{6}$/.test(answer.code.replace(/[\s-]/g, '')) &&
          (await spendCode(tx, key, row.userId, answer.code))
        : await useRecoveryCode(tx, row.userId, recoveryCodeHash(answer.recoveryCode));
    if (!isRight) return countWrongAnswer(tx, challenge);
    await deleteChallenge(tx, challenge.tokenHash);
    return openSession(tx, row.userId, meta, previousToken);
  });
  if (typeof done === 'string') return failChallenge(challenge, meta, done);
  await afterSignIn(challenge, meta);
  return done;
}

async function afterSignIn(challenge: Challenge, meta: RequestMeta): Promise<void> {
  sessionCache().forgetUser(challenge.userId);
  await forgetFailuresHere(challenge.username, meta.ipAddress);
}

/**
 * The secret a staff account required to have two-factor sets up during its sign-in: made on the
 * first ask and kept on the challenge (sealed), so asking again shows the same one.
 */
export async function challengeSetup(
  token: string | null,
  key: Buffer | null,
  meta: RequestMeta,
): Promise<TTwoFactorSetup> {
  const challenge = await liveChallenge(token, meta);
  const secret = await sql.begin(async (tx) => {
    const row = await selectChallengeForUpdate(tx, challenge.tokenHash);
    if (row?.kind !== 'setup') return null;
    if (row.pendingSecret) return secretFromStored(key, row.pendingSecret);
    const fresh = newTotpSecret();
    await setChallengeSecret(tx, challenge.tokenHash, storedSecret(key, fresh));
    return fresh;
  });
  if (!secret) throw invalidCode();
  return setupOf(secret, challenge.username);
}

/**
 * Confirms a sign-in's setup with a code: two-factor is on (audited), the session starts and the
 * recovery codes are answered, once. A wrong code counts like a wrong one at verify.
 */
export async function confirmChallengeSetup(
  token: string | null,
  code: string,
  key: Buffer | null,
  meta: RequestMeta,
  previousToken: string | null,
): Promise<Completed & { recoveryCodes: string[] }> {
  const challenge = await liveChallenge(token, meta);
  const done = await sql.begin(
    async (tx): Promise<(Completed & { recoveryCodes: string[] }) | 'wrong' | 'gone'> => {
      const row = await selectChallengeForUpdate(tx, challenge.tokenHash);
      if (row?.kind !== 'setup' || !row.pendingSecret || !(await isStillAllowed(tx, row))) return 'gone';
      const secret = secretFromStored(key, row.pendingSecret);
      const step = matchingStep(secret, code);
      if (step === null) return countWrongAnswer(tx, challenge);
      await upsertEnabledSecret(tx, row.userId, storedSecret(key, secret), step);
      const recoveryCodes = await issueRecoveryCodes(tx, row.userId);
      await auditOwn(tx, { id: row.userId, username: challenge.username }, 'user.two_factor_enabled', meta);
      await deleteChallenge(tx, challenge.tokenHash);
      return { ...(await openSession(tx, row.userId, meta, previousToken)), recoveryCodes };
    },
  );
  if (typeof done === 'string') return failChallenge(challenge, meta, done);
  await afterSignIn(challenge, meta);
  return done;
}

/**
 * An admin clears another user's two-factor (secret, recovery codes, any sign-in waiting for a
 * code), audited when there was something to clear. Their own is refused (403: the profile is the
 * place, with proof); an unknown user is a 404. Nothing about the secret is ever answered.
 */
export async function clearUserTwoFactor(admin: TUser, userId: string, meta: RequestMeta): Promise<boolean> {
  if (userId === admin.id) throw forbidden(TWO_FACTOR_MESSAGES.cannotClearOwn);
  return sql.begin(async (tx) => {
    const username = await selectUsername(tx, userId);
    if (!username) throw notFound(SERVER_MESSAGES.userNotFound);
    const wasOn = await deleteTwoFactor(tx, userId);
    if (wasOn) {
      await insertAuditEntry(tx, {
        adminUserId: admin.id,
        action: 'user.two_factor_cleared',
        targetUserId: userId,
        details: { username },
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
      });
    }
    return wasOn;
  });
}
