import {
  ANONYMOUS_MAIL_MESSAGES,
  EMAIL_VERIFICATION_MESSAGES,
  ERROR_CODES,
  PASSWORD_LINK_MESSAGES,
  SERVER_MESSAGES,
  SSO_MESSAGES,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TProfileUpdateRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TTwoFactorStep,
  type TUser,
} from '@helpdesk/contracts';
import { insertOwnAccountAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { enqueueEmailChanged } from '../email/outbox.ts';
import type { MailLinks } from '../email/prepare.ts';
import { setPendingEmail } from '../email-verification/queries.ts';
import { issueEmailVerification, takeConfirmationMailBudget } from '../email-verification/service.ts';
import { ApiError, badRequest, conflict, tooManyRequests } from '../errors.ts';
import { FailureLimiter, LOGIN_FAILURE_WINDOW_MS } from '../limits/failure-limiter.ts';
import { enforceRateLimit, scaledCount } from '../limits/rate-limits.ts';
import {
  assertAcceptablePassword,
  hashPassword,
  isPasswordTooLong,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../passwords.ts';
import { createSession, endSession, sha256Hex } from '../session.ts';
import { sessionCache } from '../session-cache.ts';
import { secondStepOf, startChallenge } from '../two-factor/challenges.ts';
import { enqueueWebhookEvent, webhookUser } from '../webhooks/service.ts';
import {
  PENDING_REGISTRATIONS_MAX,
  REGISTRATIONS_CLOSED_RETRY_SECONDS,
  registrationBudgets,
} from './mail-limits.ts';
import {
  consumeResetToken,
  countPendingUsers,
  deleteUserSessions,
  insertPendingUser,
  isEmailTakenByOther,
  isResetTokenUsable,
  type LoginAccount,
  type PasswordTokenPurpose,
  replaceOutdatedPasswordHash,
  selectLoginAccount,
  selectPasswordHash,
  selectRegistrationConflicts,
  selectUsername,
  setInvitedPassword,
  spendUnusedResetTokens,
  updateActivePasswordHash,
  updateLastLogin,
  updatePasswordHash,
  updateProfile,
} from './queries.ts';
import {
  accountDelayMs,
  accountKey,
  failureKeys,
  pairKey,
  pairKeyPrefix,
  refusingBudgets,
} from './sign-in-throttle.ts';

/** Failed sign-ins and password checks, counted in PostgreSQL so every API process sees them all. */
export const loginFailures = new FailureLimiter(LOGIN_FAILURE_WINDOW_MS);

const invalidCredentials = () =>
  new ApiError(401, ERROR_CODES.unauthenticated, SERVER_MESSAGES.invalidCredentials);

/** Refuses (429) an address that has failed too often on this account or on any. */
export async function throwIfRefused(username: string, ipAddress: string): Promise<void> {
  const wait = await loginFailures.retryAfterSeconds(sql, refusingBudgets(username, ipAddress));
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * A sign-in: refused like throwIfRefused, then made to wait as long as the account's own failures
 * ask (auth/sign-in-throttle.ts): strangers' failures slow an account down but never shut its
 * owner out.
 */
export async function throwIfThrottled(username: string, ipAddress: string): Promise<void> {
  await throwIfRefused(username, ipAddress);
  const delayMs = accountDelayMs(await loginFailures.count(sql, accountKey(username)));
  if (delayMs > 0) await Bun.sleep(delayMs);
}

/** One failed sign-in or second step, counted per pair, per address and per account. */
export function recordFailure(username: string, ipAddress: string): Promise<void> {
  return loginFailures.recordFailure(sql, failureKeys(username, ipAddress));
}

/**
 * The right password: the account's slow-down and this address's count on it end. Other addresses'
 * counts on the account stay, so a guesser does not start afresh whenever the owner signs in.
 */
export function forgetFailuresHere(username: string, ipAddress: string): Promise<void> {
  return loginFailures.forget(sql, [accountKey(username), pairKey(username, ipAddress)]);
}

/** A new password: every failure counted against the account ends, from every address. */
function forgetAccountFailures(username: string): Promise<void> {
  return loginFailures.forget(sql, [accountKey(username)], pairKeyPrefix(username));
}

function conflictFromUniqueViolation(error: unknown): ApiError | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_username_lower_key') return conflict(SERVER_MESSAGES.usernameExists);
  if (constraint === 'users_email_lower_key') return conflict(SERVER_MESSAGES.emailExists);
  return null;
}

/**
 * Refuses a registration (429) while the desk holds its maximum of pending accounts, or when the
 * client address, the mailbox or its domain has spent its budget. Runs before the conflict check,
 * so a 409 costs the address's budget like a registration does.
 */
async function refuseRegistrationOverLimits(input: TRegisterRequest, meta: RequestMeta): Promise<void> {
  const maxPending = scaledCount(PENDING_REGISTRATIONS_MAX);
  if ((await countPendingUsers(sql, maxPending)) >= maxPending) {
    throw tooManyRequests(REGISTRATIONS_CLOSED_RETRY_SECONDS, ANONYMOUS_MAIL_MESSAGES.registrationsClosed);
  }
  await enforceRateLimit(
    sql,
    registrationBudgets(meta.ipAddress, input.email),
    ANONYMOUS_MAIL_MESSAGES.tooManyRegistrations,
  );
}

/**
 * Creates a registration: always a pending end user, whatever else the request wanted, with its
 * address unconfirmed. The mail is the link that confirms the address (nothing the registrant
 * typed), queued in the same transaction; one per address per few minutes (429 otherwise).
 */
export async function registerUser(
  input: TRegisterRequest,
  meta: RequestMeta,
  links: MailLinks,
): Promise<TUser> {
  assertAcceptablePassword(input.password, 'password');
  await refuseRegistrationOverLimits(input, meta);
  const conflicts = await selectRegistrationConflicts(sql, input.username, input.email);
  if (conflicts.isUsernameTaken) throw conflict(SERVER_MESSAGES.usernameExists);
  if (conflicts.isEmailTaken) throw conflict(SERVER_MESSAGES.emailExists);
  const passwordHash = await hashPassword(input.password);
  await takeConfirmationMailBudget(sql, input.email);
  try {
    return await sql.begin(async (tx) => {
      const user = await insertPendingUser(tx, { ...input, passwordHash });
      await issueEmailVerification(tx, user.id, user.email, links);
      await enqueueWebhookEvent(tx, 'user.registered', { user: webhookUser(user) });
      return user;
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, and the loser hears 409.
    throw conflictFromUniqueViolation(error) ?? error;
  }
}

export type SignInMode = 'user' | 'admin';

/** A password sign-in's outcome: a session, or the second step it waits for (with its challenge's token). */
export type SignInResult =
  | { user: TUser; token: string }
  | { twoFactor: TTwoFactorStep; challengeToken: string };

/**
 * An account with no password and a linked identity provider signs in there: its password sign-in
 * says so (docs/security.md#single-sign-on). The admin sign-in says it only of an active admin, as it
 * tells nothing of anyone else.
 */
function isSsoOnly(account: LoginAccount, mode: SignInMode): boolean {
  if (account.passwordHash !== null || !account.hasIdentity) return false;
  return mode === 'user' || (account.role === 'admin' && account.status === 'active');
}

/**
 * Signs a user in and returns them with a new session token. Unknown usernames and wrong
 * passwords answer alike (a dummy hash is verified so the timing matches too); 'pending approval'
 * and 'rejected' are told only after the password is right. Admin sign-in refuses everyone but
 * active admins with the same answer as bad credentials. The token presented before, if any, ends.
 * An account with two-factor on, or staff the desk requires to have it, gets no session yet: the
 * second step and a challenge token instead (docs/security.md#two-factor-authentication).
 */
export async function signIn(
  input: TLoginRequest,
  mode: SignInMode,
  meta: RequestMeta,
  previousToken: string | null,
): Promise<SignInResult> {
  await throwIfThrottled(input.username, meta.ipAddress);
  if (isPasswordTooLong(input.password)) {
    await recordFailure(input.username, meta.ipAddress);
    throw invalidCredentials();
  }
  const account = await selectLoginAccount(sql, input.username);
  if (!account) {
    await verifyDummyPassword(input.password);
    await recordFailure(input.username, meta.ipAddress);
    throw invalidCredentials();
  }
  if (isSsoOnly(account, mode)) {
    await verifyDummyPassword(input.password);
    await recordFailure(input.username, meta.ipAddress);
    throw new ApiError(401, ERROR_CODES.unauthenticated, SSO_MESSAGES.oauthAccount);
  }
  // An invited account has no password until its owner sets one: nothing matches, in the same time.
  const isMatch =
    account.passwordHash === null
      ? await verifyDummyPassword(input.password).then(() => false)
      : await verifyPassword(input.password, account.passwordHash);
  if (!isMatch || (mode === 'admin' && (account.role !== 'admin' || account.status !== 'active'))) {
    await recordFailure(input.username, meta.ipAddress);
    throw invalidCredentials();
  }
  await forgetFailuresHere(input.username, meta.ipAddress);
  if (account.status === 'pending') {
    throw new ApiError(403, ERROR_CODES.accountPending, SERVER_MESSAGES.accountPending);
  }
  if (account.status === 'rejected') {
    throw new ApiError(403, ERROR_CODES.accountRejected, SERVER_MESSAGES.accountRejected);
  }
  if (account.status !== 'active') {
    throw new ApiError(403, ERROR_CODES.accountInactive, SERVER_MESSAGES.accountInactive);
  }
  if (account.passwordHash !== null && needsRehash(account.passwordHash)) {
    const current = await hashPassword(input.password);
    await replaceOutdatedPasswordHash(sql, account.id, account.passwordHash, current);
  }
  const step = await secondStepOf(account);
  if (step) return { twoFactor: step, challengeToken: await startChallenge(account.id, mode, step) };
  const signedIn = await sql.begin((tx) => openSession(tx, account.id, meta, previousToken));
  sessionCache().forgetUser(account.id);
  return signedIn;
}

/**
 * Starts a session for a user whose sign-in is complete, ending the one the browser presented; the
 * caller forgets the user in this process's session cache once the transaction commits.
 */
export async function openSession(
  tx: Db,
  userId: string,
  meta: RequestMeta,
  previousToken: string | null,
): Promise<{ user: TUser; token: string }> {
  if (previousToken) await endSession(tx, previousToken);
  const token = await createSession(tx, userId, meta);
  const user = await updateLastLogin(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return { user, token };
}

/** Ends the session a token names; signing out without a session is not an error. */
export async function signOut(token: string | null): Promise<void> {
  if (token) await endSession(sql, token);
}

/**
 * Updates the signed-in user's names, and asks for a new email: the current password is required
 * for it (400 without), the account keeps its address until the link mailed to the new one is
 * followed, the old address hears of the request, and a 'user.email_change_requested' audit row is
 * written, all in one transaction. An address someone else confirmed is a 409; a different case of
 * the same address is no change of address.
 */
export async function updateOwnProfile(
  user: TUser,
  input: TProfileUpdateRequest,
  meta: RequestMeta,
  links: MailLinks,
): Promise<TUser> {
  const isNewAddress = input.email.toLowerCase() !== user.email.toLowerCase();
  if (await isEmailTakenByOther(sql, input.email, user.id)) throw conflict(SERVER_MESSAGES.emailExists);
  if (isNewAddress) {
    await requireCurrentPassword(user, input.currentPassword, meta);
    await takeConfirmationMailBudget(sql, input.email);
  }
  try {
    const updated = await sql.begin(async (tx) => {
      const email = isNewAddress ? user.email : input.email;
      const named = await updateProfile(tx, user.id, { ...input, email });
      if (!named) throw new Error(`user ${user.id} vanished while updating the profile`);
      if (!isNewAddress) return named;
      await setPendingEmail(tx, user.id, input.email);
      const tokenId = await issueEmailVerification(tx, user.id, input.email, links);
      await enqueueEmailChanged(tx, { tokenId, to: user }, links);
      await insertOwnAccountAuditEntry(
        tx,
        {
          userId: user.id,
          action: 'user.email_change_requested',
          details: { username: user.username, from: user.email, to: input.email },
        },
        meta,
      );
      return { ...named, pendingEmail: input.email };
    });
    // The user's other tabs read `me` next: this process answers them fresh at once.
    sessionCache().forgetUser(user.id);
    return updated;
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
}

/**
 * Refuses (400, on the field) a change that needs the signed-in user's current password when it is
 * missing or wrong; a wrong one counts as a failed sign-in, like on the change-password form.
 */
async function requireCurrentPassword(
  user: TUser,
  currentPassword: string | undefined,
  meta: RequestMeta,
): Promise<void> {
  if (!currentPassword) {
    throw badRequest(EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired, {
      currentPassword: EMAIL_VERIFICATION_MESSAGES.currentPasswordRequired,
    });
  }
  // Signed in already: the guesses come from the signed-in person's own address, whose budget on the
  // account refuses them after a few; the account-wide wait is for the sign-in form.
  await throwIfRefused(user.username, meta.ipAddress);
  const currentHash = await selectPasswordHash(sql, user.id);
  const isMatch =
    currentHash !== null &&
    !isPasswordTooLong(currentPassword) &&
    (await verifyPassword(currentPassword, currentHash));
  if (!isMatch) {
    await recordFailure(user.username, meta.ipAddress);
    throw badRequest(SERVER_MESSAGES.currentPasswordWrong, {
      currentPassword: SERVER_MESSAGES.currentPasswordWrong,
    });
  }
}

/**
 * Changes the signed-in user's password after checking the current one, with a
 * 'user.password_changed' audit row. Every session of the user ends, and a new one starts for this
 * browser: its token is returned.
 */
export async function changeOwnPassword(
  user: TUser,
  input: TChangePasswordRequest,
  meta: RequestMeta,
): Promise<string> {
  assertAcceptablePassword(input.newPassword, 'newPassword');
  await requireCurrentPassword(user, input.currentPassword, meta);
  const passwordHash = await hashPassword(input.newPassword);
  const token = await sql.begin(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await deleteUserSessions(tx, user.id);
    await insertOwnAccountAuditEntry(
      tx,
      { userId: user.id, action: 'user.password_changed', details: { username: user.username } },
      meta,
    );
    return createSession(tx, user.id, meta);
  });
  sessionCache().forgetUser(user.id);
  await forgetAccountFailures(user.username);
  return token;
}

const invalidResetToken = () => badRequest(SERVER_MESSAGES.resetTokenInvalid);
const invalidInvitation = () => badRequest(PASSWORD_LINK_MESSAGES.invitationInvalid);

/**
 * The token's hash and the new password's, once the password is acceptable and the token usable for
 * `purpose` (400 `invalid()` otherwise). The token is looked at first, so random tokens never cost an
 * argon2 hash.
 */
async function hashesOfTokenAndPassword(
  input: TResetPasswordRequest,
  purpose: PasswordTokenPurpose,
  invalid: () => ApiError,
): Promise<{ tokenHash: string; passwordHash: string }> {
  assertAcceptablePassword(input.password, 'password');
  const tokenHash = sha256Hex(input.token);
  if (!(await isResetTokenUsable(sql, tokenHash, purpose))) throw invalid();
  return { tokenHash, passwordHash: await hashPassword(input.password) };
}

/**
 * Sets a new password from a reset token: the administrator form only for active admins, the
 * public one for any active account. The token is spent by one atomic update, so it works once;
 * every session of the user ends, and so does any other unused token. A 'user.password_reset'
 * audit row records it, and the failures counted against the account are lifted.
 */
export async function resetPassword(
  form: 'admin' | 'user',
  input: TResetPasswordRequest,
  meta: RequestMeta,
): Promise<void> {
  const { tokenHash, passwordHash } = await hashesOfTokenAndPassword(input, 'reset', invalidResetToken);
  const userId = await sql.begin(async (tx) => {
    const owner = await consumeResetToken(tx, tokenHash, 'reset');
    if (!owner) throw invalidResetToken();
    if (!(await updateActivePasswordHash(tx, owner, passwordHash, form === 'admin')))
      throw invalidResetToken();
    await spendUnusedResetTokens(tx, owner);
    await deleteUserSessions(tx, owner);
    await insertOwnAccountAuditEntry(tx, { userId: owner, action: 'user.password_reset', details: {} }, meta);
    return owner;
  });
  await afterNewPassword(userId);
}

/**
 * Sets the first password of an invited account from its invitation token, which confirms the
 * address the invitation went to. Single use like a reset; a 'user.password_set' audit row records
 * it. An address someone else confirmed meanwhile is a 409, and the link stays unspent.
 */
export async function setInvitedAccountPassword(
  input: TResetPasswordRequest,
  meta: RequestMeta,
): Promise<void> {
  const { tokenHash, passwordHash } = await hashesOfTokenAndPassword(input, 'invitation', invalidInvitation);
  const userId = await sql
    .begin(async (tx) => {
      const owner = await consumeResetToken(tx, tokenHash, 'invitation');
      if (!owner) throw invalidInvitation();
      const username = await setInvitedPassword(tx, owner, passwordHash);
      if (!username) throw invalidInvitation();
      await spendUnusedResetTokens(tx, owner);
      await deleteUserSessions(tx, owner);
      await insertOwnAccountAuditEntry(
        tx,
        { userId: owner, action: 'user.password_set', details: { username } },
        meta,
      );
      return owner;
    })
    .catch((error: unknown) => {
      throw conflictFromUniqueViolation(error) ?? error;
    });
  await afterNewPassword(userId);
}

/** After a committed new password: this process forgets the user's sessions, and the failures strangers piled on the account end. */
async function afterNewPassword(userId: string): Promise<void> {
  sessionCache().forgetUser(userId);
  const username = await selectUsername(sql, userId);
  if (username) await forgetAccountFailures(username);
}
