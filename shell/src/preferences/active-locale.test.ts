import { describe, expect, test } from 'bun:test';
import { activeLocale } from './active-locale.ts';

describe('the language a signed-in person sees', () => {
  test("the person's own language wins over the desk's and the browser's", () => {
    expect(activeLocale('de', 'es', 'fr')).toBe('de');
  });

  test("a person who chose none sees the desk's language, not the browser's", () => {
    expect(activeLocale(null, 'es', 'fr')).toBe('es');
  });

  test("without either (the settings not read) the browser's language decides", () => {
    expect(activeLocale(null, null, 'fr')).toBe('fr');
  });

  test('a value the desk does not speak is skipped rather than shown', () => {
    expect(activeLocale('it', 'xx', 'en')).toBe('en');
    expect(activeLocale('it', 'de', 'en')).toBe('de');
  });
});
