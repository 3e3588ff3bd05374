import {
  SERVER_MESSAGES,
  type TUser,
  type TWebhook,
  type TWebhookCreate,
  type TWebhookDelivery,
  type TWebhookUpdate,
  type TWebhookWithSecret,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  ZWebhookCreate,
} from '@helpdesk/contracts';
import { insertAdminActionEntry } from '../audit/queries.ts';
import type { RequestMeta } from '../client-ip.ts';
import type { Db } from '../db/postgres.ts';
import { sql } from '../db.ts';
import { badRequest, conflict, fieldsOf, notFound } from '../errors.ts';
import type { Budget } from '../limits/limiter.ts';
import { enforceRateLimit } from '../limits/rate-limits.ts';
import { SecretBoxError, sealSecret } from '../mailboxes/secret-box.ts';
import type { PlanWebhook, WebhookData } from '../tickets/effects.ts';
import { resolveWebhookTarget, WebhookAddressError } from './address-guard.ts';
import { webhookStateCache } from './enabled-cache.ts';
import {
  countWebhooks,
  deleteWebhook,
  insertRedelivery,
  insertWebhook,
  insertWebhookDeliveries,
  selectDeliveries,
  selectDelivery,
  selectWebhook,
  selectWebhooks,
  updateWebhook,
  type WebhookRow,
} from './queries.ts';
import { WEBHOOK_SECRET_ASSOCIATED_DATA } from './secret.ts';
import { newWebhookSecret } from './signing.ts';

/** Who changes webhooks, from where, and the key secrets are sealed with (null: production without one). */
export type WebhookActor = { admin: TUser; meta: RequestMeta; secretKey: Buffer | null };

const MINUTE = 60_000;

/** Webhook changes, tests and redeliveries per admin: setting a few up takes a few dozen; a script gets nowhere. */
export function webhookAdminBudget(admin: Pick<TUser, 'id'>): Budget {
  return { key: `webhook-admin:user:${admin.id}`, limit: 60, windowMs: 10 * MINUTE };
}

const takeAdminBudget = (db: Db, actor: WebhookActor) =>
  enforceRateLimit(db, [webhookAdminBudget(actor.admin)], WEBHOOK_MESSAGES.tooManyChanges);

const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
  sql.begin((tx) => work(tx)) as Promise<T>;

/**
 * A change to the webhooks table: once it commits, this process's own writes stop trusting what it
 * knew of them before answering, without waiting for the table's notification (enabled-cache.ts);
 * the other processes hear the notification.
 */
async function changingWebhooks<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await inTransaction(work);
  webhookStateCache().clear();
  return result;
}

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

function publicWebhook(row: WebhookRow): TWebhook {
  const { secretCiphertext: _secret, ...rest } = row;
  return rest;
}

function seal(key: Buffer | null, secret: string): string {
  try {
    return sealSecret(key, secret, WEBHOOK_SECRET_ASSOCIATED_DATA);
  } catch (error) {
    if (error instanceof SecretBoxError) throw conflict(error.message);
    throw error;
  }
}

/** The SSRF guard at save time: a URL whose host resolves to a private address is a 400 on the url field. */
async function checkUrl(url: string, allowPrivateNetwork: boolean): Promise<void> {
  try {
    await resolveWebhookTarget(url, allowPrivateNetwork);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

/** Every webhook, by name, as admins see them (never the secret). */
export async function listWebhooks(): Promise<TWebhook[]> {
  return (await selectWebhooks(sql)).map(publicWebhook);
}

/** One webhook; 404 when there is none. */
export async function getWebhook(id: string): Promise<TWebhook> {
  const row = await selectWebhook(sql, id);
  if (!row) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
  return publicWebhook(row);
}

/** Adds a webhook with a new secret (answered this once); its URL checked; audited as 'webhook.created'; rate-limited per admin. */
export async function createWebhook(actor: WebhookActor, input: TWebhookCreate): Promise<TWebhookWithSecret> {
  await checkUrl(input.url, input.allowPrivateNetwork);
  const secret = newWebhookSecret();
  const secretCiphertext = seal(actor.secretKey, secret);
  const webhook = await changingWebhooks(async (tx) => {
    await takeAdminBudget(tx, actor);
    // One desk's webhooks: serialised so two adds at once cannot both pass the cap.
    await tx`lock table webhooks in share row exclusive mode`;
    if ((await countWebhooks(tx)) >= WEBHOOK_LIMITS.perDesk) throw badRequest(WEBHOOK_MESSAGES.tooMany);
    const id = await insertWebhook(
      tx,
      { ...input, events: distinct(input.events), secretCiphertext },
      actor.admin.id,
    );
    await insertAdminActionEntry(tx, actor, 'webhook.created', {
      webhookId: id,
      name: input.name,
      url: input.url,
      events: input.events,
      allowPrivateNetwork: input.allowPrivateNetwork,
    });
    const row = await selectWebhook(tx, id);
    if (!row) throw new Error('a webhook just created is missing');
    return publicWebhook(row);
  });
  return { webhook, secret };
}

/** Changes a webhook: the fields sent over the stored ones, the URL checked again; audited with the changed fields' names. */
export async function changeWebhook(
  actor: WebhookActor,
  id: string,
  patch: TWebhookUpdate,
): Promise<TWebhook> {
  const defined = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (defined.length === 0) throw badRequest(WEBHOOK_MESSAGES.nothingToChange);
  const current = await selectWebhook(sql, id);
  if (!current) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
  const parsed = ZWebhookCreate.safeParse({
    name: current.name,
    url: current.url,
    events: current.events,
    enabled: current.enabled,
    allowPrivateNetwork: current.allowPrivateNetwork,
    ...Object.fromEntries(defined),
  });
  if (!parsed.success) throw badRequest(SERVER_MESSAGES.validation, fieldsOf(parsed.error.issues));
  const next = parsed.data;
  await checkUrl(next.url, next.allowPrivateNetwork);
  return changingWebhooks(async (tx) => {
    const locked = await selectWebhook(tx, id, true);
    if (!locked) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
    await takeAdminBudget(tx, actor);
    await updateWebhook(tx, id, {
      ...next,
      events: distinct(next.events),
      secretCiphertext: locked.secretCiphertext,
    });
    await insertAdminActionEntry(tx, actor, 'webhook.updated', {
      webhookId: id,
      name: next.name,
      fields: defined.map(([name]) => name),
      ...(patch.allowPrivateNetwork !== undefined ? { allowPrivateNetwork: next.allowPrivateNetwork } : {}),
    });
    const row = await selectWebhook(tx, id);
    if (!row) throw new Error('a webhook just changed is missing');
    return publicWebhook(row);
  });
}

/** Gives a webhook a new secret (answered this once; the old one stops at once); audited as 'webhook.secret_rotated'. */
export async function rotateWebhookSecret(actor: WebhookActor, id: string): Promise<TWebhookWithSecret> {
  const secret = newWebhookSecret();
  const secretCiphertext = seal(actor.secretKey, secret);
  const webhook = await inTransaction(async (tx) => {
    const current = await selectWebhook(tx, id, true);
    if (!current) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
    await takeAdminBudget(tx, actor);
    await updateWebhook(tx, id, { ...current, secretCiphertext });
    await insertAdminActionEntry(tx, actor, 'webhook.secret_rotated', { webhookId: id, name: current.name });
    const row = await selectWebhook(tx, id);
    if (!row) throw new Error('a webhook just changed is missing');
    return publicWebhook(row);
  });
  return { webhook, secret };
}

/** Removes a webhook with its deliveries; audited as 'webhook.deleted'. */
export async function removeWebhook(actor: WebhookActor, id: string): Promise<void> {
  await changingWebhooks(async (tx) => {
    const current = await selectWebhook(tx, id, true);
    if (!current) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
    await takeAdminBudget(tx, actor);
    await deleteWebhook(tx, id);
    await insertAdminActionEntry(tx, actor, 'webhook.deleted', {
      webhookId: id,
      name: current.name,
      url: current.url,
    });
  });
}

/** A webhook's latest deliveries, newest first; 404 for an unknown webhook. */
export async function listDeliveries(id: string): Promise<TWebhookDelivery[]> {
  if (!(await selectWebhook(sql, id))) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
  return selectDeliveries(sql, id, WEBHOOK_LIMITS.deliveriesListed);
}

async function deliveryOf(db: Db, webhookId: string, deliveryId: string): Promise<TWebhookDelivery> {
  const delivery = await selectDelivery(db, webhookId, deliveryId);
  if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return delivery;
}

/** Queues a `ping` to one webhook (Send test); rate-limited per admin. Answers the new delivery. */
export async function sendTestDelivery(actor: WebhookActor, id: string): Promise<TWebhookDelivery> {
  return inTransaction(async (tx) => {
    const webhook = await selectWebhook(tx, id);
    if (!webhook) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
    await takeAdminBudget(tx, actor);
    const [deliveryId] = await insertWebhookDeliveries(tx, [{ event: 'ping', data: {}, onlyWebhookId: id }], {
      evenWhenOff: true,
    });
    if (!deliveryId) throw new Error('a test delivery was not queued');
    return deliveryOf(tx, id, deliveryId);
  });
}

/** Sends a delivery's body again as a new delivery (new id, new signature time); rate-limited per admin. */
export async function redeliver(
  actor: WebhookActor,
  id: string,
  deliveryId: string,
): Promise<TWebhookDelivery> {
  return inTransaction(async (tx) => {
    if (!(await selectWebhook(tx, id))) throw notFound(WEBHOOK_MESSAGES.webhookNotFound);
    await takeAdminBudget(tx, actor);
    const fresh = await insertRedelivery(tx, id, deliveryId);
    if (!fresh) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    return deliveryOf(tx, id, fresh);
  });
}

/** A new account as a `user.registered` payload names it: who, never a hash or token. */
export function webhookUser(user: TUser): NonNullable<WebhookData['user']> {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt,
  };
}

/**
 * Queues a webhook event of a write that is not a ticket's (a registration, an SLA warning) in the
 * caller's transaction: one delivery per enabled webhook subscribed to it, nothing when there is none.
 */
export async function enqueueWebhookEvent(
  tx: Db,
  event: PlanWebhook['event'],
  data: WebhookData,
): Promise<void> {
  await insertWebhookDeliveries(tx, [{ event, data }]);
}
