import {
  SERVER_MESSAGES,
  type TCreateUserRequest,
  type TUpdateUserRequest,
  type TUpdateUserRoleRequest,
  type TUpdateUserStatusRequest,
  type TUser,
  type TUserListQuery,
  type TUserListResponse,
  type TUserStatus,
  USER_ADMIN_MESSAGES,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import { adminAccountMailBudget, resetLinkBudget } from '../auth/mail-limits.ts';
import { issuePasswordLink } from '../auth/password-links.ts';
import {
  deleteUserSessions,
  isEmailTakenByOther,
  selectRegistrationConflicts,
  spendUnusedResetTokens,
} from '../auth/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { enqueueAccountDecision } from '../email/outbox.ts';
import type { MailLinks } from '../email/prepare.ts';
import {
  issueEmailVerification,
  takeConfirmationMailBudget,
  tryConfirmationMailBudget,
} from '../email-verification/service.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { enforceRateLimit, tryRateLimit } from '../limits/rate-limits.ts';
import { assertAcceptablePassword, hashPassword } from '../passwords.ts';
import { closeUserStreams } from '../realtime/service.ts';
import { sessionCache } from '../session-cache.ts';
import {
  countUsers,
  countUsersByStatus,
  deleteTeamMembershipsOfUser,
  insertActiveUser,
  lockActiveAdminIds,
  selectUserById,
  selectUserByIdForUpdate,
  selectUsers,
  type UserFilters,
  updateUserDetails,
  updateUserLifecycleStatus,
  updateUserRole,
  updateUserStatus,
} from './queries.ts';

/** The admin user list: filtered, newest first, one page, plus the status counts of everyone. */
export async function listUsers(query: TUserListQuery): Promise<TUserListResponse> {
  const filters: UserFilters = {
    status: query.status && query.status !== 'all' ? query.status : null,
    role: query.role && query.role !== 'all' ? query.role : null,
  };
  const [users, total, counts] = await Promise.all([
    selectUsers(sql, filters, { limit: query.limit, offset: query.offset }),
    countUsers(sql, filters),
    countUsersByStatus(sql),
  ]);
  return { users, total, counts };
}

/** What a status change does, by the user's current status: approve or reject a registration, deactivate or reactivate an account. */
export type StatusMove = 'approve' | 'reject' | 'deactivate' | 'reactivate';

/** The move from `from` to `to`, or null when no such move exists (a 409). */
export function statusMove(from: TUserStatus, to: TUpdateUserStatusRequest['status']): StatusMove | null {
  if (from === 'pending' && to === 'active') return 'approve';
  if (from === 'pending' && to === 'rejected') return 'reject';
  if (from === 'active' && to === 'inactive') return 'deactivate';
  if (from === 'inactive' && to === 'active') return 'reactivate';
  return null;
}

/** The 409 of a move that does not exist: a registration's own message unless deactivation is involved. */
function invalidMove(from: TUserStatus, to: TUpdateUserStatusRequest['status']) {
  const isLifecycle = from === 'inactive' || to === 'inactive';
  return conflict(
    isLifecycle ? USER_ADMIN_MESSAGES.invalidLifecycleTransition : SERVER_MESSAGES.invalidStatusTransition,
  );
}

const AUDIT_ACTIONS: Record<StatusMove, string> = {
  approve: 'user.approved',
  reject: 'user.rejected',
  deactivate: 'user.deactivated',
  reactivate: 'user.reactivated',
};

/**
 * Changes a user's status, in one transaction with its audit row. A pending registration is
 * approved (active) or rejected, with approvedBy/approvedAt and the email telling the user
 * (approved: with the sign-in link). An active account is deactivated (inactive) or an inactive one
 * reactivated, its approval record untouched. A rejection or deactivation ends the user's sessions
 * and, after the commit, their open event streams. Never one's own status (403), never the last
 * active admin (409), and any other move is a 409.
 */
export async function changeUserStatus(
  admin: TUser,
  userId: string,
  change: TUpdateUserStatusRequest,
  meta: RequestMeta,
  links: MailLinks,
): Promise<TUser> {
  if (userId === admin.id) throw forbidden(SERVER_MESSAGES.cannotChangeOwnStatus);
  const changed = await sql.begin(async (tx) => {
    // Admin rows first, then the target: the same lock order as a role change, so they never deadlock.
    await requireActiveAdminsBesides(tx, admin, userId);
    const target = await selectUserByIdForUpdate(tx, userId);
    if (!target) throw notFound(SERVER_MESSAGES.userNotFound);
    const move = statusMove(target.status, change.status);
    if (!move) throw invalidMove(target.status, change.status);
    const isDecision = move === 'approve' || move === 'reject';
    const updated = isDecision
      ? await updateUserStatus(tx, { id: userId, status: change.status, approvedBy: admin.id })
      : await updateUserLifecycleStatus(tx, userId, move === 'deactivate' ? 'inactive' : 'active');
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: AUDIT_ACTIONS[move],
      targetUserId: userId,
      details: { username: target.username, from: target.status, to: change.status },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    if (move === 'approve') await enqueueAccountDecision(tx, updated, 'active', links);
    if (move === 'reject') await enqueueAccountDecision(tx, updated, 'rejected', links);
    if (move === 'reject' || move === 'deactivate') await deleteUserSessions(tx, userId);
    return updated;
  });
  forgetSessionsAfterCommit(userId);
  // Other processes close theirs when they hear the sessions end (realtime/service.ts).
  if (changed.status === 'inactive' || changed.status === 'rejected') closeUserStreams(userId);
  return changed;
}

/**
 * Every process hears of a committed user change from the database (session-cache.ts); this one
 * forgets at once, so the user's next request here already runs with the new role or status.
 */
function forgetSessionsAfterCommit(userId: string): void {
  sessionCache().forgetUser(userId);
}

/**
 * The last-admin rule: locks the active admin rows and refuses (409) a change that would leave
 * none besides `leaving`, then refuses (403) a caller who stopped being an active admin while
 * waiting for the lock (someone demoted them a moment ago).
 */
async function requireActiveAdminsBesides(tx: Db, caller: TUser, leaving: string): Promise<void> {
  const adminIds = await lockActiveAdminIds(tx);
  if (!adminIds.some((id) => id !== leaving)) throw conflict(USER_ADMIN_MESSAGES.lastActiveAdmin);
  if (!adminIds.includes(caller.id)) throw forbidden();
}

function conflictFromUniqueViolation(error: unknown) {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_username_lower_key') return conflict(SERVER_MESSAGES.usernameExists);
  if (constraint === 'users_email_lower_key') return conflict(SERVER_MESSAGES.emailExists);
  return null;
}

/**
 * Creates an active account with a chosen role (how agents and other admins come to exist): the
 * same rules and 409s as registration, approvedBy/approvedAt the admin, and an audit row in the
 * same transaction. With a password ('user.created') the address stays unconfirmed until the
 * person follows the link mailed with it; when that address had a link a moment ago, none is
 * mailed (the account is still created, and its owner asks for a new link from their profile).
 * Invited ('user.invited') the account has no password: the person gets a link to set one, which
 * also confirms the address; until then nobody can sign in to it.
 */
export async function createUserAsAdmin(
  admin: TUser,
  input: TCreateUserRequest,
  meta: RequestMeta,
  links: MailLinks,
): Promise<TUser> {
  const isInvite = input.sendInvitation === true;
  const password = isInvite ? null : (input.password ?? '');
  if (password !== null) assertAcceptablePassword(password, 'password');
  const conflicts = await selectRegistrationConflicts(sql, input.username, input.email);
  if (conflicts.isUsernameTaken) throw conflict(SERVER_MESSAGES.usernameExists);
  if (conflicts.isEmailTaken) throw conflict(SERVER_MESSAGES.emailExists);
  if (isInvite) await takeAdminAccountMailBudget(admin);
  const passwordHash = password === null ? null : await hashPassword(password);
  const mayMailLink = isInvite || (await tryConfirmationMailBudget(sql, input.email));
  try {
    return await sql.begin(async (tx) => {
      const user = await insertActiveUser(tx, {
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        passwordHash,
        approvedBy: admin.id,
      });
      if (isInvite) {
        // The link just mailed stays the valid one for a few minutes (mail-limits.ts).
        await tryRateLimit(tx, [resetLinkBudget(user.id)]);
        await issuePasswordLink(tx, 'invitation', user, links);
      } else if (mayMailLink) {
        await issueEmailVerification(tx, user.id, user.email, links);
      }
      await insertAuditEntry(tx, {
        adminUserId: admin.id,
        action: isInvite ? 'user.invited' : 'user.created',
        targetUserId: user.id,
        details: { username: user.username, role: user.role },
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
      });
      return user;
    });
  } catch (error) {
    // Two creations racing for one name: the unique index decides, and the loser hears 409.
    throw conflictFromUniqueViolation(error) ?? error;
  }
}

/** Spends the admin's budget of account mail (auth/mail-limits.ts), or refuses with 429. */
function takeAdminAccountMailBudget(admin: TUser): Promise<void> {
  return enforceRateLimit(sql, [adminAccountMailBudget(admin.id)], USER_ADMIN_MESSAGES.tooManyAdminMails);
}

type Details = Pick<TUser, 'firstName' | 'lastName' | 'email'>;

/** The fields that differ between two versions of a user's details, each side on its own. */
function changedDetails(
  before: Details,
  after: Details,
): { before: Partial<Details>; after: Partial<Details> } {
  const keys = (['firstName', 'lastName', 'email'] as const).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * An administrator corrects another user's names or email, with a 'user.updated' audit row holding
 * the fields before and after. A new address (not just a new letter case) is unconfirmed until the
 * person follows the link mailed to it (an invited user gets the invitation there instead), and the
 * password links mailed to the old one stop working. An address someone else confirmed is a 409;
 * one's own details are changed on the profile (403). Nothing changed writes nothing.
 */
export async function updateUserAsAdmin(
  admin: TUser,
  userId: string,
  input: TUpdateUserRequest,
  meta: RequestMeta,
  links: MailLinks,
): Promise<TUser> {
  if (userId === admin.id) throw forbidden(USER_ADMIN_MESSAGES.cannotEditOwnAccount);
  const current = await selectUserById(sql, userId);
  if (!current) throw notFound(SERVER_MESSAGES.userNotFound);
  const email = input.email ?? current.email;
  const isNewEmail = email.toLowerCase() !== current.email.toLowerCase();
  if (isNewEmail) {
    if (await isEmailTakenByOther(sql, email, userId)) throw conflict(SERVER_MESSAGES.emailExists);
    await takeConfirmationMailBudget(sql, email);
  }
  try {
    const updated = await sql.begin(async (tx) => {
      const target = await selectUserByIdForUpdate(tx, userId);
      if (!target) throw notFound(SERVER_MESSAGES.userNotFound);
      const next = {
        firstName: input.firstName ?? target.firstName,
        lastName: input.lastName ?? target.lastName,
        email: input.email ?? target.email,
      };
      const diff = changedDetails(target, next);
      if (Object.keys(diff.after).length === 0) return target;
      const isAddressChange = next.email.toLowerCase() !== target.email.toLowerCase();
      const user = await updateUserDetails(tx, userId, { ...next, isNewEmail: isAddressChange });
      if (isAddressChange) {
        await spendUnusedResetTokens(tx, userId);
        if (user.isInvited) await issuePasswordLink(tx, 'invitation', user, links);
        else await issueEmailVerification(tx, userId, user.email, links);
      }
      await insertAuditEntry(tx, {
        adminUserId: admin.id,
        action: 'user.updated',
        targetUserId: userId,
        details: { username: target.username, ...diff },
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
      });
      return user;
    });
    forgetSessionsAfterCommit(userId);
    return updated;
  } catch (error) {
    throw conflictFromUniqueViolation(error) ?? error;
  }
}

/**
 * Mails an active user a password reset link (a 'user.password_reset_sent' audit row), or an
 * invited user their invitation again ('user.invitation_resent'): the same single-use, expiring,
 * hashed tokens as the forgot-password form, and the link mailed before stops working. Refused: a
 * user who is not active or whose address is unconfirmed (409), and past the admin's budget of
 * account mail or within minutes of the user's last link (429).
 */
export async function sendPasswordLink(
  admin: TUser,
  userId: string,
  meta: RequestMeta,
  links: MailLinks,
): Promise<'reset' | 'invitation'> {
  const target = await selectUserById(sql, userId);
  if (!target) throw notFound(SERVER_MESSAGES.userNotFound);
  if (target.status !== 'active') throw conflict(USER_ADMIN_MESSAGES.resetNeedsActiveUser);
  if (!target.isInvited && !target.emailVerified)
    throw conflict(USER_ADMIN_MESSAGES.resetNeedsConfirmedEmail);
  await takeAdminAccountMailBudget(admin);
  await enforceRateLimit(sql, [resetLinkBudget(userId)], USER_ADMIN_MESSAGES.tooManyLinks);
  return sql.begin(async (tx) => {
    const user = await selectUserByIdForUpdate(tx, userId);
    if (user?.status !== 'active') throw conflict(USER_ADMIN_MESSAGES.resetNeedsActiveUser);
    await issuePasswordLink(tx, user.isInvited ? 'invitation' : 'reset', user, links);
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: user.isInvited ? 'user.invitation_resent' : 'user.password_reset_sent',
      targetUserId: userId,
      details: { username: user.username },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return user.isInvited ? 'invitation' : 'reset';
  });
}

/**
 * Changes a user's role, with a 'user.role_changed' audit row. An admin cannot change their own
 * role (403), and the last active admin cannot be demoted (409, race-safe: see
 * requireActiveAdminsBesides). The same role again changes nothing and writes no audit row. Made an
 * end user, they leave every team (teams hold only agents and admins).
 */
export async function changeUserRole(
  admin: TUser,
  userId: string,
  change: TUpdateUserRoleRequest,
  meta: RequestMeta,
): Promise<TUser> {
  if (userId === admin.id) throw forbidden(USER_ADMIN_MESSAGES.cannotChangeOwnRole);
  const changed = await sql.begin(async (tx) => {
    const isDemotion = change.role !== 'admin';
    if (isDemotion) await requireActiveAdminsBesides(tx, admin, userId);
    const target = await selectUserByIdForUpdate(tx, userId);
    if (!target) throw notFound(SERVER_MESSAGES.userNotFound);
    if (target.role === change.role) return target;
    const updated = await updateUserRole(tx, userId, change.role);
    // Teams hold only agents and admins: an end user leaves every team they were in.
    const leftTeams = change.role === 'end_user' ? await deleteTeamMembershipsOfUser(tx, userId) : [];
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: 'user.role_changed',
      targetUserId: userId,
      details: {
        username: target.username,
        from: target.role,
        to: change.role,
        ...(leftTeams.length > 0 ? { removedFromTeams: leftTeams } : {}),
      },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return updated;
  });
  forgetSessionsAfterCommit(userId);
  return changed;
}
