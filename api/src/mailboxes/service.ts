import {
  fillServerText,
  MAIL_IN_MESSAGES,
  MAILBOX_MESSAGES,
  SERVER_MESSAGES,
  type TInboundMessageList,
  type TMailbox,
  type TMailboxSettings,
  type TMailboxTestResponse,
  type TUser,
  ZCreateMailboxRequest,
  type ZInboundMessageQuery,
  type ZMailboxTestRequest,
  type ZUpdateMailboxRequest,
} from '@helpdesk/contracts';
import type postgres from 'postgres';
import type { z } from 'zod';
import { insertAdminActionEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import { type Db, uniqueViolation } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, fieldsOf, notFound } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import type { ImapSettings } from '../mail-in/imap-fetch.ts';
import { INBOUND_CHANNEL } from '../mail-in/inbound-queries.ts';
import { lockTeamIfExists } from '../teams/queries.ts';
import { decodeCursor, encodeCursor } from '../tickets/cursor.ts';
import { getAccessToken, OAuthError } from './oauth.ts';
import {
  deleteMailbox,
  inboundMessageExists,
  insertMailbox,
  type MailboxFields,
  type MailboxRow,
  releaseFailedMessage,
  selectFailedMessages,
  selectMailboxById,
  selectMailboxes,
  updateMailbox,
} from './queries.ts';
import { openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

/** Who acts, from where, and the key mailbox secrets are sealed with (null: production without one). */
export type MailboxActor = { admin: TUser; meta: RequestMeta; secretKey: Buffer | null };

/** What is sealed in secret_ciphertext: the password, or OAuth2's client secret and refresh token. */
export type MailboxSecret = { password: string } | { clientSecret: string; refreshToken: string };

type SecretInput = { password?: string; oauthClientSecret?: string; oauthRefreshToken?: string };

const MINUTE = 60_000;

/** Mailbox changes per admin: setting up a few mailboxes takes a few dozen; a script gets nowhere. */
export function mailboxWriteBudget(admin: Pick<TUser, 'id'>): Budget {
  return { key: `mailbox-write:user:${admin.id}`, limit: 30, windowMs: 10 * MINUTE };
}

/** Connection tests per admin: each opens a connection to a server the admin names. */
export function mailboxTestBudget(admin: Pick<TUser, 'id'>): Budget {
  return { key: `mailbox-test:user:${admin.id}`, limit: 10, windowMs: 10 * MINUTE };
}

/**
 * Spends one change of the admin's budget inside the write's transaction, after the checks that
 * refuse it: a refused change (404, 400, 409) spends nothing, as it rolls back with the rest.
 */
const takeWrite = (tx: Db, actor: MailboxActor) =>
  enforceRateLimit(tx, [mailboxWriteBudget(actor.admin)], MAILBOX_MESSAGES.tooManyChanges);

const publicMailbox = ({ secretCiphertext: _secret, ...mailbox }: MailboxRow): TMailbox => mailbox;

function conflictOf(error: unknown) {
  switch (uniqueViolation(error)) {
    case 'mailboxes_name_key':
      return conflict(MAILBOX_MESSAGES.nameExists, { name: MAILBOX_MESSAGES.nameExists });
    case 'mailboxes_address_key':
      return conflict(MAILBOX_MESSAGES.addressExists, { address: MAILBOX_MESSAGES.addressExists });
    default:
      return null;
  }
}

/** A transaction whose unique-index failures answer as 409s with the field. */
const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
  (sql.begin((tx) => work(tx)) as Promise<T>).catch((error: unknown) => {
    throw conflictOf(error) ?? error;
  });

/** Opens a stored secret; a missing or changed key is a 409 in words, never a 500. */
export function readMailboxSecret(key: Buffer | null, sealed: string): MailboxSecret {
  try {
    return JSON.parse(openSecret(key, sealed)) as MailboxSecret;
  } catch (error) {
    if (error instanceof SecretBoxError) throw conflict(error.message);
    throw error;
  }
}

function seal(key: Buffer | null, secret: MailboxSecret): string {
  try {
    return sealSecret(key, JSON.stringify(secret));
  } catch (error) {
    if (error instanceof SecretBoxError) throw conflict(error.message);
    throw error;
  }
}

/**
 * The secret a write leaves stored: a new one from the input, the stored one (merged for OAuth2,
 * where one of the two may change alone), or a field error naming what is missing. A pipe mailbox
 * keeps none.
 */
function resolveSecret(
  settings: Pick<TMailboxSettings, 'kind' | 'authMethod'>,
  input: SecretInput,
  stored: { authMethod: string; sealed: string | null } | null,
  key: Buffer | null,
): { sealed: string | null; isChanged: boolean } {
  if (settings.kind === 'pipe') return { sealed: null, isChanged: stored?.sealed != null };
  const previous = stored?.sealed && stored.authMethod === settings.authMethod ? stored.sealed : null;
  if (settings.authMethod === 'password') {
    if (input.password !== undefined)
      return { sealed: seal(key, { password: input.password }), isChanged: true };
    if (previous) return { sealed: previous, isChanged: false };
    throw badRequest(SERVER_MESSAGES.validation, { password: MAILBOX_MESSAGES.passwordRequired });
  }
  if (input.oauthClientSecret === undefined && input.oauthRefreshToken === undefined && previous) {
    return { sealed: previous, isChanged: false };
  }
  const old = previous ? readMailboxSecret(key, previous) : null;
  const clientSecret =
    input.oauthClientSecret ?? (old && 'clientSecret' in old ? old.clientSecret : undefined);
  const refreshToken =
    input.oauthRefreshToken ?? (old && 'refreshToken' in old ? old.refreshToken : undefined);
  const missing: Record<string, string> = {};
  if (!clientSecret) missing.oauthClientSecret = MAILBOX_MESSAGES.clientSecretRequired;
  if (!refreshToken) missing.oauthRefreshToken = MAILBOX_MESSAGES.refreshTokenRequired;
  if (!clientSecret || !refreshToken) throw badRequest(SERVER_MESSAGES.validation, missing);
  return { sealed: seal(key, { clientSecret, refreshToken }), isChanged: true };
}

function fieldsFrom(settings: TMailboxSettings, sealed: string | null): MailboxFields {
  const { password: _p, oauthClientSecret: _s, oauthRefreshToken: _r, ...rest } = settings;
  // A pipe mailbox has no server: nothing of an earlier IMAP setup lingers in the row.
  const imap =
    rest.kind === 'pipe'
      ? { host: null, port: null, security: null, username: null, oauthTokenUrl: null, oauthClientId: null }
      : {};
  const oauth = rest.authMethod === 'password' ? { oauthTokenUrl: null, oauthClientId: null } : {};
  return {
    ...rest,
    ...oauth,
    ...imap,
    moveToFolder: rest.afterProcessing === 'move' ? rest.moveToFolder : null,
    allowedDomains: [...new Set(rest.allowedDomains)],
    secretCiphertext: sealed,
  };
}

async function requireTeam(tx: Db, teamId: string | null) {
  if (teamId !== null && !(await lockTeamIfExists(tx, teamId))) {
    throw badRequest(MAILBOX_MESSAGES.teamNotFound, { teamId: MAILBOX_MESSAGES.teamNotFound });
  }
}

const AUDITED_FIELDS = [
  'name',
  'address',
  'kind',
  'host',
  'port',
  'security',
  'username',
  'authMethod',
  'oauthTokenUrl',
  'oauthClientId',
  'folder',
  'afterProcessing',
  'moveToFolder',
  'plusAddressing',
  'teamId',
  'priority',
  'category',
  'unknownSenders',
  'allowedDomains',
  'isActive',
] as const;

/** Every mailbox by name, with its fetch state; secrets only as hasSecret. */
export async function listMailboxes(): Promise<TMailbox[]> {
  return (await selectMailboxes(sql)).map(publicMailbox);
}

/** Creates a mailbox with its secret sealed, and a 'mailbox.created' audit row; rate-limited per admin. */
export async function createMailbox(
  actor: MailboxActor,
  input: z.output<typeof ZCreateMailboxRequest>,
): Promise<TMailbox> {
  const { sealed } = resolveSecret(input, input, null, actor.secretKey);
  return inTransaction(async (tx) => {
    await requireTeam(tx, input.teamId);
    await takeWrite(tx, actor);
    const id = await insertMailbox(tx, fieldsFrom(input, sealed), actor.admin.id);
    await insertAdminActionEntry(tx, actor, 'mailbox.created', {
      mailboxId: id,
      name: input.name,
      address: input.address,
    });
    const row = await selectMailboxById(tx, id);
    if (!row) throw new Error('a mailbox just created is missing');
    return publicMailbox(row);
  });
}

/**
 * Changes a mailbox: the stored settings with the given fields over them must pass the create
 * rules; a secret left out stays. A new server, user or folder starts fetching over. Audited with
 * the changed fields (a secret only as 'set').
 */
export async function changeMailbox(
  actor: MailboxActor,
  id: string,
  patch: z.output<typeof ZUpdateMailboxRequest>,
): Promise<TMailbox> {
  return inTransaction(async (tx) => {
    const current = await selectMailboxById(tx, id, true);
    if (!current) throw notFound(MAILBOX_MESSAGES.notFound);
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const parsed = ZCreateMailboxRequest.safeParse({ ...pickSettings(current), ...defined });
    if (!parsed.success) throw badRequest(SERVER_MESSAGES.validation, fieldsOf(parsed.error.issues));
    const next = parsed.data;
    const secret = resolveSecret(
      next,
      patch,
      { authMethod: current.authMethod, sealed: current.secretCiphertext },
      actor.secretKey,
    );
    await requireTeam(tx, next.teamId);
    await takeWrite(tx, actor);
    const fields = fieldsFrom(next, secret.sealed);
    const changes: Record<string, { from: postgres.JSONValue; to: postgres.JSONValue }> = {};
    for (const field of AUDITED_FIELDS) {
      if (JSON.stringify(current[field]) !== JSON.stringify(fields[field])) {
        changes[field] = { from: current[field], to: fields[field] };
      }
    }
    const isNewPlace = ['kind', 'host', 'port', 'username', 'folder'].some((field) => field in changes);
    await updateMailbox(tx, id, fields, isNewPlace);
    await insertAdminActionEntry(tx, actor, 'mailbox.updated', {
      mailboxId: id,
      name: fields.name,
      changes,
      ...(secret.isChanged ? { secret: 'set' } : {}),
    });
    const row = await selectMailboxById(tx, id);
    if (!row) throw new Error('a mailbox just changed is missing');
    return publicMailbox(row);
  });
}

/** The stored settings in the create request's shape (no secrets), for a PATCH to go over. */
function pickSettings(row: MailboxRow) {
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, row[field]]));
}

/** Deletes a mailbox and every message taken in from it; audited. */
export async function removeMailbox(actor: MailboxActor, id: string): Promise<void> {
  await inTransaction(async (tx) => {
    const current = await selectMailboxById(tx, id, true);
    if (!current) throw notFound(MAILBOX_MESSAGES.notFound);
    await takeWrite(tx, actor);
    await deleteMailbox(tx, id);
    await insertAdminActionEntry(tx, actor, 'mailbox.deleted', {
      mailboxId: id,
      name: current.name,
      address: current.address,
    });
  });
}

/** What imap-fetch needs from a mailbox's settings and its secret (an OAuth2 secret becomes an access token). */
export async function imapSettingsOf(
  mailbox: Pick<
    TMailbox,
    'host' | 'port' | 'security' | 'username' | 'folder' | 'oauthTokenUrl' | 'oauthClientId'
  >,
  secret: MailboxSecret,
  options: { signal?: AbortSignal; onNewRefreshToken?: (refreshToken: string) => Promise<void> } = {},
): Promise<ImapSettings> {
  const base = {
    host: mailbox.host ?? '',
    port: mailbox.port ?? 993,
    security: mailbox.security ?? 'tls',
    user: mailbox.username ?? '',
    folder: mailbox.folder,
  };
  if ('password' in secret) return { ...base, secret: { password: secret.password } };
  const { accessToken, newRefreshToken } = await getAccessToken(
    {
      tokenUrl: mailbox.oauthTokenUrl ?? '',
      clientId: mailbox.oauthClientId ?? '',
      clientSecret: secret.clientSecret,
      refreshToken: secret.refreshToken,
    },
    { signal: options.signal },
  );
  if (newRefreshToken && options.onNewRefreshToken) await options.onNewRefreshToken(newRefreshToken);
  return { ...base, secret: { accessToken } };
}

/**
 * Connects with unsaved settings and says what happened in words. A secret left out is taken from
 * the saved mailbox `mailboxId` (when it uses the same sign-in method). Rate-limited per admin.
 */
export async function testMailboxConnection(
  actor: MailboxActor,
  input: z.output<typeof ZMailboxTestRequest>,
): Promise<TMailboxTestResponse> {
  let stored: { authMethod: string; sealed: string | null } | null = null;
  if (input.mailboxId !== undefined) {
    const saved = await selectMailboxById(sql, input.mailboxId);
    if (!saved) throw notFound(MAILBOX_MESSAGES.notFound);
    stored = { authMethod: saved.authMethod, sealed: saved.secretCiphertext };
  }
  const secret = testSecret(input, stored, actor.secretKey);
  await enforceRateLimit(sql, [mailboxTestBudget(actor.admin)], MAILBOX_MESSAGES.tooManyTests);
  let settings: ImapSettings;
  try {
    settings = await imapSettingsOf(input, secret);
  } catch (error) {
    if (error instanceof OAuthError) return { ok: false, message: error.message };
    throw error;
  }
  // The IMAP client loads with the first test: an API beside a worker process of its own fetches no
  // mail, and imapflow with its dependencies is about 17 MB of resident memory.
  const { testImapConnection } = await import('../mail-in/imap-fetch.ts');
  const result = await testImapConnection(settings);
  return result.ok
    ? {
        ok: true,
        message: fillServerText(MAIL_IN_MESSAGES.connected, { host: settings.host, folder: settings.folder }),
      }
    : { ok: false, message: result.message };
}

function testSecret(
  input: SecretInput & { authMethod: 'password' | 'oauth2' },
  stored: { authMethod: string; sealed: string | null } | null,
  key: Buffer | null,
): MailboxSecret {
  const old =
    stored?.sealed && stored.authMethod === input.authMethod ? readMailboxSecret(key, stored.sealed) : null;
  if (input.authMethod === 'password') {
    const password = input.password ?? (old && 'password' in old ? old.password : undefined);
    if (!password)
      throw badRequest(SERVER_MESSAGES.validation, { password: MAILBOX_MESSAGES.passwordRequired });
    return { password };
  }
  const clientSecret =
    input.oauthClientSecret ?? (old && 'clientSecret' in old ? old.clientSecret : undefined);
  const refreshToken =
    input.oauthRefreshToken ?? (old && 'refreshToken' in old ? old.refreshToken : undefined);
  if (!clientSecret || !refreshToken) {
    throw badRequest(SERVER_MESSAGES.validation, {
      ...(clientSecret ? {} : { oauthClientSecret: MAILBOX_MESSAGES.clientSecretRequired }),
      ...(refreshToken ? {} : { oauthRefreshToken: MAILBOX_MESSAGES.refreshTokenRequired }),
    });
  }
  return { clientSecret, refreshToken };
}

/** Failed and held-back messages, newest first, a page at a time. */
export async function listFailedMessages(
  query: z.output<typeof ZInboundMessageQuery>,
): Promise<TInboundMessageList> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const rows = await selectFailedMessages(sql, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    messages: page.map(({ cursorAt: _cursorAt, ...message }) => message),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * An admin's Retry of a failed or held-back message: it is processed again from the start and the
 * flood limit lets it through; the mail-in workers are woken. 404 when there is no such message,
 * 409 when it has not failed. Audited.
 */
export async function retryInboundMessage(actor: MailboxActor, id: string): Promise<void> {
  await sql.begin(async (tx) => {
    const released = await releaseFailedMessage(tx, id, actor.admin.id);
    if (!released) {
      if (await inboundMessageExists(tx, id)) throw conflict(MAILBOX_MESSAGES.notFailed);
      throw notFound(MAILBOX_MESSAGES.messageNotFound);
    }
    await takeWrite(tx, actor);
    await insertAdminActionEntry(tx, actor, 'inbound_message.retried', {
      messageId: id,
      mailboxId: released.mailboxId,
      outcome: released.outcome,
    });
    await tx`select pg_notify(${INBOUND_CHANNEL}, '')`;
  });
}
