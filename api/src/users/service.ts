import {
  SERVER_MESSAGES,
  type TUpdateUserStatusRequest,
  type TUser,
  type TUserListQuery,
  type TUserListResponse,
} from '@helpdesk/contracts';
import { deleteUserSessions } from '../auth/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { sql } from '../db.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import {
  countUsers,
  countUsersByStatus,
  insertAdminAuditLog,
  selectUserByIdForUpdate,
  selectUsers,
  type UserFilters,
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
 * approvedBy/approvedAt, the audit row, and for a rejection the end of the user's sessions.
 */
export async function changeUserStatus(
  admin: TUser,
  userId: string,
  change: TUpdateUserStatusRequest,
  meta: RequestMeta,
): Promise<TUser> {
  if (userId === admin.id) throw forbidden(SERVER_MESSAGES.cannotChangeOwnStatus);
  return sql.begin(async (tx) => {
    const target = await selectUserByIdForUpdate(tx, userId);
    if (!target) throw notFound(SERVER_MESSAGES.userNotFound);
    if (target.status !== 'pending') throw conflict(SERVER_MESSAGES.invalidStatusTransition);
    const updated = await updateUserStatus(tx, { id: userId, status: change.status, approvedBy: admin.id });
    await insertAdminAuditLog(tx, {
      adminUserId: admin.id,
      action: AUDIT_ACTIONS[change.status],
      targetUserId: userId,
      details: { username: target.username, from: target.status, to: change.status },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    if (change.status === 'rejected') await deleteUserSessions(tx, userId);
    return updated;
  });
}
