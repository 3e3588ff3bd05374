import { useSyncExternalStore } from 'react';

/** The languages the desk speaks; English is the source every catalogue is checked against. */
export const SUPPORTED_LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type TLocale = (typeof SUPPORTED_LOCALES)[number];
export const SOURCE_LOCALE = 'en' satisfies TLocale;

export function isSupportedLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages (`de-AT` counts as `de`) the desk speaks; else English. */
export function matchLocale(preferred: readonly string[]): TLocale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isSupportedLocale(language)) return language;
  }
  return SOURCE_LOCALE;
}

function browserLocale(): TLocale {
  return typeof navigator === 'undefined' ? SOURCE_LOCALE : matchLocale(navigator.languages ?? []);
}

// One store for the shell and every remote: it belongs to shared-ui's main entry, a shared singleton
// (tooling/src/mf-shared.ts) that the start-up path loads anyway, so the date helpers here, the API client
// and the i18n entry (which re-exports it by package name) all read the language the shell sets, and
// nothing has to load the message runtime to know it.
let active: TLocale | null = null;
const listeners = new Set<() => void>();

/** The language screens render in: what setLocale chose, else the browser's preferred language. */
export function getLocale(): TLocale {
  active ??= browserLocale();
  return active;
}

/** Switches every screen of the shell and the remotes to `locale` (the person's or the desk's choice). */
export function setLocale(locale: TLocale): void {
  if (locale === getLocale()) return;
  active = locale;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the language changes; returns the unsubscribe. */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The active language, re-rendering the caller when it changes. */
export function useLocale(): TLocale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}
