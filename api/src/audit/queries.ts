import type { TAuditLogEntry } from '@helpdesk/contracts';
import type postgres from 'postgres';
import { literalLimit } from '../db/literal-limit.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import type { ListPosition } from '../tickets/cursor.ts';

export type AuditDetails = { readonly [key: string]: postgres.JSONValue };

/** One admin_audit_logs row as the services write it (inside the transaction of the change it records). */
export type NewAuditEntry = {
  adminUserId: string;
  action: string;
  targetUserId: string | null;
  details: AuditDetails;
  ipAddress: string | null;
  userAgent: string | null;
};

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db`
    insert into admin_audit_logs (admin_user_id, action, target_user_id, details, ip_address, user_agent)
    values (${entry.adminUserId}, ${entry.action}, ${entry.targetUserId}, ${db.json(entry.details)},
            ${entry.ipAddress}, ${entry.userAgent})`;
}

/** An audit row of an admin's change to the desk's configuration (no user is its target). */
export function insertAdminActionEntry(
  db: Db,
  actor: { admin: { id: string }; meta: { ipAddress: string | null; userAgent: string | null } },
  action: string,
  details: AuditDetails,
): Promise<void> {
  return insertAuditEntry(db, {
    adminUserId: actor.admin.id,
    action,
    targetUserId: null,
    details,
    ipAddress: actor.meta.ipAddress,
    userAgent: actor.meta.userAgent,
  });
}

/**
 * An audit row of a person's own account change (email, password): they are both who acted and
 * whom it concerns.
 */
export function insertOwnAccountAuditEntry(
  db: Db,
  change: { userId: string; action: string; details: AuditDetails },
  meta: { ipAddress: string | null; userAgent: string | null },
): Promise<void> {
  return insertAuditEntry(db, {
    adminUserId: change.userId,
    action: change.action,
    targetUserId: change.userId,
    details: change.details,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
}

export type AuditFilters = {
  action: string | null;
  adminUserId: string | null;
  targetUserId: string | null;
  /** ISO instants: from and to inclusive, before exclusive. */
  from: string | null;
  to: string | null;
  before: string | null;
};

/** An entry plus its exact created_at as PostgreSQL text (microseconds), for the next page's cursor. */
export type AuditRow = TAuditLogEntry & { cursorAt: string };

/**
 * One page newest first, after the keyset `after`. Each optional filter is an equality on an
 * indexed column whose index is in (created_at desc, id desc) order (00022), so the page is a
 * range scan of `limit` rows whatever the size of the log.
 */
export function selectAuditPage(
  db: Db,
  filters: AuditFilters,
  after: ListPosition | null,
  limit: number,
): Promise<AuditRow[]> {
  return db<AuditRow[]>`
    select l.id, l.action, l.details, l.ip_address as "ipAddress", l.user_agent as "userAgent",
           l.created_at as "createdAt", l.created_at::text as "cursorAt",
           json_build_object('id', a.id, 'username', a.username, 'firstName', a.first_name,
                             'lastName', a.last_name) as admin,
           case when t.id is null then null
                else json_build_object('id', t.id, 'username', t.username, 'firstName', t.first_name,
                                       'lastName', t.last_name) end as target
    from admin_audit_logs l
    join users a on a.id = l.admin_user_id
    left join users t on t.id = l.target_user_id
    where true
      ${filters.action === null ? sql`` : sql`and l.action = ${filters.action}`}
      ${filters.adminUserId === null ? sql`` : sql`and l.admin_user_id = ${filters.adminUserId}`}
      ${filters.targetUserId === null ? sql`` : sql`and l.target_user_id = ${filters.targetUserId}`}
      ${filters.from === null ? sql`` : sql`and l.created_at >= ${filters.from}`}
      ${filters.to === null ? sql`` : sql`and l.created_at <= ${filters.to}`}
      ${filters.before === null ? sql`` : sql`and l.created_at < ${filters.before}`}
      ${after === null ? sql`` : sql`and (l.created_at, l.id) < (${after.at}::timestamptz, ${after.id}::uuid)`}
    order by l.created_at desc, l.id desc
    limit ${literalLimit(limit)}`;
}

/** The start of a local calendar day, as an ISO instant, in an IANA zone. */
export async function selectLocalDayStart(db: Db, date: string, timeZone: string): Promise<string> {
  const [row] = await db<{ start: string }[]>`
    select (${date}::date::timestamp at time zone ${timeZone}) as start`;
  if (!row) throw new Error('no row from a constant select');
  return row.start;
}
