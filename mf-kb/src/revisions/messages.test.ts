import { afterAll, beforeAll, expect, test } from 'bun:test';
import { type TMessageValues, translate } from '@helpdesk/shared-ui/i18n';
import german from '../locales/de.json';
import { kbCatalog } from '../locales/kb-catalog.ts';
import english from './messages.en.json';
import { revisionChangeWords } from './messages.ts';
import { revisionChangeLabel } from './revision-labels.ts';

const catalog = kbCatalog(english);
type TI18n = NonNullable<ReturnType<typeof catalog.peek>>;
const translator = (i18n: TI18n) => (id: keyof typeof english, values?: TMessageValues) =>
  translate(i18n, id, values);
const en = translator(catalog.peek('en')!);

// The German file as the browser would fetch it (the test imports it directly).
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async () => Response.json(german)) as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const REVISIONS: Parameters<typeof revisionChangeLabel>[0][] = [
  { number: 1, changedFields: [], restoredFrom: null },
  { number: 2, changedFields: [], restoredFrom: null },
  { number: 4, changedFields: ['title'], restoredFrom: 2 },
  { number: 3, changedFields: ['title', 'tags'], restoredFrom: null },
];

test('a revision’s change in the reader’s words: English as before, German its own', async () => {
  const de = translator(await catalog.load('de'));
  for (const revision of REVISIONS) {
    expect(revisionChangeLabel(revision, revisionChangeWords(en))).toBe(revisionChangeLabel(revision));
  }
  expect(REVISIONS.map((revision) => revisionChangeLabel(revision, revisionChangeWords(de)))).toEqual([
    'Erstellt',
    'Keine Änderungen',
    'Version 2 wiederhergestellt',
    'Geändert: Titel, Schlagwörter',
  ]);
});
