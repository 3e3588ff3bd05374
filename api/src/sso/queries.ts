import type { TSsoCreateAccounts, TSsoIdentity, TSsoMode, TUser } from '@helpdesk/contracts';
import type { Db } from '../db/postgres.ts';
import { userColumns } from '../users/queries.ts';

/** One sso_providers row, the sealed client secret included (never answered as is). */
export type ProviderRow = {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecretCiphertext: string | null;
  domains: string[];
  enabled: boolean;
  createAccounts: TSsoCreateAccounts;
  roleClaim: string | null;
  adminValues: string[];
  agentValues: string[];
  createdAt: string;
  updatedAt: string;
};

/** What a provider is stored with (every column but the timestamps). */
export type ProviderFields = Omit<ProviderRow, 'createdAt' | 'updatedAt'>;

const providerColumns = (db: Db) => db`
  id, label, issuer, client_id as "clientId", client_secret_ciphertext as "clientSecretCiphertext",
  domains, enabled, create_accounts as "createAccounts", role_claim as "roleClaim",
  admin_values as "adminValues", agent_values as "agentValues", created_at as "createdAt",
  updated_at as "updatedAt"`;

export function selectProviders(db: Db): Promise<ProviderRow[]> {
  return db<ProviderRow[]>`select ${providerColumns(db)} from sso_providers order by label, id`;
}

export async function selectProvider(db: Db, id: string, forUpdate = false): Promise<ProviderRow | null> {
  const [row] = await db<ProviderRow[]>`
    select ${providerColumns(db)} from sso_providers where id = ${id} ${forUpdate ? db`for update` : db``}`;
  return row ?? null;
}

/** The enabled providers' buttons, by label. */
export function selectEnabledProviderButtons(db: Db): Promise<{ id: string; label: string }[]> {
  return db<{ id: string; label: string }[]>`
    select id, label from sso_providers where enabled order by label, id`;
}

export async function insertProvider(db: Db, fields: ProviderFields): Promise<void> {
  await db`
    insert into sso_providers (id, label, issuer, client_id, client_secret_ciphertext, domains, enabled,
                               create_accounts, role_claim, admin_values, agent_values)
    values (${fields.id}, ${fields.label}, ${fields.issuer}, ${fields.clientId}, ${fields.clientSecretCiphertext},
            ${fields.domains}, ${fields.enabled}, ${fields.createAccounts}, ${fields.roleClaim},
            ${fields.adminValues}, ${fields.agentValues})`;
}

export async function updateProvider(db: Db, fields: ProviderFields): Promise<void> {
  await db`
    update sso_providers set
      label = ${fields.label}, issuer = ${fields.issuer}, client_id = ${fields.clientId},
      client_secret_ciphertext = ${fields.clientSecretCiphertext}, domains = ${fields.domains},
      enabled = ${fields.enabled}, create_accounts = ${fields.createAccounts}, role_claim = ${fields.roleClaim},
      admin_values = ${fields.adminValues}, agent_values = ${fields.agentValues}
    where id = ${fields.id}`;
}

/** Deletes a provider (its identities and pending sign-ins go with it); false when there was none. */
export async function deleteProvider(db: Db, id: string): Promise<boolean> {
  const rows = await db`delete from sso_providers where id = ${id} returning id`;
  return rows.length > 0;
}

/** A sign-in waiting for the provider's answer. */
export type PendingLogin = {
  providerId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  mode: TSsoMode;
  linkUserId: string | null;
};

/** Stores a pending sign-in for `ttlMs`; expired ones of everyone are swept on the way. */
export async function insertPendingLogin(
  db: Db,
  keyHash: string,
  login: PendingLogin,
  ttlMs: number,
): Promise<void> {
  await db`delete from sso_logins where expires_at < now()`;
  await db`
    insert into sso_logins (key_hash, provider_id, state, nonce, code_verifier, return_to, mode, link_user_id,
                            expires_at)
    values (${keyHash}, ${login.providerId}, ${login.state}, ${login.nonce}, ${login.codeVerifier},
            ${login.returnTo}, ${login.mode}, ${login.linkUserId},
            now() + ${`${Math.round(ttlMs / 1000)} seconds`}::interval)`;
}

/** Takes (deletes) the live pending sign-in of this key at this provider: each one is answered once. */
export async function takePendingLogin(
  db: Db,
  keyHash: string,
  providerId: string,
): Promise<PendingLogin | null> {
  const [row] = await db<PendingLogin[]>`
    delete from sso_logins where key_hash = ${keyHash}
    returning provider_id as "providerId", state, nonce, code_verifier as "codeVerifier", return_to as "returnTo",
              mode, link_user_id as "linkUserId", expires_at > now() as "isLive"`;
  const live = row as (PendingLogin & { isLive: boolean }) | undefined;
  if (!live?.isLive || live.providerId !== providerId) return null;
  const { isLive: _isLive, ...login } = live;
  return login;
}

/** The account an identity is linked to. */
export async function selectIdentityUser(
  db: Db,
  providerId: string,
  subject: string,
): Promise<(TUser & { hasPassword: boolean }) | null> {
  const [row] = await db<(TUser & { hasPassword: boolean })[]>`
    select ${userColumns()}, password_hash is not null as "hasPassword" from users
    where id = (select user_id from user_identities where provider_id = ${providerId} and subject = ${subject})`;
  return row ?? null;
}

/** The account whose email this is, whatever its case. */
export async function selectUserByEmail(db: Db, email: string): Promise<TUser | null> {
  const [row] = await db<TUser[]>`select ${userColumns()} from users where lower(email) = lower(${email})`;
  return row ?? null;
}

/** Links an identity; false when it is already linked (to anyone). */
export async function insertIdentity(
  db: Db,
  identity: { providerId: string; subject: string; userId: string; email: string | null },
): Promise<boolean> {
  const rows = await db`
    insert into user_identities (provider_id, subject, user_id, email, last_used_at)
    values (${identity.providerId}, ${identity.subject}, ${identity.userId}, ${identity.email}, now())
    on conflict (provider_id, subject) do nothing
    returning id`;
  return rows.length > 0;
}

export async function touchIdentity(db: Db, providerId: string, subject: string): Promise<void> {
  await db`
    update user_identities set last_used_at = now()
    where provider_id = ${providerId} and subject = ${subject}`;
}

/** The identities linked to a user, oldest first. */
export function selectUserIdentities(db: Db, userId: string): Promise<TSsoIdentity[]> {
  return db<TSsoIdentity[]>`
    select i.id, i.provider_id as "providerId", p.label as "providerLabel", i.email,
           i.created_at as "createdAt", i.last_used_at as "lastUsedAt"
    from user_identities i join sso_providers p on p.id = i.provider_id
    where i.user_id = ${userId}
    order by i.created_at, i.id`;
}

/**
 * Locks the user's row and answers what ways in they have: a password, and their identities' ids.
 * Two unlinks of one person run one after the other, so they cannot both take the last way in.
 */
export async function lockWaysIn(
  db: Db,
  userId: string,
): Promise<{ hasPassword: boolean; identityIds: string[] } | null> {
  const [user] = await db<{ hasPassword: boolean }[]>`
    select password_hash is not null as "hasPassword" from users where id = ${userId} for update`;
  if (!user) return null;
  const rows = await db<{ id: string }[]>`select id from user_identities where user_id = ${userId}`;
  return { hasPassword: user.hasPassword, identityIds: rows.map((row) => row.id) };
}

/** Unlinks one of a user's identities; answers its provider, or null when it is not theirs. */
export async function deleteUserIdentity(
  db: Db,
  userId: string,
  identityId: string,
): Promise<{ providerId: string; subject: string } | null> {
  const [row] = await db<{ providerId: string; subject: string }[]>`
    delete from user_identities where id = ${identityId} and user_id = ${userId}
    returning provider_id as "providerId", subject`;
  return row ?? null;
}

/** Opens an account for a person a provider vouches for: no password, the address as the provider confirmed it. */
export async function insertSsoUser(
  db: Db,
  user: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    status: 'pending' | 'active';
    isEmailVerified: boolean;
  },
): Promise<TUser> {
  const [created] = await db<TUser[]>`
    insert into users (username, email, password_hash, first_name, last_name, role, status, email_verified_at)
    values (${user.username}, ${user.email}, null, ${user.firstName}, ${user.lastName}, 'end_user', ${user.status},
            ${user.isEmailVerified ? db`now()` : null})
    returning ${userColumns()}`;
  if (!created) throw new Error('insert into users returned no row');
  return created;
}
