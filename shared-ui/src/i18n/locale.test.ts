import { describe, expect, test } from 'bun:test';
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
