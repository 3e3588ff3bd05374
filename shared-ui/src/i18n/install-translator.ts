import { getLocale, SOURCE_LOCALE, subscribeLocale } from '@helpdesk/shared-ui';

// The reverse lookup of English texts (server messages, labels, shared-ui's own texts) is needed only
// in another language, so its code is a chunk of its own, fetched with that language's files: an
// English reader's start-up never carries it (docs/performance.md#frontend).
let translator: Promise<unknown> | null = null;

function loadWhenNeeded() {
  if (getLocale() !== SOURCE_LOCALE) translator ??= import('./text-translator.ts');
}

subscribeLocale(loadWhenNeeded);
loadWhenNeeded();
