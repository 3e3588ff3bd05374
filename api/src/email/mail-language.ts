import type { TSettingsLanguage } from '@helpdesk/contracts';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import de from '../locales/de.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';

/** An id of the mail catalogue (api/src/locales/en.json). */
export type TMailMessageId = keyof typeof en;

/** Values a mail message interpolates; every one is untrusted text or a number. */
export type TMailValues = Record<string, string | number>;

// Compiled once at start-up, in every environment: Lingui compiles at run time only outside production.
function catalog(language: TSettingsLanguage, source: Record<string, string>): I18n {
  const messages: Messages = {};
  for (const [id, message] of Object.entries(source)) messages[id] = compileMessageOrThrow(message);
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

const CATALOGS: Record<TSettingsLanguage, I18n> = {
  en: catalog('en', en),
  es: catalog('es', es),
  fr: catalog('fr', fr),
  de: catalog('de', de),
};

// Lingui decodes \u and \x escape sequences in the whole result, values included; a name typed with
// one must come out as typed (shared-ui's translate does the same for screens).
const BACKSLASH_STAND_IN = '\uE000';

/** The mail text `id` in `language`, with `values` exactly as given. */
export function mailText(language: TSettingsLanguage, id: TMailMessageId, values: TMailValues = {}): string {
  const guarded: TMailValues = {};
  for (const [name, value] of Object.entries(values)) {
    guarded[name] = typeof value === 'string' ? value.replaceAll('\\', BACKSLASH_STAND_IN) : value;
  }
  return CATALOGS[language]._(id, guarded).replaceAll(BACKSLASH_STAND_IN, '\\');
}
