import { describe, expect, test } from 'bun:test';
import {
  attemptsText,
  emailKindLabel,
  retriedToast,
  smtpStatusText,
  testQueuedToast,
} from './email-delivery.ts';

describe('the Email delivery card texts', () => {
  test('the status line says whether and through what mail leaves', () => {
    expect(smtpStatusText({ isConfigured: false, source: null, server: null })).toEqual({
      label: 'Not configured',
      detail: 'No SMTP server is set: emails wait in the outbox and are sent once you add one above.',
    });
    expect(smtpStatusText({ isConfigured: true, source: 'settings', server: 'smtp.acme.test:587' })).toEqual({
      label: 'Configured',
      detail: 'Sending through smtp.acme.test:587 (from the SMTP settings above).',
    });
    expect(
      smtpStatusText({ isConfigured: true, source: 'environment', server: '127.0.0.1:2525' }).detail,
    ).toBe("Sending through 127.0.0.1:2525 (from the server's SMTP_HOST environment).");
  });

  test('kinds, attempts and toasts read as sentences', () => {
    expect(emailKindLabel('ticket_reply')).toBe('Ticket reply');
    expect(emailKindLabel('from_a_newer_server')).toBe('from_a_newer_server');
    expect(attemptsText(0)).toBe('Not tried yet');
    expect(attemptsText(1)).toBe('1 attempt');
    expect(attemptsText(8)).toBe('8 attempts');
    expect(retriedToast({ requeued: 0 }).title).toBe('Nothing to retry');
    expect(retriedToast({ requeued: 1 }).description).toBe('1 failed email will be sent again.');
    expect(retriedToast({ requeued: 3 }).description).toBe('3 failed emails will be sent again.');
    const queued = { id: '2b0c7c36-1d44-4c4e-8c55-0b7e8f0f7a10', recipient: 'admin@acme.test' };
    expect(testQueuedToast(queued, true).description).toBe('A test email is on its way to admin@acme.test.');
    expect(testQueuedToast(queued, false).description).toContain('sent once an SMTP server is configured');
  });
});
