import type { TPersonPreferences, TUserResponse } from '@helpdesk/contracts';
import { CURRENT_USER_QUERY } from '@helpdesk/shared-ui';
import { setLocale, useLocale } from '@helpdesk/shared-ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activeLocale, browserLocale } from './active-locale.ts';

const preferencesOf = (answer: TUserResponse): TPersonPreferences | null =>
  'preferences' in answer ? (answer.preferences as TPersonPreferences) : null;

/** The signed-in person's own language and zone, from `me`'s answer (no request of its own). */
export function useOwnPreferences(isSignedIn: boolean): TPersonPreferences | null {
  const query = useQuery({ ...CURRENT_USER_QUERY, select: preferencesOf, enabled: isSignedIn });
  return isSignedIn ? (query.data ?? null) : null;
}

/**
 * Makes the signed-in person's language the active one (docs/product.md#languages): their own, else
 * the desk's, else the browser's; `choice` is null until both `me` and the desk's settings are read.
 * Leaving the signed-in pages (sign-out) goes back to the browser's language.
 */
export function useActiveLocale(choice: { own: string | null; desk: string | null } | null): void {
  const locale = choice ? activeLocale(choice.own, choice.desk, browserLocale()) : null;
  // The first time it is known it is set while rendering, before the page's screens render: they come
  // out in it at once instead of in the browser's language first (and fetching that catalogue).
  const isSet = useRef(false);
  if (locale !== null && !isSet.current) {
    isSet.current = true;
    setLocale(locale);
  }
  useEffect(() => {
    if (locale !== null) setLocale(locale);
  }, [locale]);
  useEffect(() => () => setLocale(browserLocale()), []);
}

/** Keeps `<html lang>` on the active language, so screen readers and hyphenation follow it. */
export function useDocumentLanguage(): void {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}
