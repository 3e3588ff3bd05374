import type { TUserRole } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

/**
 * Of these sessions, the ones still valid for an active user, with the user's current role.
 * Read-only on purpose: an open event stream must not keep a session from idling out.
 */
export function selectLiveSessionRoles(
  db: Db,
  sids: readonly string[],
): Promise<{ sid: string; role: TUserRole }[]> {
  return db<{ sid: string; role: TUserRole }[]>`
    select s.sid, u.role
    from sessions s join users u on u.id = s.user_id
    where s.sid = any(${db.array([...sids])}::varchar[])
      and s.expire > now() and s.absolute_expire > now()
      and u.status = 'active'`;
}
