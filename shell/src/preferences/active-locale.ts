import { isSupportedLocale, matchLocale, type TLocale } from '@helpdesk/shared-ui/i18n';

/** The browser's preferred language among the desk's: what public pages speak, and after sign-out. */
export function browserLocale(): TLocale {
  return typeof navigator === 'undefined' ? matchLocale([]) : matchLocale(navigator.languages ?? []);
}

/**
 * The language a signed-in person sees (docs/product.md#languages): their own choice, else the desk's
 * default from the admin settings, else the browser's.
 */
export function activeLocale(own: string | null, desk: string | null, browser: TLocale): TLocale {
  if (isSupportedLocale(own)) return own;
  if (isSupportedLocale(desk)) return desk;
  return browser;
}
