import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { type RsbuildPlugin, rspack } from '@rsbuild/core';
import { REPO_ROOT } from './repo-root.ts';

/** shared-ui's language files (its components' texts and the server messages): see pluginMessageCatalogs. */
const SHARED_UI_LOCALES = join(REPO_ROOT, 'shared-ui/src/locales');
const OTHER_LANGUAGE_FILE = /^\.\/(es|fr|de)\.json\?url$/;

/**
 * Catalogue files: an app's `<app>/src/locales/<language>.json`, and a feature's own English,
 * `<app>/src/<feature>/messages.en.json` (docs/architecture.md#languages).
 */
export const CATALOG_FILE = /[\\/]src[\\/](?:locales[\\/][a-z]{2}|(?:[^\\/]+[\\/])+messages\.en)\.json$/;

/**
 * A catalogue of ICU messages (`{ "id": "You have {count, plural, one {# ticket} other {# tickets}}" }`)
 * compiled into Lingui's runtime form, still JSON. Throws on a message that does not parse, naming it,
 * so a broken translation fails the build instead of a screen.
 */
export function compileCatalog(source: string, file: string): string {
  const messages: unknown = JSON.parse(source);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new Error(`${file}: a catalogue is one JSON object of message id -> ICU message`);
  }
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${id}" is not a string`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: "${id}" is not a valid ICU message: ${String(error)}`);
    }
  }
  return JSON.stringify(compiled);
}

/** An app's language file with shared-ui's of the same language added; an id in both fails the build. */
export function withSharedUi(appSource: string, sharedUiFile: string): string {
  const app = JSON.parse(appSource) as Record<string, unknown>;
  const shared = JSON.parse(readFileSync(sharedUiFile, 'utf8')) as Record<string, unknown>;
  const clash = Object.keys(shared).find((id) => Object.hasOwn(app, id));
  if (clash) throw new Error(`${sharedUiFile}: "${clash}" is also an id of the app's own catalogue`);
  return JSON.stringify({ ...app, ...shared });
}

/**
 * Compiles every message catalogue at build time, so the browser gets Lingui's precompiled form and no
 * message parser ships (docs/architecture.md#languages).
 */
export function pluginMessageCatalogs(): RsbuildPlugin {
  return {
    name: 'helpdesk:message-catalogs',
    setup(api) {
      const appLocales = join(api.context.rootPath, 'src/locales');
      const appFile = (language: string) => join(appLocales, `${language}.json`);
      // shared-ui is bundled into each app: its translations travel in the app's own file of that language
      // (one request per language per app, not two), which shared-ui's catalogue then fetches by the same
      // URL (createCatalog fetches each URL once). An app without catalogues of its own keeps shared-ui's.
      const sharesShared = (language: string) =>
        appLocales !== SHARED_UI_LOCALES && existsSync(appFile(language));
      api.transform({ test: CATALOG_FILE }, ({ code, resourcePath }) => {
        const language = /[\\/]src[\\/]locales[\\/](es|fr|de)\.json$/.exec(resourcePath)?.[1];
        if (!language || !resourcePath.startsWith(appLocales) || !sharesShared(language)) {
          return compileCatalog(code, resourcePath);
        }
        return compileCatalog(withSharedUi(code, join(SHARED_UI_LOCALES, `${language}.json`)), resourcePath);
      });
      api.modifyBundlerChain((chain) => {
        chain.plugin('helpdesk-shared-ui-languages').use(rspack.NormalModuleReplacementPlugin, [
          OTHER_LANGUAGE_FILE,
          (data: { context: string; request: string }) => {
            const language = OTHER_LANGUAGE_FILE.exec(data.request)?.[1];
            if (language && data.context === SHARED_UI_LOCALES && sharesShared(language)) {
              data.request = `${appFile(language)}?url`;
            }
          },
        ]);
      });
      // `import url from './es.json?url'`: the catalogue as a file of its own (its URL in the importing
      // module), fetched when its language is chosen; English is imported as a module instead.
      api.modifyRspackConfig((config) => {
        config.module ??= {};
        config.module.rules ??= [];
        config.module.rules.push({ test: CATALOG_FILE, resourceQuery: /^\?url$/, type: 'asset/resource' });
      });
    },
  };
}
