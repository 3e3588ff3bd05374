import { z } from 'zod';

/** Every message the desk sends, one kind per event that causes it (docs/product.md#email). */
export const EMAIL_KINDS = [
  'registration_received',
  'account_approved',
  'account_rejected',
  'password_reset',
  'ticket_confirmation',
  'ticket_reply',
  'ticket_resolved',
  'test',
  'email_verification',
  'email_changed',
  'account_invitation',
  'mail_refused',
  'mail_account_pending',
] as const;
export const ZEmailKind = z.enum(EMAIL_KINDS);
export type TEmailKind = z.infer<typeof ZEmailKind>;

export const EMAIL_KIND_LABELS: Record<TEmailKind, string> = {
  registration_received: 'Registration received',
  account_approved: 'Account approved',
  account_rejected: 'Account rejected',
  password_reset: 'Password reset',
  ticket_confirmation: 'Ticket confirmation',
  ticket_reply: 'Ticket reply',
  ticket_resolved: 'Ticket resolved',
  test: 'Test email',
  email_verification: 'Email confirmation',
  email_changed: 'Email change notice',
  account_invitation: 'Account invitation',
  mail_refused: 'Email not accepted',
  mail_account_pending: 'Email from an account awaiting approval',
};

/** pending: waiting (or being sent); sent: the SMTP server accepted it; failed: gave up, an admin may retry. */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export const ZEmailStatus = z.enum(EMAIL_STATUSES);
export type TEmailStatus = z.infer<typeof ZEmailStatus>;

export const EMAIL_OUTBOX_LIMITS = {
  /** How many undelivered messages the admin's list shows (newest first). */
  undeliveredListMax: 50,
  /** At most this many failed messages are requeued by one retry. */
  retryMax: 1000,
  retryIdsMax: 100,
} as const;

/** Where the SMTP server comes from: the saved settings win over the API's environment. */
export const ZSmtpSource = z.enum(['settings', 'environment']);
export type TSmtpSource = z.infer<typeof ZSmtpSource>;

/** One message that has not been delivered yet (never its body). */
export const ZEmailOutboxItem = z.object({
  id: z.uuid(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type TEmailOutboxItem = z.infer<typeof ZEmailOutboxItem>;

/**
 * GET /api/admin/email-outbox (admins): whether mail can leave, how much is waiting, and the most
 * recent undelivered messages. sentLast24Hours counts a window, not the whole history.
 */
export const ZEmailOutboxStatus = z.object({
  smtp: z.object({
    isConfigured: z.boolean(),
    source: ZSmtpSource.nullable(),
    /** host:port of the server in use, or null when none is configured. */
    server: z.string().nullable(),
  }),
  counts: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    sentLast24Hours: z.number().int(),
  }),
  undelivered: z.array(ZEmailOutboxItem),
});
export type TEmailOutboxStatus = z.infer<typeof ZEmailOutboxStatus>;

/**
 * POST /api/admin/email-outbox/retry: requeues failed messages (these ids, or every failed one up to
 * EMAIL_OUTBOX_LIMITS.retryMax when ids is absent) as new, with their attempts reset. Audited.
 */
export const ZEmailRetryRequest = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'Invalid message ID format' }))
    .min(1, 'Name at least one message, or leave ids out to retry every failed one')
    .max(EMAIL_OUTBOX_LIMITS.retryIdsMax, `At most ${EMAIL_OUTBOX_LIMITS.retryIdsMax} messages at once`)
    .optional(),
});
export type TEmailRetryRequest = z.infer<typeof ZEmailRetryRequest>;
export const ZEmailRetryResponse = z.object({ requeued: z.number().int() });
export type TEmailRetryResponse = z.infer<typeof ZEmailRetryResponse>;

/** POST /api/admin/email-outbox/test: an empty object; the test message goes to the admin's own address. */
export const ZEmailTestRequest = z.strictObject({});
export const ZEmailTestResponse = z.object({ id: z.uuid(), recipient: z.string() });
export type TEmailTestResponse = z.infer<typeof ZEmailTestResponse>;

export const EMAIL_MESSAGES = {
  notConfigured: 'SMTP is not configured',
  testPending: 'A test email to you is already waiting to be sent',
  testNeedsConfirmedAddress:
    'Confirm your email address on your profile first: the desk mails confirmed addresses only',
  testQueued: 'Test email queued',
  retried: 'Emails requeued',
  retryError: 'Failed to retry emails',
  testError: 'Failed to send a test email',
  loadError: 'Failed to load the email outbox. Please try again.',
} as const;
