import type { TUser, TUserRole, TUserStatus, TUserStatusCounts } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/** The columns of a user as the API shows one (ZUser); never the password hash. */
export const userColumns = () => sql`
  id, username, email, first_name as "firstName", last_name as "lastName",
  profile_image_url as "profileImageUrl", role, status, approved_by as "approvedBy",
  approved_at as "approvedAt", last_login_at as "lastLoginAt", created_at as "createdAt",
  updated_at as "updatedAt"`;

export type UserFilters = { status: TUserStatus | null; role: TUserRole | null };

const whereFilters = (filters: UserFilters) => sql`
  where true
  ${filters.status ? sql`and status = ${filters.status}` : sql``}
  ${filters.role ? sql`and role = ${filters.role}` : sql``}`;

export async function selectUserById(db: Db, id: string): Promise<TUser | null> {
  const [user] = await db<TUser[]>`select ${userColumns()} from users where id = ${id}`;
  return user ?? null;
}

export async function selectUserByIdForUpdate(db: Db, id: string): Promise<TUser | null> {
  const [user] = await db<TUser[]>`select ${userColumns()} from users where id = ${id} for update`;
  return user ?? null;
}

export function selectUsers(
  db: Db,
  filters: UserFilters,
  page: { limit: number; offset: number },
): Promise<TUser[]> {
  return db<TUser[]>`
    select ${userColumns()} from users ${whereFilters(filters)}
    order by created_at desc, id desc
    limit ${page.limit} offset ${page.offset}`;
}

export async function countUsers(db: Db, filters: UserFilters): Promise<number> {
  const [row] = await db<
    { total: number }[]
  >`select count(*)::int as total from users ${whereFilters(filters)}`;
  return row?.total ?? 0;
}

export async function countUsersByStatus(db: Db): Promise<TUserStatusCounts> {
  const [row] = await db<TUserStatusCounts[]>`
    select
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'approved')::int as approved,
      count(*) filter (where status = 'active')::int as active,
      count(*) filter (where status = 'rejected')::int as rejected
    from users`;
  return row ?? { pending: 0, approved: 0, active: 0, rejected: 0 };
}

export async function updateUserStatus(
  db: Db,
  change: { id: string; status: TUserStatus; approvedBy: string },
): Promise<TUser> {
  const [user] = await db<TUser[]>`
    update users set status = ${change.status}, approved_by = ${change.approvedBy}, approved_at = now()
    where id = ${change.id}
    returning ${userColumns()}`;
  if (!user) throw new Error(`user ${change.id} vanished inside its own transaction`);
  return user;
}

export async function insertAdminAuditLog(
  db: Db,
  entry: {
    adminUserId: string;
    action: string;
    targetUserId: string | null;
    details: Record<string, string>;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db`
    insert into admin_audit_logs (admin_user_id, action, target_user_id, details, ip_address, user_agent)
    values (${entry.adminUserId}, ${entry.action}, ${entry.targetUserId}, ${db.json(entry.details)},
            ${entry.ipAddress}, ${entry.userAgent})`;
}
