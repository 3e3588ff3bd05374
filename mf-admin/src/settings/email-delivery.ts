import {
  EMAIL_KINDS,
  type TEmailKind,
  type TEmailOutboxStatus,
  type TEmailRetryResponse,
  type TEmailTestResponse,
} from '@helpdesk/contracts';
import type { TToastInput } from '@helpdesk/shared-ui';
import { settingsEnglish, type TSettingsT } from './messages.ts';

/** The status line of the Email delivery card: whether mail can leave, and through what. */
export function smtpStatusText(
  smtp: TEmailOutboxStatus['smtp'],
  t: TSettingsT = settingsEnglish,
): { label: string; detail: string } {
  if (!smtp.isConfigured || smtp.server === null) {
    return { label: t('emailDelivery.notConfigured'), detail: t('emailDelivery.notConfiguredDetail') };
  }
  const detail =
    smtp.source === 'settings'
      ? t('emailDelivery.fromSettings', { server: smtp.server })
      : t('emailDelivery.fromEnvironment', { server: smtp.server });
  return { label: t('emailDelivery.configured'), detail };
}

/** The ids of a message kind's label, as the list shows it. */
const EMAIL_KIND_LABEL_IDS = {
  registration_received: 'emailDelivery.kind.registration_received',
  account_approved: 'emailDelivery.kind.account_approved',
  account_rejected: 'emailDelivery.kind.account_rejected',
  password_reset: 'emailDelivery.kind.password_reset',
  ticket_confirmation: 'emailDelivery.kind.ticket_confirmation',
  ticket_reply: 'emailDelivery.kind.ticket_reply',
  ticket_resolved: 'emailDelivery.kind.ticket_resolved',
  test: 'emailDelivery.kind.test',
  email_verification: 'emailDelivery.kind.email_verification',
  email_changed: 'emailDelivery.kind.email_changed',
  account_invitation: 'emailDelivery.kind.account_invitation',
  mail_refused: 'emailDelivery.kind.mail_refused',
  mail_account_pending: 'emailDelivery.kind.mail_account_pending',
} as const satisfies Record<TEmailKind, string>;

const isEmailKind = (kind: string): kind is TEmailKind => (EMAIL_KINDS as readonly string[]).includes(kind);

/** A message kind as the list shows it; an unknown kind (a newer server) as it is. */
export function emailKindLabel(kind: string, t: TSettingsT = settingsEnglish): string {
  return isEmailKind(kind) ? t(EMAIL_KIND_LABEL_IDS[kind]) : kind;
}

/** The attempts column: a message that waits for SMTP has spent none. */
export function attemptsText(attempts: number, t: TSettingsT = settingsEnglish): string {
  return attempts === 0 ? t('emailDelivery.notTried') : t('emailDelivery.attempts', { count: attempts });
}

/** What the Retry button did. */
export function retriedToast(result: TEmailRetryResponse, t: TSettingsT = settingsEnglish): TToastInput {
  return result.requeued === 0
    ? { title: t('emailDelivery.nothingToRetry'), description: t('emailDelivery.nothingToRetryText') }
    : {
        title: t('emailDelivery.requeued'),
        description: t('emailDelivery.requeuedText', { count: result.requeued }),
      };
}

/** What the Send test email button did. */
export function testQueuedToast(
  result: TEmailTestResponse,
  isConfigured: boolean,
  t: TSettingsT = settingsEnglish,
): TToastInput {
  return {
    title: t('emailDelivery.testQueued'),
    description: isConfigured
      ? t('emailDelivery.testOnItsWay', { recipient: result.recipient })
      : t('emailDelivery.testWaiting', { recipient: result.recipient }),
  };
}
