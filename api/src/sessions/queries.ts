import type { TSessionMethod } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;

/** A live session as the list shows it, before its user agent is read. */
export type SessionRow = {
  publicId: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: string;
  lastUsedAt: string;
  method: TSessionMethod;
  isCurrent: boolean;
};

/**
 * A user's live sessions, the current one first, then the most recently used, at most `limit`.
 * Last use is read from the sliding idle expiry (moved to now + idle on a request, at most once a
 * minute), kept between sign-in and now; a session whose idle expiry reached its absolute one
 * shows the last use that still explains it.
 */
export async function selectLiveSessions(
  db: Db,
  query: { userId: string; currentSid: string | null; idleMs: number; limit: number },
): Promise<SessionRow[]> {
  return db<SessionRow[]>`
    select public_id as "publicId", user_agent as "userAgent", ip_address as "ipAddress",
      created_at as "signedInAt",
      greatest(created_at, least(now(), expire - ${seconds(query.idleMs)}::interval)) as "lastUsedAt",
      case when sess->>'method' = 'sso' then 'sso' else 'password' end as method,
      sid = ${query.currentSid ?? ''} as "isCurrent"
    from sessions
    where user_id = ${query.userId} and expire > now() and absolute_expire > now()
    order by "isCurrent" desc, expire desc, created_at desc
    limit ${query.limit}`;
}

/** Ends one of a user's sessions by its public id: its sid, or null when the user has no such session. */
export async function deleteSessionOfUser(db: Db, userId: string, publicId: string): Promise<string | null> {
  const [row] = await db<{ sid: string }[]>`
    delete from sessions where public_id = ${publicId} and user_id = ${userId} returning sid`;
  return row?.sid ?? null;
}

/** Ends every session of a user but `keepSid` (null: every one); the sids that ended. */
export async function deleteSessionsOfUserExcept(
  db: Db,
  userId: string,
  keepSid: string | null,
): Promise<string[]> {
  const rows = await db<{ sid: string }[]>`
    delete from sessions where user_id = ${userId} and sid <> ${keepSid ?? ''} returning sid`;
  return rows.map((row) => row.sid);
}
