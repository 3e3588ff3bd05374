import { z } from 'zod';
import { LIMITS } from './limits.ts';

/**
 * The actions the administration writes to admin_audit_logs, with the label the audit tab shows.
 * Other features may add actions; an unknown action is shown as it is.
 * details per action: user.approved / user.rejected { username, from, to } · user.created
 * { username, role } · user.role_changed { username, from, to } · team.created { teamId, name } ·
 * team.updated { teamId, name, changes: { field: { from, to } } } · team.deleted { teamId, name,
 * memberCount } · team.members_added { teamId, teamName, userIds, usernames } (one row per call;
 * targetUserId is the user when exactly one was added, else null) · team.member_removed { teamId,
 * teamName, username } · settings.updated { changes: { field: { from, to } }, smtpPassword?:
 * 'set' | 'cleared' } (the password itself is never written) · email.retried { requeued, ids? } ·
 * email.test_sent { outboxId } · user.email_change_requested { username, from, to } ·
 * user.email_confirmed { username, email, previousEmail } · user.password_changed { username } ·
 * user.password_reset { username } (these four are the user's own: admin is the user themselves) ·
 * settings.test_mail_sent { recipient, server } · onboarding.dismissed { open: item keys still open } ·
 * business_calendar.created / .deleted { calendarId, name, timeZone } · business_calendar.updated
 * { calendarId, name, changes: { field: { from, to } } } · sla_policy.created { policyId, name, priority,
 * responseMinutes, resolutionMinutes, isActive, teamId, category, calendarId } · sla_policy.updated
 * { policyId, name, changes: { field: { from, to } } } (targets in minutes, as stored) ·
 * kb_category.created { categoryId, name, slug, icon, sortOrder } · kb_category.updated { categoryId, name,
 * changes: { field: { from, to } } } · kb_category.deleted { categoryId, name, slug } · kb_article.deleted
 * { articleId, title, slug, status, categoryId } (these four by agents as well as admins).
 * kb_article.revision_restored { articleId, title, restoredFrom, revision } (agents too).
 * mailbox.created / .deleted { mailboxId, name, address } · mailbox.updated { mailboxId, name, changes:
 * { field: { from, to } }, secret?: 'set' | 'kept' } (a secret itself is never written) ·
 * inbound_message.retried { messageId, mailboxId, outcome } · user.sessions_ended { username, ended } ·
 * user.two_factor_enabled / .two_factor_disabled / .recovery_codes_regenerated { username } (the user's own) ·
 * user.two_factor_cleared { username } (by an admin).
 * webhook.created { webhookId, name, url, events, allowPrivateNetwork } · webhook.updated { webhookId, name,
 * fields, allowPrivateNetwork? (when sent) } · webhook.secret_rotated { webhookId, name } · webhook.deleted
 * { webhookId, name, url } (a secret itself is never written).
 * trigger.created / .deleted { triggerId, name } · trigger.updated { triggerId, name, changes: { field: { from,
 * to } } } · trigger.moved { triggerId, name, from, to } (positions).
 * api_token.revoked { tokenId, name, prefix } (an admin revoking anyone's token; targetUserId is its owner).
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'user.approved': 'User approved',
  'user.rejected': 'User rejected',
  'user.created': 'User created',
  'user.role_changed': 'Role changed',
  'team.created': 'Team created',
  'team.updated': 'Team updated',
  'team.deleted': 'Team deleted',
  'team.members_added': 'Team members added',
  'team.member_removed': 'Team member removed',
  'settings.updated': 'Settings updated',
  'email.retried': 'Emails retried',
  'email.test_sent': 'Test email sent',
  'user.email_change_requested': 'Email change requested',
  'user.email_confirmed': 'Email confirmed',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'user.updated': 'User details changed',
  'user.invited': 'User invited',
  'user.invitation_resent': 'Invitation resent',
  'user.password_reset_sent': 'Password reset link sent',
  'user.password_set': 'Password set from invitation',
  'settings.test_mail_sent': 'Test mail sent',
  'onboarding.dismissed': 'Checklist dismissed',
  'business_calendar.created': 'Business calendar created',
  'business_calendar.updated': 'Business calendar updated',
  'business_calendar.deleted': 'Business calendar deleted',
  'sla_policy.created': 'SLA policy created',
  'sla_policy.updated': 'SLA policy updated',
  'kb_category.created': 'Knowledge base category created',
  'kb_category.updated': 'Knowledge base category updated',
  'kb_category.deleted': 'Knowledge base category deleted',
  'kb_article.deleted': 'Knowledge base article deleted',
  'kb_article.revision_restored': 'Article revision restored',
  'mailbox.created': 'Mailbox created',
  'mailbox.updated': 'Mailbox updated',
  'mailbox.deleted': 'Mailbox deleted',
  'inbound_message.retried': 'Incoming message retried',
  'user.sessions_ended': 'Sessions ended',
  'sso_provider.created': 'Sign-in provider added',
  'sso_provider.updated': 'Sign-in provider changed',
  'sso_provider.deleted': 'Sign-in provider removed',
  'user.sso_linked': 'Sign-in provider linked',
  'user.sso_unlinked': 'Sign-in provider unlinked',
  'user.two_factor_enabled': 'Two-factor turned on',
  'user.two_factor_disabled': 'Two-factor turned off',
  'user.recovery_codes_regenerated': 'Recovery codes replaced',
  'user.two_factor_cleared': 'Two-factor cleared',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.deleted': 'Webhook removed',
  'trigger.created': 'Trigger created',
  'trigger.updated': 'Trigger updated',
  'trigger.moved': 'Trigger moved',
  'trigger.deleted': 'Trigger deleted',
  'api_token.revoked': 'API token revoked',
};
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS);

export const AUDIT_LOG_LIMITS = { limitDefault: 50, limitMax: 100 } as const;

/** A date (YYYY-MM-DD, a whole day in the desk's timezone) or an ISO date-time with an offset. */
const ZAuditDateBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date (YYYY-MM-DD) or an ISO date-time',
});

/**
 * GET /api/admin/audit-logs: newest first, keyset-paginated (pass nextCursor back as cursor).
 * Filters combine; `from` and `to` are inclusive (a date means the whole day, in the desk's timezone).
 */
export const ZAuditLogQuery = z.strictObject({
  action: z.string().trim().min(1).max(LIMITS.auditActionMax).optional(),
  adminUserId: z.uuid({ error: 'Invalid user ID format' }).optional(),
  targetUserId: z.uuid({ error: 'Invalid user ID format' }).optional(),
  from: ZAuditDateBound.optional(),
  to: ZAuditDateBound.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIT_LOG_LIMITS.limitMax)
    .optional()
    .default(AUDIT_LOG_LIMITS.limitDefault),
  cursor: z.string().max(200).optional(),
});
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

const ZAuditUser = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** One audit row: who (admin), what (action, details), whom (target), when, from where. */
export const ZAuditLogEntry = z.object({
  id: z.uuid(),
  action: z.string(),
  admin: ZAuditUser,
  /** null when the action had no single target user, or the user was deleted. */
  target: ZAuditUser.nullable(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;

export const ZAuditLogListResponse = z.object({
  entries: z.array(ZAuditLogEntry),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TAuditLogListResponse = z.infer<typeof ZAuditLogListResponse>;

export const AUDIT_LOG_MESSAGES = {
  invalidCursor: 'Invalid cursor',
  fromAfterTo: "'From' must not be after 'to'",
  loadError: 'Failed to load the audit log. Please try again.',
  empty: 'No audit entries found.',
} as const;
