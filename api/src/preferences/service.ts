import type { TPersonPreferences, TPreferencesUpdateRequest, TUser } from '@helpdesk/contracts';
import { sql } from '../db.ts';
import { sessionCache } from '../session-cache.ts';
import { selectPreferences, updatePreferences } from './queries.ts';

/** The signed-in user's own language and time zone, read fresh (null fields follow the desk). */
export async function getOwnPreferences(user: TUser): Promise<TPersonPreferences> {
  const preferences = await selectPreferences(sql, user.id);
  if (!preferences) throw new Error(`user ${user.id} vanished while reading preferences`);
  return preferences;
}

/**
 * Changes the signed-in user's own language and/or time zone (the request's schema has refused an
 * unknown language or zone already); the user's next `me` answers the new ones at once.
 */
export async function updateOwnPreferences(
  user: TUser,
  change: TPreferencesUpdateRequest,
): Promise<TPersonPreferences> {
  const preferences = await updatePreferences(sql, user.id, change);
  if (!preferences) throw new Error(`user ${user.id} vanished while updating preferences`);
  // The database tells every process; this one answers the user's next `me` fresh without waiting.
  sessionCache().forgetUser(user.id);
  return preferences;
}
