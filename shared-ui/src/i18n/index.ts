// The `@helpdesk/shared-ui/i18n` entry: a shared singleton of its own, so the i18n runtime (Lingui) loads
// with the first translated screen only.
// The language store lives in the main entry (one instance for every entry and app, readable without
// loading the message runtime); re-exported by package name so it is never bundled a second time here.
export {
  getLocale,
  isSupportedLocale,
  matchLocale,
  SOURCE_LOCALE,
  SUPPORTED_LOCALES,
  setLocale,
  type TLocale,
  useLocale,
} from '@helpdesk/shared-ui';
export * from './catalog.ts';
export * from './intl-format.ts';

// Side effect: hands shared-ui's main entry the translator of server messages and shared-ui's own texts.
import './install-translator.ts';
