import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { use, useCallback } from 'react';
import { SOURCE_LOCALE, type TLocale, useLocale } from './locale.ts';

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
  // One promise per language, kept: `use()` must get the same one on every render.
  const loads = new Map<TLocale, Promise<I18n>>([[SOURCE_LOCALE, settled(english18n)]]);

  function load(locale: TLocale): Promise<I18n> {
    let loading = loads.get(locale);
    if (!loading) {
      const fetched: Promise<I18n> = fetchCatalog(urls[locale as TOtherLocales]).then(
        (messages) => {
          const i18n = instance(locale, messages);
          ready.set(locale, i18n);
          return markSettled(fetched, i18n);
        },
        // A catalogue that cannot be fetched (offline, a deploy in between) leaves the screens in
        // English rather than blank, until the page is loaded again: asking on every render would
        // fetch in a loop while offline.
        () => markSettled(fetched, english18n),
      );
      loading = fetched;
      loads.set(locale, loading);
    }
    return loading;
  }

  return { load, peek: (locale) => ready.get(locale) };
}

type TSettled<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** Marks a promise as settled the way React's use() reads it, and answers its value. */
function markSettled<T>(promise: Promise<T>, value: T): T {
  Object.assign(promise as TSettled<T>, { status: 'fulfilled', value });
  return value;
}

/** A promise use() reads at once: already resolved, and marked so. */
function settled<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  markSettled(promise, value);
  return promise;
}

/** The translate function of `catalog` in the active language; suspends while its catalogue is fetched. */
export function useTranslate<TKey extends string>(catalog: TCatalog<TKey>): TTranslate<TKey> {
  const locale = useLocale();
  // Always through use(), never skipped when the catalogue is here already: a render that suspended in
  // use() and then, replayed, did not call it breaks React's hooks ("Update hook called on initial
  // render", React error 467). A settled promise carries React's own status fields, so use() answers
  // at once without suspending.
  const i18n = use(catalog.load(locale));
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
