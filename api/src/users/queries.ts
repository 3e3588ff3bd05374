import type { TUser, TUserRole, TUserStatus, TUserStatusCounts } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';

/**
 * The columns of a user as the API shows one (ZUser); never the password hash. Invited means no
 * password yet and no way in but the invitation: an account opened through single sign-on has no
 * password either, and is not invited.
 */
export const userColumns = () => sql`
  id, username, email, email_verified_at is not null as "emailVerified", pending_email as "pendingEmail",
  password_hash is null
    and not exists (select from user_identities i where i.user_id = users.id) as "isInvited",
  first_name as "firstName", last_name as "lastName",
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
      count(*) filter (where status = 'rejected')::int as rejected,
      count(*) filter (where status = 'inactive')::int as inactive
    from users`;
  return row ?? { pending: 0, approved: 0, active: 0, rejected: 0, inactive: 0 };
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

/** Deactivates or reactivates: the status alone, the approval record stays as it was. */
export async function updateUserLifecycleStatus(
  db: Db,
  id: string,
  status: 'active' | 'inactive',
): Promise<TUser> {
  const [user] = await db<TUser[]>`
    update users set status = ${status} where id = ${id} returning ${userColumns()}`;
  if (!user) throw new Error(`user ${id} vanished inside its own transaction`);
  return user;
}

/**
 * An administrator's correction of names and email; a new email is unconfirmed (and any pending
 * self-service change dropped) until its owner follows the link mailed to it.
 */
export async function updateUserDetails(
  db: Db,
  id: string,
  details: { firstName: string; lastName: string; email: string; isNewEmail: boolean },
): Promise<TUser> {
  const [user] = await db<TUser[]>`
    update users set first_name = ${details.firstName}, last_name = ${details.lastName}, email = ${details.email}
      ${details.isNewEmail ? db`, email_verified_at = null, pending_email = null` : db``}
    where id = ${id}
    returning ${userColumns()}`;
  if (!user) throw new Error(`user ${id} vanished inside its own transaction`);
  return user;
}

/**
 * Inserts an account an admin created: active at once, with the chosen role, approved by that
 * admin. An invited account has no password hash until its owner sets one.
 */
export async function insertActiveUser(
  db: Db,
  user: {
    username: string;
    email: string;
    passwordHash: string | null;
    firstName: string;
    lastName: string;
    role: TUserRole;
    approvedBy: string;
  },
): Promise<TUser> {
  const [created] = await db<TUser[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status, approved_by, approved_at)
    values (${user.username}, ${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName},
            ${user.role}, 'active', ${user.approvedBy}, now())
    returning ${userColumns()}`;
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

export async function updateUserRole(db: Db, id: string, role: TUserRole): Promise<TUser> {
  const [user] = await db<
    TUser[]
  >`update users set role = ${role} where id = ${id} returning ${userColumns()}`;
  if (!user) throw new Error(`user ${id} vanished inside its own transaction`);
  return user;
}

/**
 * Locks every active admin row until the transaction ends and returns their ids, in id order so
 * two transactions lock in the same order and never deadlock. Any change that could leave the
 * desk without an active admin takes this lock first: a second such change waits, then sees the
 * first one's result (READ COMMITTED re-checks the WHERE of rows that changed meanwhile).
 */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select id from users where role = 'admin' and status = 'active' order by id for update`;
  return rows.map((row) => row.id);
}

/** Removes a user from every team; answers the names of the teams they left. */
export async function deleteTeamMembershipsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db<{ name: string }[]>`
    delete from team_members m using teams t
    where m.user_id = ${userId} and t.id = m.team_id
    returning t.name`;
  return rows.map((row) => row.name).sort();
}
