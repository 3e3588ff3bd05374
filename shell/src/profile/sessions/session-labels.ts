import type { TSessionDevice, TSessionMethod } from '@helpdesk/contracts';
import type { TTranslate } from '@helpdesk/shared-ui/i18n';
import { sessionsEnglish, type TSessionsMessageId } from './messages.ts';

type TSessionsT = TTranslate<TSessionsMessageId>;

/** How a session began, as the list words it. */
export const SESSION_METHOD_LABEL_IDS = {
  password: 'sessions.methodPassword',
  sso: 'sessions.methodSso',
} as const satisfies Record<TSessionMethod, TSessionsMessageId>;

/**
 * A session's device in words: "Chrome on Windows", or whichever of the two names the server could
 * read, or "Unknown device". Browser and system names are product names, the same in every language.
 */
export function deviceLabel(device: TSessionDevice, t: TSessionsT = sessionsEnglish): string {
  if (device.browser && device.os) return t('sessions.deviceOn', { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? t('sessions.unknownDevice');
}
