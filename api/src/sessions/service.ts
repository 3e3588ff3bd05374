import {
  SERVER_MESSAGES,
  SESSION_IDLE_MS,
  SESSION_LIST_MAX,
  SESSION_MESSAGES,
  type TEndedSessionsResponse,
  type TSessionListResponse,
  type TUser,
} from '@helpdesk/contracts';
import { insertAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { sql } from '../db.ts';
import { notFound } from '../errors.ts';
import { sessionCache } from '../session-cache.ts';
import { selectUserById } from '../users/queries.ts';
import { deviceOf } from './device.ts';
import { deleteSessionOfUser, deleteSessionsOfUserExcept, selectLiveSessions } from './queries.ts';

/**
 * The sessions people can see (docs/product.md#sessions, docs/security.md#sessions-and-cookies).
 * Every ending is a DELETE: migration 00031's trigger tells every API process's session cache and
 * event streams, so an ended session is refused on its very next request anywhere; this process
 * forgets the sessions itself too, not waiting for its own notification.
 */

function forgetHere(sids: readonly string[]): void {
  for (const sid of sids) sessionCache().forgetSession(sid);
}

async function liveSessions(userId: string, currentSid: string | null): Promise<TSessionListResponse> {
  const rows = await selectLiveSessions(sql, {
    userId,
    currentSid,
    idleMs: SESSION_IDLE_MS,
    limit: SESSION_LIST_MAX,
  });
  return {
    sessions: rows.map(({ publicId, userAgent, ...row }) => ({
      id: publicId,
      device: deviceOf(userAgent),
      ...row,
    })),
  };
}

/** The caller's live sessions, the one making the request first and marked current. */
export function listOwnSessions(user: TUser, currentSid: string): Promise<TSessionListResponse> {
  return liveSessions(user.id, currentSid);
}

/**
 * Ends one of the caller's sessions by its public id. Someone else's session and an unknown id are
 * the same 404. Ending the current one is signing out: `wasCurrent` tells the route to clear the cookie.
 */
export async function endOwnSession(
  user: TUser,
  currentSid: string,
  publicId: string,
): Promise<{ wasCurrent: boolean }> {
  const sid = await deleteSessionOfUser(sql, user.id, publicId);
  if (!sid) throw notFound(SESSION_MESSAGES.sessionNotFound);
  forgetHere([sid]);
  return { wasCurrent: sid === currentSid };
}

/** Ends every session of the caller but the one making the request. */
export async function endOtherOwnSessions(user: TUser, currentSid: string): Promise<TEndedSessionsResponse> {
  const sids = await deleteSessionsOfUserExcept(sql, user.id, currentSid);
  forgetHere(sids);
  return { ended: sids.length };
}

/** A user's live sessions for an admin (none is current unless it is the admin's own); 404 for no such user. */
export async function listUserSessions(
  admin: TUser,
  adminSid: string,
  userId: string,
): Promise<TSessionListResponse> {
  if (!(await selectUserById(sql, userId))) throw notFound(SERVER_MESSAGES.userNotFound);
  return liveSessions(userId, userId === admin.id ? adminSid : null);
}

/**
 * Ends every session of a user, audited ('user.sessions_ended') in the same transaction. An admin
 * naming themselves keeps the session making the request: their others end.
 */
export async function endUserSessions(
  admin: TUser,
  adminSid: string,
  userId: string,
  meta: RequestMeta,
): Promise<TEndedSessionsResponse> {
  const sids = await sql.begin(async (tx) => {
    const user = await selectUserById(tx, userId);
    if (!user) throw notFound(SERVER_MESSAGES.userNotFound);
    const ended = await deleteSessionsOfUserExcept(tx, userId, userId === admin.id ? adminSid : null);
    await insertAuditEntry(tx, {
      adminUserId: admin.id,
      action: 'user.sessions_ended',
      targetUserId: userId,
      details: { username: user.username, ended: ended.length },
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent,
    });
    return ended;
  });
  forgetHere(sids);
  return { ended: sids.length };
}
