import type { TPersonPreferences, TPreferencesUpdateRequest } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';

/** A user's own language and time zone (null: the desk's), or null when there is no such user. */
export async function selectPreferences(db: Db, userId: string): Promise<TPersonPreferences | null> {
  const [row] = await db<TPersonPreferences[]>`
    select language, time_zone as "timeZone" from users where id = ${userId}`;
  return row ?? null;
}

/** Sets the fields `change` holds (a field left out keeps its value) and answers what is stored. */
export async function updatePreferences(
  db: Db,
  userId: string,
  change: TPreferencesUpdateRequest,
): Promise<TPersonPreferences | null> {
  const [row] = await db<TPersonPreferences[]>`
    update users set
      language = ${change.language === undefined ? db`language` : change.language},
      time_zone = ${change.timeZone === undefined ? db`time_zone` : change.timeZone}
    where id = ${userId}
    returning language, time_zone as "timeZone"`;
  return row ?? null;
}
