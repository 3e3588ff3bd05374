/**
 * API paths of the administration, kept beside API_PATHS so both can grow at once.
 * Query keys start with one of these, like API_PATHS.
 */
export const ADMIN_API_PATHS = {
  /** GET / PUT: admins only. */
  adminSettings: '/api/admin/settings',
  /** GET: every signed-in user; what the UI needs to format dates. */
  displaySettings: '/api/settings/display',
  /** GET: agents and admins; whether the desk offers desktop notifications. */
  notificationSettings: '/api/settings/notifications',
  /** GET ?type&range: admins only. */
  adminReports: '/api/admin/reports',
  /** GET ?type&range: the same report as CSV (attachment). */
  adminReportsExport: '/api/admin/reports/export',
  /** GET: admins only, newest first, keyset-paginated. */
  adminAuditLogs: '/api/admin/audit-logs',
  /** GET: admins only; SMTP status, counts and the undelivered messages. */
  adminEmailOutbox: '/api/admin/email-outbox',
  /** POST: admins only; requeue failed messages (audited). */
  adminEmailOutboxRetry: '/api/admin/email-outbox/retry',
  /** POST: admins only; enqueue a test message to the admin (audited). */
  adminEmailOutboxTest: '/api/admin/email-outbox/test',
  /** POST: admins only; send a test mail through the mail server now (rate-limited, audited). */
  adminSettingsTestMail: '/api/admin/settings/test-mail',
  /** GET: admins only; the first-day checklist, each item computed from the desk's data. */
  adminOnboarding: '/api/admin/onboarding',
  /** POST: admins only; hide the checklist for the desk (audited). */
  adminOnboardingDismiss: '/api/admin/onboarding/dismiss',
} as const;
