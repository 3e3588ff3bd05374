import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mainEntry from '@helpdesk/shared-ui';
import * as i18nEntry from '@helpdesk/shared-ui/i18n';
import { getLocale, matchLocale, setLocale } from './locale.ts';

describe('matchLocale', () => {
  test("takes the first of the browser's languages the desk speaks, by its primary subtag", () => {
    expect(matchLocale(['de-AT', 'en-US'])).toBe('de');
    expect(matchLocale(['pt-BR', 'FR-ca', 'es'])).toBe('fr');
    expect(matchLocale(['es-419'])).toBe('es');
  });

  test('falls back to English when the desk speaks none of them', () => {
    expect(matchLocale(['pt-BR', 'ja'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});

test('setLocale switches the language every reader of the store sees', () => {
  const before = getLocale();
  setLocale('fr');
  expect(getLocale()).toBe('fr');
  setLocale(before);
  expect(getLocale()).toBe(before);
});

test('the main entry and the i18n entry share one store, not two copies of it', () => {
  expect(i18nEntry.getLocale).toBe(mainEntry.getLocale);
  expect(i18nEntry.setLocale).toBe(mainEntry.setLocale);
  expect(i18nEntry.useLocale).toBe(mainEntry.useLocale);
  const before = mainEntry.getLocale();
  i18nEntry.setLocale(before === 'de' ? 'es' : 'de');
  expect(mainEntry.getLocale()).toBe(i18nEntry.getLocale());
  mainEntry.setLocale(before);
  expect(i18nEntry.getLocale()).toBe(before);
});

test("the i18n entry reaches the main entry's modules by package name only", () => {
  // A relative import of a main-entry module would bundle a second copy of the store (and of the
  // translator registry) into the i18n entry's shared module. Catalogue files (`.json?url`) are fine.
  const folder = join(import.meta.dir, '../i18n');
  for (const name of readdirSync(folder).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))) {
    expect({ name, source: readFileSync(join(folder, name), 'utf8') }).not.toMatchObject({
      source: expect.stringMatching(/from '\.\.\/(?:lib|components)\/[^']*\.tsx?'/),
    });
  }
});
