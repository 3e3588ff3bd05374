import type { TPersonPreferences, TUser } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { userColumns } from '../users/queries.ts';

/** passwordHash is null for an invited account whose owner has not set a password yet. */
/** `hasIdentity`: an identity provider is linked, so an account without a password signs in there. */
export type LoginAccount = Pick<TUser, 'id' | 'role' | 'status'> & {
  passwordHash: string | null;
  hasIdentity: boolean;
};

/** What a password token is for: a reset, or the first password of an invited account. */
export type PasswordTokenPurpose = 'reset' | 'invitation';

const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;

export async function selectLoginAccount(db: Db, username: string): Promise<LoginAccount | null> {
  const [account] = await db<LoginAccount[]>`
    select id, role, status, password_hash as "passwordHash",
      exists (select 1 from user_identities i where i.user_id = users.id) as "hasIdentity"
    from users where lower(username) = lower(${username})`;
  return account ?? null;
}

export async function selectPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<{ passwordHash: string }[]>`
    select password_hash as "passwordHash" from users where id = ${userId}`;
  return row?.passwordHash ?? null;
}

export async function selectUsername(db: Db, userId: string): Promise<string | null> {
  const [row] = await db<{ username: string }[]>`select username from users where id = ${userId}`;
  return row?.username ?? null;
}

/** Whether the username is taken, and whether someone has confirmed the address (an unconfirmed claim takes nothing). */
export async function selectRegistrationConflicts(
  db: Db,
  username: string,
  email: string,
): Promise<{ isUsernameTaken: boolean; isEmailTaken: boolean }> {
  const [row] = await db<{ isUsernameTaken: boolean; isEmailTaken: boolean }[]>`
    select
      exists (select 1 from users where lower(username) = lower(${username})) as "isUsernameTaken",
      exists (
        select 1 from users where lower(email) = lower(${email}) and email_verified_at is not null
      ) as "isEmailTaken"`;
  return row ?? { isUsernameTaken: false, isEmailTaken: false };
}

/** Accounts awaiting approval, counted up to `upTo` (enough to compare with a cap). */
export async function countPendingUsers(db: Db, upTo: number): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from (select 1 from users where status = 'pending' limit ${upTo}) pending`;
  return row?.count ?? 0;
}

/** Whether someone else has confirmed this address: an unconfirmed claim takes nothing from its owner. */
export async function isEmailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const [row] = await db<{ isTaken: boolean }[]>`
    select exists (
      select 1 from users
      where lower(email) = lower(${email}) and email_verified_at is not null and id <> ${userId}
    ) as "isTaken"`;
  return row?.isTaken ?? false;
}

/** Inserts a registration. Role and status are not columns of this statement: the defaults apply. */
export async function insertPendingUser(
  db: Db,
  user: { username: string; email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<TUser> {
  const [created] = await db<TUser[]>`
    insert into users (username, email, password_hash, first_name, last_name)
    values (${user.username}, ${user.email}, ${user.passwordHash}, ${user.firstName}, ${user.lastName})
    returning ${userColumns()}`;
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

export async function updateLastLogin(db: Db, userId: string): Promise<TUser | null> {
  const [user] = await db<TUser[]>`
    update users set last_login_at = now() where id = ${userId} returning ${userColumns()}`;
  return user ?? null;
}

export async function updateProfile(
  db: Db,
  userId: string,
  profile: { firstName: string; lastName: string; email: string },
): Promise<TUser | null> {
  const [user] = await db<TUser[]>`
    update users set first_name = ${profile.firstName}, last_name = ${profile.lastName}, email = ${profile.email}
    where id = ${userId}
    returning ${userColumns()}`;
  return user ?? null;
}

/** Swaps a hash for the same password's hash at the current cost, unless the password changed meanwhile. */
export async function replaceOutdatedPasswordHash(
  db: Db,
  userId: string,
  outdatedHash: string,
  passwordHash: string,
): Promise<void> {
  await db`update users set password_hash = ${passwordHash} where id = ${userId} and password_hash = ${outdatedHash}`;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db`update users set password_hash = ${passwordHash} where id = ${userId}`;
}

/** Sets a new password only while the user is still active (and an admin, when `isAdminOnly`); false otherwise. */
export async function updateActivePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  isAdminOnly: boolean,
): Promise<boolean> {
  const rows = await db`
    update users set password_hash = ${passwordHash}
    where id = ${userId} and status = 'active' and password_hash is not null
      ${isAdminOnly ? db`and role = 'admin'` : db``}
    returning id`;
  return rows.length === 1;
}

/**
 * Sets the first password of an invited account that is still active and has none, and confirms
 * its address (the invitation was mailed to it); the username, or null when it no longer applies.
 */
export async function setInvitedPassword(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<string | null> {
  const [row] = await db<{ username: string }[]>`
    update users set password_hash = ${passwordHash}, email_verified_at = coalesce(email_verified_at, now())
    where id = ${userId} and status = 'active' and password_hash is null
    returning username`;
  return row?.username ?? null;
}

export async function insertSession(
  db: Db,
  session: {
    sid: string;
    userId: string;
    idleMs: number;
    absoluteMs: number;
    ipAddress: string | null;
    userAgent: string | null;
    sess: SessionStart;
  },
): Promise<void> {
  await db`
    insert into sessions (sid, user_id, expire, absolute_expire, ip_address, user_agent, sess)
    values (
      ${session.sid}, ${session.userId},
      least(now() + ${seconds(session.idleMs)}::interval, now() + ${seconds(session.absoluteMs)}::interval),
      now() + ${seconds(session.absoluteMs)}::interval,
      ${session.ipAddress}, ${session.userAgent}, ${db.json(session.sess)}
    )`;
}

/**
 * How a session began, kept in sessions.sess: a password, or a provider's sign-in with the ID token
 * its sign-out needs. Rows from before this was recorded hold {}, which means a password.
 */
export type SessionStart =
  | { method: 'password' }
  | { method: 'sso'; providerId: string; idTokenHint: string };

/** How the session of this sid began, or null when there is no such session. */
export async function selectSessionStart(db: Db, sid: string): Promise<Partial<SessionStart> | null> {
  const [row] = await db<{ sess: Partial<SessionStart> }[]>`select sess from sessions where sid = ${sid}`;
  return row?.sess ?? null;
}

/** A live session's user with their own preferences, and how long the session stays live unless it is used again. */
export type SessionUser = { user: TUser; preferences: TPersonPreferences; validForMs: number };

/**
 * The signed-in user of a live session, read fresh from users (role and status included): one
 * read-only statement. The idle expiry slides forward in a second statement, at most once a
 * minute per session; a read that may also write (the update in a CTE it used to be) costs every
 * request a third more.
 */
export async function selectSessionUser(db: Db, sid: string, idleMs: number): Promise<SessionUser | null> {
  const [row] = await db<(TUser & TPersonPreferences & { needsTouch: boolean; validForMs: number })[]>`
    select u.*,
      s.expire < now() + ${seconds(idleMs)}::interval - interval '1 minute' as "needsTouch",
      (extract(epoch from least(s.expire, s.absolute_expire) - now()) * 1000)::float8 as "validForMs"
    from sessions s
    cross join lateral (
      select ${userColumns()}, language, time_zone as "timeZone" from users where users.id = s.user_id
    ) u
    where s.sid = ${sid} and s.expire > now() and s.absolute_expire > now()`;
  if (!row) return null;
  const { needsTouch, validForMs, language, timeZone, ...user } = row;
  if (needsTouch) {
    await db`
      update sessions set expire = least(now() + ${seconds(idleMs)}::interval, absolute_expire)
      where sid = ${sid} and expire > now() and absolute_expire > now()`;
  }
  return { user, preferences: { language, timeZone }, validForMs };
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db`delete from sessions where sid = ${sid}`;
}

export async function deleteUserSessions(db: Db, userId: string): Promise<number> {
  const rows = await db`delete from sessions where user_id = ${userId} returning sid`;
  return rows.length;
}

/** Sessions past their idle expiry (always before the absolute one) are dead weight. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db`delete from sessions where expire < now()`;
}

/** Who a reset link may be mailed to: an active account with a password and this confirmed address. */
export type ResetRecipient = {
  id: string;
  email: string;
  firstName: string;
  emailVerified: boolean;
  role: TUser['role'];
};

/**
 * The active account that has confirmed this address and has a password (at most one, by
 * users_email_lower_key); only an admin when `isAdminOnly`.
 */
export async function selectResetRecipientByEmail(
  db: Db,
  email: string,
  isAdminOnly: boolean,
): Promise<ResetRecipient | null> {
  const [account] = await db<ResetRecipient[]>`
    select id, email, first_name as "firstName", true as "emailVerified", role from users
    where lower(email) = lower(${email}) and email_verified_at is not null
      and status = 'active' and password_hash is not null
      ${isAdminOnly ? db`and role = 'admin'` : db``}`;
  return account ?? null;
}

/** A newer token supersedes the older ones: they are spent without being used for a reset. */
export async function spendUnusedResetTokens(db: Db, userId: string): Promise<void> {
  await db`update password_reset_tokens set used = true, used_at = now() where user_id = ${userId} and not used`;
}

/** Stores a token's hash; answers the new row's id (the reset email's dedupe key). */
export async function insertResetToken(
  db: Db,
  token: { userId: string; tokenHash: string; ttlMs: number; purpose?: PasswordTokenPurpose },
): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into password_reset_tokens (user_id, token_hash, expires_at, purpose)
    values (${token.userId}, ${token.tokenHash}, now() + ${seconds(token.ttlMs)}::interval, ${token.purpose ?? 'reset'})
    returning id`;
  if (!row) throw new Error('insert into password_reset_tokens returned no row');
  return row.id;
}

export async function isResetTokenUsable(
  db: Db,
  tokenHash: string,
  purpose: PasswordTokenPurpose,
): Promise<boolean> {
  const [row] = await db<{ isUsable: boolean }[]>`
    select exists (
      select 1 from password_reset_tokens
      where token_hash = ${tokenHash} and purpose = ${purpose} and not used and expires_at > now()
    ) as "isUsable"`;
  return row?.isUsable ?? false;
}

/** Spends a token atomically: of two concurrent resets with one token, exactly one gets the user id. */
export async function consumeResetToken(
  db: Db,
  tokenHash: string,
  purpose: PasswordTokenPurpose,
): Promise<string | null> {
  const [row] = await db<{ userId: string }[]>`
    update password_reset_tokens set used = true, used_at = now()
    where token_hash = ${tokenHash} and purpose = ${purpose} and not used and expires_at > now()
    returning user_id as "userId"`;
  return row?.userId ?? null;
}
