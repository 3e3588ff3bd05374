import type { EmailData } from './templates.ts';

/** One filled-in message of every kind, for the template tests (English and the other languages). */
export const SAMPLES: { [K in keyof EmailData]: EmailData[K] } = {
  registration_received: { firstName: 'Ada' },
  account_approved: { firstName: 'Ada', username: 'ada', signInUrl: 'https://help.acme.test/login' },
  account_rejected: { firstName: 'Ada' },
  password_reset: {
    firstName: 'Ada',
    resetUrl: 'https://help.acme.test/admin/reset-password?token=abc_DEF-123',
    expiresInMinutes: 30,
    isAdminAccount: true,
  },
  ticket_confirmation: {
    firstName: 'Ada',
    ticketNumber: 'TKT-000042',
    title: 'Printer jam',
    ticketUrl: 'https://help.acme.test/tickets/1',
  },
  ticket_reply: {
    firstName: 'Ada',
    ticketNumber: 'TKT-000042',
    title: 'Printer jam',
    authorName: 'Grace Hopper',
    content: 'Try turning it off and on.\nThen tell us.',
    ticketUrl: 'https://help.acme.test/tickets/1',
  },
  ticket_resolved: {
    firstName: 'Ada',
    ticketNumber: 'TKT-000042',
    title: 'Printer jam',
    ticketUrl: 'https://help.acme.test/tickets/1',
  },
  test: { firstName: 'Ada', settingsUrl: 'https://help.acme.test/admin/settings' },
  account_invitation: {
    firstName: 'Ada',
    setPasswordUrl: 'https://help.acme.test/set-password?token=abc_DEF-123',
    expiresInDays: 7,
  },
  email_verification: {
    firstName: 'Ada',
    confirmUrl: 'https://help.acme.test/verify-email?token=abc_DEF-123',
    expiresInHours: 24,
  },
  email_changed: { firstName: 'Ada', profileUrl: 'https://help.acme.test/profile' },
  mail_refused: { firstName: 'Ada', registerUrl: 'https://help.acme.test/register' },
  mail_account_pending: { firstName: 'Ada' },
};
