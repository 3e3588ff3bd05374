import type { TWebhookDeliveryStatus, TWebhookEvent } from '@helpdesk/contracts';
import type { TWebhooksT } from './messages.ts';

/** Each event's label id; the event name itself is shown beside it, as receivers see it. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<TWebhookEvent, Parameters<TWebhooksT>[0]>> = {
  'ticket.created': 'webhookEvent.ticketCreated',
  'ticket.updated': 'webhookEvent.ticketUpdated',
  'ticket.commented': 'webhookEvent.ticketCommented',
  'ticket.assigned': 'webhookEvent.ticketAssigned',
  'sla.warning': 'webhookEvent.slaWarning',
  'sla.breached': 'webhookEvent.slaBreached',
  'user.registered': 'webhookEvent.userRegistered',
  'trigger.fired': 'webhookEvent.triggerFired',
  ping: 'webhookEvent.ping',
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<TWebhookDeliveryStatus, Parameters<TWebhooksT>[0]>> = {
  pending: 'webhookDeliveries.statusPending',
  succeeded: 'webhookDeliveries.statusSucceeded',
  failed: 'webhookDeliveries.statusFailed',
};
