import {
  SERVER_MESSAGES,
  type TCreateUserRequest,
  type TUpdateUserRoleRequest,
  type TUpdateUserStatusRequest,
  type TUser,
  type TUserListQuery,
  type TUserListResponse,
  USER_ADMIN_MESSAGES,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import { deleteUserSessions, selectRegistrationConflicts } from '../auth/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { enqueueAccountDecision } from '../email/outbox.ts';
import type { MailLinks } from '../email/prepare.ts';
import { issueEmailVerification, tryConfirmationMailBudget } from '../email-verification/service.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { assertAcceptablePassword, hashPassword } from '../passwords.ts';
import { sessionCache } from '../session-cache.ts';
import {
  countUsers,
  countUsersByStatus,
  deleteTeamMembershipsOfUser,
  insertActiveUser,
  lockActiveAdminIds,
  selectUserByIdForUpdate,
  selectUsers,
  type UserFilters,
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

const AUDIT_ACTIONS = { active: 'user.approved', rejected: 'user.rejected' } as const;

/**
 * Approves (active) or rejects a pending registration. In one transaction: the status with
 * approvedBy/approvedAt, the audit row, the email telling the user (approved: with the sign-in
 * link), and for a rejection the end of the user's sessions.
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
    if (target.status !== 'pending') throw conflict(SERVER_MESSAGES.invalidStatusTransition);
    const updated = await updateUserStatus(tx, { id: userId, status: change.status, approvedBy: admin.id });
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: AUDIT_ACTIONS[change.status],
      targetUserId: userId,
      details: { username: target.username, from: target.status, to: change.status },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    await enqueueAccountDecision(tx, updated, change.status, links);
    if (change.status === 'rejected') await deleteUserSessions(tx, userId);
    return updated;
  });
  forgetSessionsAfterCommit(userId);
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
 * same rules and 409s as registration, approvedBy/approvedAt the admin, and a 'user.created'
 * audit row in the same transaction. The address stays unconfirmed until the person follows the
 * link mailed with it; when that address had a link a moment ago, none is mailed (the account is
 * still created, and its owner asks for a new link from their profile).
 */
export async function createUserAsAdmin(
  admin: TUser,
  input: TCreateUserRequest,
  meta: RequestMeta,
  links: MailLinks,
): Promise<TUser> {
  assertAcceptablePassword(input.password, 'password');
  const conflicts = await selectRegistrationConflicts(sql, input.username, input.email);
  if (conflicts.isUsernameTaken) throw conflict(SERVER_MESSAGES.usernameExists);
  if (conflicts.isEmailTaken) throw conflict(SERVER_MESSAGES.emailExists);
  const passwordHash = await hashPassword(input.password);
  const mayMailLink = await tryConfirmationMailBudget(sql, input.email);
  try {
    return await sql.begin(async (tx) => {
      const user = await insertActiveUser(tx, { ...input, passwordHash, approvedBy: admin.id });
      if (mayMailLink) await issueEmailVerification(tx, user.id, user.email, links);
      await insertAuditEntry(tx, {
        adminUserId: admin.id,
        action: 'user.created',
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
