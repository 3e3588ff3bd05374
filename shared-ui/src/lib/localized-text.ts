import { useCallback, useSyncExternalStore } from 'react';
import { getLocale, SOURCE_LOCALE, subscribeLocale, type TLocale } from './locale.ts';

/**
 * Turns an English text that shared-ui knows (a server message of the contracts' tables, a label, one of
 * shared-ui's own texts) into `locale`; null when it knows no such text or that language is not loaded yet.
 */
export type TTextTranslator = (text: string, locale: TLocale) => string | null;

// The main entry is on the start-up path and carries no message runtime: the i18n entry, which every
// translated screen loads, registers the translator here when it loads (docs/architecture.md#languages).
let translator: TTextTranslator | null = null;
let version = 0;
const listeners = new Set<() => void>();

/** Installs the translator (the i18n entry does, once), or tells readers its catalogues grew: re-render. */
export function registerTextTranslator(next: TTextTranslator): void {
  translator = next;
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * `text` in the active language: English exactly as given, and also a text no table knows (a limit the
 * server worded itself) or a language whose catalogue has not arrived yet.
 */
export function localizeText(text: string): string {
  const locale = getLocale();
  if (locale === SOURCE_LOCALE) return text;
  if (translator === null) {
    loadTranslator();
    return text;
  }
  return translator(text, locale) ?? text;
}

let translatorRequested = false;

// A screen in another language that no translated screen has loaded the i18n entry for yet (a page of an
// app not converted yet): load it now, once; it registers the translator and readers render again. In
// English nothing is loaded.
function loadTranslator() {
  if (translatorRequested) return;
  translatorRequested = true;
  import('@helpdesk/shared-ui/i18n').catch(() => undefined);
}

/** Calls `listener` when the language changes or the translator's catalogues grow; returns the unsubscribe. */
export function subscribeLocalizedText(listener: () => void): () => void {
  const unsubscribeLocale = subscribeLocale(listener);
  listeners.add(listener);
  return () => {
    unsubscribeLocale();
    listeners.delete(listener);
  };
}

const snapshot = () => `${getLocale()}|${version}`;

/**
 * localizeText for a component: re-renders it when the language changes or its catalogue arrives, so
 * shared-ui's own components (which cannot load the message runtime) follow the language too.
 */
export function useLocalizeText(): (text: string) => string {
  const state = useSyncExternalStore(subscribeLocalizedText, snapshot, snapshot);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function whenever the language or the catalogues change
  return useCallback((text: string) => localizeText(text), [state]);
}

/**
 * Choices whose labels are texts shared-ui knows (a status, priority or category label), in the active
 * language; `localize` comes from useLocalizeText. Only for such labels: a team's or a person's name is
 * shown as written, so it never goes through here.
 */
export function withLocalizedLabels<T extends { label: string }>(
  options: readonly T[],
  localize: (text: string) => string,
): T[] {
  return options.map((option) => ({ ...option, label: localize(option.label) }));
}
