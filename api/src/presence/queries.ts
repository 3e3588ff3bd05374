import type { Db } from '../db/postgres.ts';

/** Whether a ticket with this id exists (one primary-key probe). */
export async function ticketExists(db: Db, id: string): Promise<boolean> {
  const rows = await db`select 1 from tickets where id = ${id}`;
  return rows.length > 0;
}
