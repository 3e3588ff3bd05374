import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { RsbuildPlugin } from '@rsbuild/core';

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

/**
 * Compiles every message catalogue at build time, so the browser gets Lingui's precompiled form and no
 * message parser ships (docs/architecture.md#languages).
 */
export function pluginMessageCatalogs(): RsbuildPlugin {
  return {
    name: 'helpdesk:message-catalogs',
    setup(api) {
      api.transform({ test: CATALOG_FILE }, ({ code, resourcePath }) => compileCatalog(code, resourcePath));
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
