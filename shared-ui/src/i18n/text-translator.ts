import {
  getLocale,
  registerTextTranslator,
  SOURCE_LOCALE,
  subscribeLocale,
  type TLocale,
  type TTextTranslator,
} from '@helpdesk/shared-ui';
import componentsEnglish from '../components/messages.en.json?url';
import libEnglish from '../lib/messages.en.json?url';
import { sharedUiCatalog } from '../locales/shared-ui-catalog.ts';
import schemaEnglish from '../schema-messages/messages.en.json?url';
import serverEnglish from '../server-messages/messages.en.json?url';
import { type TCatalog, translate } from './catalog.ts';
import {
  knownTextIndex,
  localizedValues,
  type TCompiledMessage,
  type TKnownTextIndex,
} from './known-texts.ts';

type TEnglish = Record<string, TCompiledMessage>;

/**
 * The translator of the English texts shared-ui knows, over `english` (their catalogue, loaded once) and
 * `catalog` (their translations). It answers null until both are here for the language asked; `load`
 * fetches them and calls `onLoaded`, so screens showing such a text render again.
 */
export function createTextTranslator(
  english: () => Promise<TEnglish>,
  catalog: TCatalog<string>,
  onLoaded: () => void,
): { translator: TTextTranslator; load: (locale: TLocale) => Promise<void> } {
  let index: TKnownTextIndex | null = null;
  let indexing: Promise<void> | null = null;
  // Once per language: every text a screen asks for before the files arrive asks to load them.
  const loading = new Map<TLocale, Promise<void>>();

  function load(locale: TLocale): Promise<void> {
    indexing ??= english().then(
      (messages) => {
        index = knownTextIndex(messages);
      },
      // Offline or a deploy in between: the texts stay English, as written.
      () => undefined,
    );
    let loaded = loading.get(locale);
    if (!loaded) {
      loaded = Promise.all([indexing, catalog.load(locale)]).then(onLoaded);
      loading.set(locale, loaded);
    }
    return loaded;
  }

  const translator: TTextTranslator = (text, locale) => {
    const i18n = catalog.peek(locale);
    if (!index || !i18n) {
      void load(locale);
      return null;
    }
    const found = index;
    // A `…Label` value is a known text in turn ("In Progress", "Resolved TKT-000123"); the depth is
    // bounded so that a value holding the same words again cannot nest without end.
    const translated = (english: string, depth: number): string | null => {
      const label = (value: string) => (depth < 2 ? translated(value, depth + 1) : null);
      for (const known of found.findAll(english)) {
        // Not in the language's file (it could not be fetched): shown as written rather than as its id.
        if (!Object.hasOwn(i18n.messages, known.id)) return null;
        const values = localizedValues(known.values, locale, label);
        if (values) return translate(i18n, known.id, values);
      }
      return null;
    };
    return translated(text, 0);
  };

  return { translator, load };
}

// The build turns each `?url` import into the URL of the compiled file; a test runner imports the JSON.
function englishOf(source: unknown): Promise<TEnglish> {
  if (typeof source !== 'string') return Promise.resolve(source as TEnglish);
  return fetch(source).then((response) => {
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.json() as Promise<TEnglish>;
  });
}

// English is never fetched: in English the texts are shown as written, so only another language needs
// the reverse lookup (docs/architecture.md#languages).
const known = createTextTranslator(
  () =>
    Promise.all([serverEnglish, schemaEnglish, componentsEnglish, libEnglish].map(englishOf)).then((parts) =>
      Object.assign({}, ...parts),
    ),
  sharedUiCatalog({}),
  () => registerTextTranslator(known.translator),
);

/** Hands the translator to shared-ui's main entry and loads the active language's texts ahead of need. */
function install() {
  registerTextTranslator(known.translator);
  const preload = () => {
    const locale = getLocale();
    if (locale !== SOURCE_LOCALE) void known.load(locale);
  };
  subscribeLocale(preload);
  preload();
}

install();
