import {
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  type TEmailKind,
  type TEmailOutboxStatus,
  type TEmailRetryResponse,
  type TEmailTestResponse,
} from '@helpdesk/contracts';
import type { TToastInput } from '@helpdesk/shared-ui';

/** The status line of the Email delivery card: whether mail can leave, and through what. */
export function smtpStatusText(smtp: TEmailOutboxStatus['smtp']): { label: string; detail: string } {
  if (!smtp.isConfigured || smtp.server === null) {
    return {
      label: 'Not configured',
      detail: 'No SMTP server is set: emails wait in the outbox and are sent once you add one above.',
    };
  }
  const where = smtp.source === 'settings' ? 'the SMTP settings above' : "the server's SMTP_HOST environment";
  return { label: 'Configured', detail: `Sending through ${smtp.server} (from ${where}).` };
}

const isEmailKind = (kind: string): kind is TEmailKind => (EMAIL_KINDS as readonly string[]).includes(kind);

/** A message kind as the list shows it; an unknown kind (a newer server) as it is. */
export function emailKindLabel(kind: string): string {
  return isEmailKind(kind) ? EMAIL_KIND_LABELS[kind] : kind;
}

/** The attempts column: a message that waits for SMTP has spent none. */
export function attemptsText(attempts: number): string {
  return attempts === 0 ? 'Not tried yet' : `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** What the Retry button did. */
export function retriedToast(result: TEmailRetryResponse): TToastInput {
  return result.requeued === 0
    ? { title: 'Nothing to retry', description: 'No failed emails were waiting.' }
    : {
        title: 'Emails requeued',
        description: `${result.requeued} failed ${result.requeued === 1 ? 'email' : 'emails'} will be sent again.`,
      };
}

/** What the Send test email button did. */
export function testQueuedToast(result: TEmailTestResponse, isConfigured: boolean): TToastInput {
  return {
    title: 'Test email queued',
    description: isConfigured
      ? `A test email is on its way to ${result.recipient}.`
      : `A test email to ${result.recipient} is waiting: it is sent once an SMTP server is configured.`,
  };
}
