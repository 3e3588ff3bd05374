import { expect, test } from 'bun:test';
import {
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  EMAIL_MESSAGES,
  SETTINGS_LANGUAGE_LABELS,
  SETTINGS_MESSAGES,
  SETTINGS_TIMEZONE_LABELS,
  TEST_MAIL_MESSAGES,
} from '@helpdesk/contracts';
import { attemptsText, emailKindLabel, retriedToast, smtpStatusText } from './email-delivery.ts';
import { settingsEnglish, type TSettingsT } from './messages.ts';
import { smtpPasswordHint } from './settings-form.ts';

test('the catalogue’s English is word for word the texts these screens showed from the contracts', () => {
  const t = settingsEnglish;
  expect([t('settings.saved'), t('settings.savedDescription'), t('settings.saveError')]).toEqual([
    SETTINGS_MESSAGES.saved,
    SETTINGS_MESSAGES.savedDescription,
    SETTINGS_MESSAGES.saveError,
  ]);
  expect(t('settings.smtpPasswordSetHint')).toBe(SETTINGS_MESSAGES.smtpPasswordSetHint);
  expect(t('testMail.sent', { recipient: 'a@b.test' })).toBe(TEST_MAIL_MESSAGES.sent('a@b.test'));
  expect(t('testMail.error')).toBe(TEST_MAIL_MESSAGES.error);
  expect([t('emailDelivery.retryError'), t('emailDelivery.testError'), t('emailDelivery.loadError')]).toEqual(
    [EMAIL_MESSAGES.retryError, EMAIL_MESSAGES.testError, EMAIL_MESSAGES.loadError],
  );
  for (const kind of EMAIL_KINDS) expect(emailKindLabel(kind)).toBe(EMAIL_KIND_LABELS[kind]);
  expect(t('settings.timezone.PST')).toBe(SETTINGS_TIMEZONE_LABELS.PST);
  expect(t('settings.language.de')).toBe(SETTINGS_LANGUAGE_LABELS.de);
});

test('the helpers take their words from the catalogue they are given', () => {
  const spy: TSettingsT = (id, values) => (values ? `${id} ${JSON.stringify(values)}` : id);
  expect(smtpPasswordHint(false, false, spy)).toBe('settings.smtpPasswordNotSet');
  expect(attemptsText(3, spy)).toBe('emailDelivery.attempts {"count":3}');
  expect(retriedToast({ requeued: 2 }, spy).description).toBe('emailDelivery.requeuedText {"count":2}');
  expect(emailKindLabel('ticket_reply', spy)).toBe('emailDelivery.kind.ticket_reply');
  expect(smtpStatusText({ isConfigured: true, source: 'environment', server: 'x:25' }, spy).detail).toBe(
    'emailDelivery.fromEnvironment {"server":"x:25"}',
  );
});
