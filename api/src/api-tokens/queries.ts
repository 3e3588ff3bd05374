import type {
  TAdminApiTokenSummary,
  TApiTokenScope,
  TApiTokenSummary,
  TPersonPreferences,
  TUser,
} from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { userColumns } from '../users/queries.ts';

const summaryColumns = () => sql`
  t.id, t.name, t.prefix, t.scopes, t.created_at as "createdAt", t.expires_at as "expiresAt",
  t.last_used_at as "lastUsedAt", t.last_used_ip as "lastUsedIp"`;

// Lists show what is not revoked; an expired token stays a month so its owner sees why a script stopped.
const listed = () => sql`t.revoked_at is null and t.expires_at > now() - interval '30 days'`;

export type NewApiToken = {
  userId: string;
  name: string;
  tokenHash: string;
  prefix: string;
  scopes: readonly TApiTokenScope[];
  expiresInDays: number;
};

/** Stores a token (its hash only) and answers it as lists show it. */
export async function insertApiToken(db: Db, token: NewApiToken): Promise<TApiTokenSummary> {
  const [row] = await db<TApiTokenSummary[]>`
    insert into api_tokens as t (user_id, name, token_hash, prefix, scopes, expires_at)
    values (${token.userId}, ${token.name}, ${token.tokenHash}, ${token.prefix}, ${[...token.scopes]}::text[],
      now() + ${`${token.expiresInDays} days`}::interval)
    returning ${summaryColumns()}`;
  if (!row) throw new Error('insert into api_tokens returned no row');
  return row;
}

/** How many live (neither revoked nor expired) tokens a person holds; locks the person's row first. */
export async function countLiveTokensForUpdate(db: Db, userId: string): Promise<number> {
  await db`select 1 from users where id = ${userId} for update`;
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from api_tokens
    where user_id = ${userId} and revoked_at is null and expires_at > now()`;
  return row?.count ?? 0;
}

/** A person's listed tokens, newest first. */
export function selectOwnTokens(db: Db, userId: string): Promise<TApiTokenSummary[]> {
  return db<TApiTokenSummary[]>`
    select ${summaryColumns()} from api_tokens t
    where t.user_id = ${userId} and ${listed()}
    order by t.created_at desc, t.id`;
}

/** Everyone's listed tokens with their owner, newest first, at most `limit`. */
export async function selectAllTokens(db: Db, limit: number): Promise<TAdminApiTokenSummary[]> {
  const rows = await db<
    (TApiTokenSummary & { ownerId: string; username: string; firstName: string; lastName: string })[]
  >`
    select ${summaryColumns()}, u.id as "ownerId", u.username, u.first_name as "firstName",
      u.last_name as "lastName"
    from api_tokens t join users u on u.id = t.user_id
    where ${listed()}
    order by t.created_at desc, t.id
    limit ${limit}`;
  return rows.map(({ ownerId, username, firstName, lastName, ...token }) => ({
    ...token,
    owner: { id: ownerId, username, firstName, lastName },
  }));
}

/** Revokes a listed token (of `userId` only, when given): what it was, or null when there is none. */
export async function revokeToken(
  db: Db,
  tokenId: string,
  userId: string | null,
): Promise<{ id: string; name: string; prefix: string; userId: string } | null> {
  const [row] = await db<{ id: string; name: string; prefix: string; userId: string }[]>`
    update api_tokens t set revoked_at = now()
    where t.id = ${tokenId} and ${listed()}
      ${userId === null ? sql`` : sql`and t.user_id = ${userId}`}
    returning t.id, t.name, t.prefix, t.user_id as "userId"`;
  return row ?? null;
}

/** A live token's owner, as a session's user is read, with the token's scopes. */
export type TokenUser = {
  tokenId: string;
  scopes: TApiTokenScope[];
  /** Its last use was recorded more than a minute ago (or never): record this one. */
  needsTouch: boolean;
  user: TUser;
  preferences: TPersonPreferences;
};

/** The token a secret's hash names when it is neither revoked nor expired, with its owner now. */
export async function selectTokenUser(db: Db, tokenHash: string): Promise<TokenUser | null> {
  const [row] = await db<
    (TUser & TPersonPreferences & { tokenId: string; scopes: TApiTokenScope[]; needsTouch: boolean })[]
  >`
    select u.*, t.id as "tokenId", t.scopes,
      coalesce(t.last_used_at < now() - interval '1 minute', true) as "needsTouch"
    from api_tokens t
    cross join lateral (
      select ${userColumns()}, language, time_zone as "timeZone" from users where users.id = t.user_id
    ) u
    where t.token_hash = ${tokenHash} and t.revoked_at is null and t.expires_at > now()`;
  if (!row) return null;
  const { tokenId, scopes, needsTouch, language, timeZone, ...user } = row;
  return { tokenId, scopes, needsTouch, user, preferences: { language, timeZone } };
}

/** Records a token's use: when and from where (written at most once a minute per token, see needsTouch). */
export async function touchToken(db: Db, tokenId: string, ipAddress: string | null): Promise<void> {
  await db`update api_tokens set last_used_at = now(), last_used_ip = ${ipAddress} where id = ${tokenId}`;
}
