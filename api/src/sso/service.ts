import {
  SERVER_MESSAGES,
  SSO_MESSAGES,
  SSO_PATHS,
  type TSsoIdentity,
  type TSsoProvider,
  type TSsoProviderCreate,
  type TSsoProviderTestResult,
  type TSsoProviderUpdate,
  type TUser,
  ZSsoProviderCreate,
} from '@helpdesk/contracts';
import { insertAdminActionEntry, insertOwnAccountAuditEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, fieldsOf, notFound } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import { openSecret, SecretBoxError, sealSecret } from '../mailboxes/secret-box.ts';
import { sessionCache } from '../session-cache.ts';
import {
  forgetProviderConfiguration,
  type ProviderClientSettings,
  providerConfiguration,
  SsoFailure,
} from './provider-client.ts';
import {
  deleteProvider,
  deleteUserIdentity,
  insertProvider,
  lockWaysIn,
  type ProviderFields,
  type ProviderRow,
  selectEnabledProviderButtons,
  selectProvider,
  selectProviders,
  selectUserIdentities,
  updateProvider,
} from './queries.ts';

/** Who changes providers, from where, and the key client secrets are sealed with (null: production without one). */
export type SsoActor = { admin: TUser; meta: RequestMeta; secretKey: Buffer | null; appBaseUrl: string };

// Binds a sealed client secret to what it is: a mailbox secret under the same key does not open as one.
const SECRET_ASSOCIATED_DATA = Buffer.from('helpdesk sso client secret v1');

const MINUTE = 60_000;

/** Provider changes and connection tests per admin: setting up a few takes a few dozen; a script gets nowhere. */
export function ssoAdminBudget(admin: Pick<TUser, 'id'>): Budget {
  return { key: `sso-admin:user:${admin.id}`, limit: 30, windowMs: 10 * MINUTE };
}

const takeAdminBudget = (db: Db, actor: SsoActor) =>
  enforceRateLimit(db, [ssoAdminBudget(actor.admin)], SSO_MESSAGES.tooManyChanges);

/** The redirect URI to register at the provider: where it sends the browser back. */
export function redirectUriOf(appBaseUrl: string, providerId: string): string {
  return `${appBaseUrl}${SSO_PATHS.callback.replace(':provider', providerId)}`;
}

function publicProvider(row: ProviderRow, appBaseUrl: string): TSsoProvider {
  const { clientSecretCiphertext, ...rest } = row;
  return {
    ...rest,
    hasClientSecret: clientSecretCiphertext !== null,
    redirectUri: redirectUriOf(appBaseUrl, row.id),
  };
}

function seal(key: Buffer | null, secret: string): string {
  try {
    return sealSecret(key, secret, SECRET_ASSOCIATED_DATA);
  } catch (error) {
    if (error instanceof SecretBoxError) throw conflict(error.message);
    throw error;
  }
}

/**
 * What the sign-in needs of a provider: its client settings with the secret opened. A secret the key
 * cannot open (the key changed) makes the provider unavailable until an admin enters it again.
 */
export function clientSettingsOf(row: ProviderRow, key: Buffer | null): ProviderClientSettings {
  let clientSecret: string | null = null;
  if (row.clientSecretCiphertext !== null) {
    try {
      clientSecret = openSecret(key, row.clientSecretCiphertext, SECRET_ASSOCIATED_DATA);
    } catch (error) {
      throw new SsoFailure('provider_unavailable', { cause: error });
    }
  }
  return {
    id: row.id,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret,
    version: `${row.updatedAt}|${row.issuer}|${row.clientId}`,
  };
}

const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
  sql.begin((tx) => work(tx)) as Promise<T>;

/** Every provider, by label, as admins see them (the secret only as hasClientSecret). */
export async function listProviders(appBaseUrl: string): Promise<TSsoProvider[]> {
  return (await selectProviders(sql)).map((row) => publicProvider(row, appBaseUrl));
}

/** One provider as admins see it; 404 when there is none. */
export async function getProvider(id: string, appBaseUrl: string): Promise<TSsoProvider> {
  const row = await selectProvider(sql, id);
  if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
  return publicProvider(row, appBaseUrl);
}

/** Registers a provider (its id unique), the secret sealed; audited as 'sso_provider.created'; rate-limited per admin. */
export async function createProvider(actor: SsoActor, input: TSsoProviderCreate): Promise<TSsoProvider> {
  const sealed = input.clientSecret === null ? null : seal(actor.secretKey, input.clientSecret);
  const { clientSecret: _secret, ...settings } = input;
  return inTransaction(async (tx) => {
    if (await selectProvider(tx, input.id)) {
      throw conflict(SSO_MESSAGES.providerExists, { id: SSO_MESSAGES.providerExists });
    }
    await takeAdminBudget(tx, actor);
    await insertProvider(tx, { ...settings, clientSecretCiphertext: sealed });
    await insertAdminActionEntry(tx, actor, 'sso_provider.created', {
      providerId: input.id,
      label: input.label,
      issuer: input.issuer,
    });
    const row = await selectProvider(tx, input.id);
    if (!row) throw new Error('a provider just created is missing');
    return publicProvider(row, actor.appBaseUrl);
  });
}

/**
 * Changes a provider: the fields sent over the stored ones; a secret left out stays, null removes it.
 * Audited with the names of the changed fields (the secret only as 'clientSecret').
 */
export async function changeProvider(
  actor: SsoActor,
  id: string,
  patch: TSsoProviderUpdate,
): Promise<TSsoProvider> {
  const defined = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (defined.length === 0) throw badRequest(SSO_MESSAGES.nothingToChange);
  const changed = await inTransaction(async (tx) => {
    const current = await selectProvider(tx, id, true);
    if (!current) throw notFound(SSO_MESSAGES.providerNotFound);
    const { clientSecretCiphertext, createdAt: _c, updatedAt: _u, ...stored } = current;
    const parsed = ZSsoProviderCreate.safeParse({
      ...stored,
      clientSecret: null,
      ...Object.fromEntries(defined),
    });
    if (!parsed.success) throw badRequest(SERVER_MESSAGES.validation, fieldsOf(parsed.error.issues));
    const { clientSecret, ...next } = parsed.data;
    let sealed = clientSecretCiphertext;
    if (patch.clientSecret !== undefined)
      sealed = clientSecret === null ? null : seal(actor.secretKey, clientSecret);
    await takeAdminBudget(tx, actor);
    const fields: ProviderFields = { ...next, clientSecretCiphertext: sealed };
    await updateProvider(tx, fields);
    await insertAdminActionEntry(tx, actor, 'sso_provider.updated', {
      providerId: id,
      fields: defined.map(([name]) => name),
    });
    const row = await selectProvider(tx, id);
    if (!row) throw new Error('a provider just changed is missing');
    return publicProvider(row, actor.appBaseUrl);
  });
  forgetProviderConfiguration(id);
  return changed;
}

/** Removes a provider with every identity linked through it; audited as 'sso_provider.deleted'. */
export async function removeProvider(actor: SsoActor, id: string): Promise<void> {
  await inTransaction(async (tx) => {
    const current = await selectProvider(tx, id, true);
    if (!current) throw notFound(SSO_MESSAGES.providerNotFound);
    await takeAdminBudget(tx, actor);
    await deleteProvider(tx, id);
    await insertAdminActionEntry(tx, actor, 'sso_provider.deleted', { providerId: id, label: current.label });
  });
  forgetProviderConfiguration(id);
}

/** Reads the provider's discovery document now (not from the cache): whether the desk can reach it. */
export async function testProvider(actor: SsoActor, id: string): Promise<TSsoProviderTestResult> {
  const row = await selectProvider(sql, id);
  if (!row) throw notFound(SSO_MESSAGES.providerNotFound);
  await takeAdminBudget(sql, actor);
  forgetProviderConfiguration(id);
  try {
    await providerConfiguration(clientSettingsOf(row, actor.secretKey));
    return { ok: true, message: SSO_MESSAGES.providerReachable };
  } catch (error) {
    const code = error instanceof SsoFailure ? error.code : 'provider_unreachable';
    return {
      ok: false,
      message:
        code === 'provider_unavailable' ? SSO_MESSAGES.secretUnreadable : SSO_MESSAGES.providerUnreachable,
    };
  }
}

/** The enabled providers' sign-in buttons. */
export function listProviderButtons(): Promise<{ id: string; label: string }[]> {
  return selectEnabledProviderButtons(sql);
}

/** The identities linked to one's own account. */
export function listOwnIdentities(user: TUser): Promise<TSsoIdentity[]> {
  return selectUserIdentities(sql, user.id);
}

/**
 * Unlinks one of one's own identities (404 for anyone else's), unless it is the account's last way
 * in: no password and no other identity (409). Audited as 'user.sso_unlinked'.
 */
export async function unlinkOwnIdentity(user: TUser, identityId: string, meta: RequestMeta): Promise<void> {
  await inTransaction(async (tx) => {
    const ways = await lockWaysIn(tx, user.id);
    if (!ways?.identityIds.includes(identityId)) throw notFound(SSO_MESSAGES.identityNotFound);
    if (!ways.hasPassword && ways.identityIds.length === 1) throw conflict(SSO_MESSAGES.lastWayIn);
    const removed = await deleteUserIdentity(tx, user.id, identityId);
    if (!removed) throw notFound(SSO_MESSAGES.identityNotFound);
    await insertOwnAccountAuditEntry(
      tx,
      { userId: user.id, action: 'user.sso_unlinked', details: { providerId: removed.providerId } },
      meta,
    );
  });
  sessionCache().forgetUser(user.id);
}
