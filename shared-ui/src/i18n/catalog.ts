// By package name: the language store is the main entry's, one instance for every entry and app.
import { SOURCE_LOCALE, type TLocale, useLocale } from '@helpdesk/shared-ui';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { use, useCallback } from 'react';

/** Values an ICU message interpolates: `{count, plural, ...}`, `{name}`. */
export type TMessageValues = Record<string, string | number | Date>;

/** Translates one message id of an app's catalogue into the active language. */
export type TTranslate<TKey extends string> = (id: TKey, values?: TMessageValues) => string;

type TOtherLocales = Exclude<TLocale, typeof SOURCE_LOCALE>;

/** One app's message catalogue, made by createCatalog and read through useTranslate. */
export type TCatalog<TKey extends string> = {
  /** The catalogue of `locale`, fetched once; English is there from the start. */
  load: (locale: TLocale) => Promise<I18n>;
  /** The catalogue of `locale` if it is already here. */
  peek: (locale: TLocale) => I18n | undefined;
  /** Only for the type: the catalogue's message ids. */
  readonly keys?: TKey;
};

/**
 * One app's message catalogue. English comes with the app's own code (a remote's first use makes no
 * extra request); another language is one request of its own, its JSON file (`urls`, emitted by the
 * build next to the app's chunks) fetched when it first becomes active. Files rather than chunks: an
 * async chunk costs an entry in the app's start-up runtime, a file only its URL in this module.
 * The catalogues are ICU messages compiled at build time (tooling/src/message-catalogs-plugin.ts), so
 * no message parser ships. Each app has its own catalogue, so a remote builds and deploys alone.
 */
export function createCatalog<TKey extends string>(
  english: Record<TKey, string>,
  urls: Record<TOtherLocales, string>,
): TCatalog<TKey> {
  const english18n = instance(SOURCE_LOCALE, english);
  const ready = new Map<TLocale, I18n>([[SOURCE_LOCALE, english18n]]);
  const pending = new Map<TLocale, Promise<I18n>>();

  function load(locale: TLocale): Promise<I18n> {
    const loaded = ready.get(locale);
    if (loaded) return Promise.resolve(loaded);
    let loading = pending.get(locale);
    if (!loading) {
      loading = fetchCatalog(urls[locale as TOtherLocales]).then(
        (messages) => {
          const i18n = instance(locale, messages);
          ready.set(locale, i18n);
          return i18n;
        },
        // A catalogue that cannot be fetched (offline, a deploy in between) leaves the screens in
        // English rather than blank, until the page is loaded again: asking on every render would
        // fetch in a loop while offline.
        () => english18n,
      );
      pending.set(locale, loading);
    }
    return loading;
  }

  return { load, peek: (locale) => ready.get(locale) };
}

/** The translate function of `catalog` in the active language; suspends while its catalogue is fetched. */
export function useTranslate<TKey extends string>(catalog: TCatalog<TKey>): TTranslate<TKey> {
  const locale = useLocale();
  const i18n = catalog.peek(locale) ?? use(catalog.load(locale));
  return useCallback((id: TKey, values?: TMessageValues) => translate(i18n, id, values), [i18n]);
}

// A character no message or typed text holds (Unicode's private use area).
const BACKSLASH_STAND_IN = '\uE000';

/**
 * `i18n._`, except that the values come out exactly as given: Lingui decodes `\u0041`-style escape
 * sequences in the whole formatted result, so a name typed as `a\u202Eb` would otherwise show a real
 * right-to-left override. Backslashes of the values stand in for a private-use character meanwhile.
 */
export function translate(i18n: I18n, id: string, values?: TMessageValues): string {
  const hasBackslash =
    values !== undefined &&
    Object.values(values).some((value) => typeof value === 'string' && value.includes('\\'));
  if (!hasBackslash) return i18n._(id, values);
  const guarded: TMessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    guarded[name] = typeof value === 'string' ? value.replaceAll('\\', BACKSLASH_STAND_IN) : value;
  }
  return i18n._(id, guarded).replaceAll(BACKSLASH_STAND_IN, '\\');
}

// By URL: the catalogues of one app's features may share one file per language, fetched once.
const fetched = new Map<string, Promise<Messages>>();

function fetchCatalog(url: string): Promise<Messages> {
  let messages = fetched.get(url);
  if (!messages) {
    messages = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.json() as Promise<Messages>;
    });
    fetched.set(url, messages);
  }
  return messages;
}

function instance(locale: TLocale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}
