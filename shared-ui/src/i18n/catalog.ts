// By package name: the language store is the main entry's, one instance for every entry and app.
import { SOURCE_LOCALE, type TLocale, useLocale } from '@helpdesk/shared-ui';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { use, useCallback, useEffect, useReducer, useRef } from 'react';

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
  // One promise per language, for as long as the page lives: React's `use` must see the same
  // promise on every render, already marked fulfilled once it is, or it suspends again.
  const loads = new Map<TLocale, Promise<I18n>>([[SOURCE_LOCALE, fulfilled(english18n)]]);

  function load(locale: TLocale): Promise<I18n> {
    let loading = loads.get(locale);
    if (!loading) {
      loading = fetchCatalog(urls[locale as TOtherLocales]).then(
        (messages) => instance(locale, messages),
        // A catalogue that cannot be fetched (offline, a deploy in between) leaves the screens in
        // English rather than blank, until the page is loaded again: asking on every render would
        // fetch in a loop while offline.
        () => english18n,
      );
      const settled = loading;
      loading.then((i18n) => {
        Object.assign(settled, { status: 'fulfilled', value: i18n });
        ready.set(locale, i18n);
      });
      loads.set(locale, loading);
    }
    return loading;
  }

  return { load, peek: (locale) => ready.get(locale) };
}

/** A promise `use` reads at once: React takes a thenable's `status` and `value` when they are set. */
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/**
 * The translate function of `catalog` in the active language. A screen mounting in a language whose
 * catalogue is not here yet suspends until it is (no flash of English). A screen already showing a
 * language keeps it while the new one is fetched, then switches: a switch arrives as a synchronous
 * store update, and suspending there would replace the page with its loading state.
 */
export function useTranslate<TKey extends string>(catalog: TCatalog<TKey>): TTranslate<TKey> {
  const locale = useLocale();
  const loading = catalog.load(locale);
  const shown = useRef<I18n | undefined>(undefined);
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  // Whether `use` is called depends only on what was committed before (the ref changes after a
  // commit), never on whether the load has finished meanwhile: a suspended render is replayed when
  // its promise settles, and the replay must make the same calls.
  const i18n = shown.current === undefined ? use(loading) : (catalog.peek(locale) ?? shown.current);
  useEffect(() => {
    shown.current = i18n;
  });
  useEffect(() => {
    if (catalog.peek(locale)) return;
    let mounted = true;
    loading.then(() => mounted && loaded());
    return () => {
      mounted = false;
    };
  }, [catalog, locale, loading]);
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
