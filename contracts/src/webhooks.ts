import { z } from 'zod';
import { waitInWords } from './constants/wait-in-words.ts';
import { invisibleCharactersMessage, VISIBLE_LINE } from './text.ts';

/**
 * Webhooks: URLs an admin subscribes to the desk's events, each delivery a signed POST
 * (docs/product.md#webhooks, docs/security.md#webhooks). A webhook's secret is shown once, when it is
 * made or rotated; answers otherwise never carry it.
 */

/** The paths of webhooks; kept out of ADMIN_API_PATHS, which the shell loads whole on start-up. */
export const WEBHOOK_PATHS = {
  /** GET / POST, admins only. */
  list: '/api/admin/webhooks',
  /** GET / PATCH / DELETE, admins only. */
  one: '/api/admin/webhooks/:id',
  /** POST, admins only: a new secret, shown once. */
  rotateSecret: '/api/admin/webhooks/:id/rotate-secret',
  /** POST, admins only: queue a `ping` delivery. */
  test: '/api/admin/webhooks/:id/test',
  /** GET, admins only: the webhook's latest deliveries. */
  deliveries: '/api/admin/webhooks/:id/deliveries',
  /** POST, admins only: send a delivery's body again as a new delivery. */
  redeliver: '/api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
} as const;

/** A webhook's path with its id (and a delivery's) filled in. */
export const webhookPath = (
  path: (typeof WEBHOOK_PATHS)[keyof typeof WEBHOOK_PATHS],
  id: string,
  deliveryId = '',
): string =>
  path.replace(':id', encodeURIComponent(id)).replace(':deliveryId', encodeURIComponent(deliveryId));

/** The events an admin subscribes a webhook to. */
export const WEBHOOK_EVENTS = [
  'ticket.created',
  'ticket.updated',
  'ticket.commented',
  'ticket.assigned',
  'sla.warning',
  'sla.breached',
  'user.registered',
] as const;
export type TWebhookSubscribableEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Every event a delivery may carry: the subscribable ones, `trigger.fired` (sent only by a trigger's
 * "call a webhook" action, to that one webhook, whatever it subscribes to) and `ping` (Send test).
 */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'trigger.fired', 'ping'] as const;
export type TWebhookEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

/** The receiver refuses a signature time further than this from its clock (docs/product.md#webhooks). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The headers of a delivery. */
export const WEBHOOK_HEADERS = {
  event: 'X-Helpdesk-Event',
  delivery: 'X-Helpdesk-Delivery',
  signature: 'X-Helpdesk-Signature',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  nameMax: 100,
  urlMax: 2000,
  perDesk: 50,
  deliveriesListed: 50,
  /** How much of a receiver's answer a delivery keeps. */
  responseBodyMax: 2048,
  /** Deliveries older than this are pruned by the cleanup task. */
  keepDays: 30,
} as const;

/** A person in a payload: name and address only. */
export type TWebhookPerson = { name: string; email: string };

/** A ticket in a payload. Never its description's hidden parts, internal notes, hashes or secrets. */
export type TWebhookTicket = {
  id: string;
  number: string;
  title: string;
  status: string;
  priority: string;
  category: string;
  team: { id: string; name: string | null } | null;
  requester: TWebhookPerson | null;
  assignee: TWebhookPerson | null;
  createdAt: string;
  updatedAt: string;
  /** The ticket's page on the desk; null when the writer had no link to give. */
  url: string | null;
};

/** A public comment in a payload (internal notes are never sent). */
export type TWebhookComment = { id: string; content: string; authorName: string | null };

/** A field change of `ticket.updated`. */
export type TWebhookChange = { from: string | null; to: string | null };

/** What an event's `data` holds; each event fills the parts that concern it. */
export type TWebhookData = {
  ticket?: TWebhookTicket;
  comment?: TWebhookComment;
  changes?: Partial<Record<'status' | 'priority' | 'category' | 'assignee' | 'team', TWebhookChange>>;
  sla?: { target: 'first_response' | 'resolution'; dueAt: string | null };
  user?: { id: string; name: string; email: string; role: string; status: string; createdAt: string };
  trigger?: { id: string; name: string };
};

/** A delivery's body: `id` is the delivery's (also in X-Helpdesk-Delivery). */
export type TWebhookPayload = { id: string; event: TWebhookEvent; occurredAt: string; data: TWebhookData };

export const WEBHOOK_MESSAGES = {
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  invalidId: 'Invalid ID format',
  url: 'URL must be an http:// or https:// address',
  urlCredentials: 'URL must not contain a user name or password',
  urlTooLong: `URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`,
  urlUnresolvable: 'The URL’s host name could not be resolved',
  urlPrivate:
    'The URL points at a private or local network address; allow private network addresses to use it',
  events: 'Choose at least one event',
  event: 'Unknown event',
  enabled: 'Enabled must be true or false',
  allowPrivateNetwork: 'Allow private network must be true or false',
  tooMany: `A desk can have at most ${WEBHOOK_LIMITS.perDesk} webhooks`,
  nothingToChange: 'Nothing to change',
  name: 'Name must be text',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${WEBHOOK_LIMITS.nameMax} characters`,
  secretUnreadable: 'The stored secret cannot be read with the current key; rotate the secret.',
  tooManyChanges: (waitSeconds: number) =>
    `You have changed webhooks too many times in a short time. Please try again in ${waitInWords(waitSeconds)}.`,
} as const;

const urlField = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .max(WEBHOOK_LIMITS.urlMax, WEBHOOK_MESSAGES.urlTooLong)
  .superRefine((value, context) => {
    const problem = webhookUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** Why a URL cannot be a webhook's by its form alone (the addresses it resolves to are checked by the server); null when it can. */
export function webhookUrlProblem(value: string): string | null {
  if (value.length > WEBHOOK_LIMITS.urlMax) return WEBHOOK_MESSAGES.urlTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return WEBHOOK_MESSAGES.url;
  if (url.username !== '' || url.password !== '') return WEBHOOK_MESSAGES.urlCredentials;
  if (url.hostname === '') return WEBHOOK_MESSAGES.url;
  return null;
}

const fields = {
  name: z
    .string({ error: WEBHOOK_MESSAGES.name })
    .trim()
    .min(1, WEBHOOK_MESSAGES.nameRequired)
    .max(WEBHOOK_LIMITS.nameMax, WEBHOOK_MESSAGES.nameTooLong)
    .regex(VISIBLE_LINE, invisibleCharactersMessage('Name')),
  url: urlField,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event }), { error: WEBHOOK_MESSAGES.events })
    .min(1, WEBHOOK_MESSAGES.events)
    .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.events),
  enabled: z.boolean({ error: WEBHOOK_MESSAGES.enabled }),
  allowPrivateNetwork: z.boolean({ error: WEBHOOK_MESSAGES.allowPrivateNetwork }),
};

/** POST /api/admin/webhooks. */
export const ZWebhookCreate = z.strictObject({
  ...fields,
  enabled: fields.enabled.default(true),
  allowPrivateNetwork: fields.allowPrivateNetwork.default(false),
});
export type TWebhookCreate = z.infer<typeof ZWebhookCreate>;

/** PATCH /api/admin/webhooks/:id: only the fields sent change. */
export const ZWebhookUpdate = z.strictObject(fields).partial();
export type TWebhookUpdate = z.infer<typeof ZWebhookUpdate>;

export const ZWebhookParams = z.strictObject({ id: z.uuid({ error: WEBHOOK_MESSAGES.invalidId }) });
export const ZWebhookDeliveryParams = z.strictObject({
  id: z.uuid({ error: WEBHOOK_MESSAGES.invalidId }),
  deliveryId: z.uuid({ error: WEBHOOK_MESSAGES.invalidId }),
});

/** One webhook as admins see it (never its secret). */
export const ZWebhook = z.object({
  id: z.uuid(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  allowPrivateNetwork: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookList = z.object({ webhooks: z.array(ZWebhook) });
export type TWebhookList = z.infer<typeof ZWebhookList>;
export const ZWebhookResponse = z.object({ webhook: ZWebhook });
/** On create and on Rotate secret: the secret, this once. */
export const ZWebhookWithSecret = z.object({ webhook: ZWebhook, secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

/** One delivery: the exact body sent and what the receiver answered. */
export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  body: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;
export const ZWebhookDeliveryResponse = z.object({ delivery: ZWebhookDelivery });
