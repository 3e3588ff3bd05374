import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appCatalogProblems, appEnglish, appsWithCatalogs, catalogProblems } from './message-catalogs.ts';
import { CATALOG_FILE, compileCatalog, withSharedUi } from './message-catalogs-plugin.ts';
import { REPO_ROOT } from './repo-root.ts';

describe('the apps’ message catalogues', () => {
  test('the converted apps have catalogues', () => {
    expect(appsWithCatalogs(REPO_ROOT)).toEqual(expect.arrayContaining(['mf-admin', 'shell']));
  });

  for (const app of appsWithCatalogs(REPO_ROOT)) {
    test(`${app}: every language has exactly English's keys, valid ICU with its placeholders, each key used`, () => {
      expect(appCatalogProblems(join(REPO_ROOT, app))).toEqual([]);
    });
  }
});

describe('catalogProblems', () => {
  const english = { 'a.title': 'Tickets', 'a.count': '{count, plural, one {# ticket} other {# tickets}}' };
  const complete = { en: english, es: english, fr: english, de: english };
  const source = 't(\'a.title\'); t("a.count", { count });';

  test('finds nothing wrong in complete, used catalogues', () => {
    expect(catalogProblems(complete, [source])).toEqual([]);
  });

  test('reports a key missing from a language and one English lacks', () => {
    const { 'a.title': _title, ...withoutTitle } = english;
    expect(
      catalogProblems({ ...complete, fr: withoutTitle, de: { ...english, 'a.extra': 'x' } }, [source]),
    ).toEqual(['fr: missing "a.title"', 'de: "a.extra" is not in English']);
  });

  test('reports a key no source mentions, and a language with no catalogue', () => {
    expect(catalogProblems({ ...complete, de: undefined }, ["t('a.title')"])).toEqual([
      'de: no catalogue',
      '"a.count" is used by no source file',
    ]);
  });

  test("texts found by their English: the English quoted counts as a use, a server message's id is exempt", () => {
    const found = { 'b.close': 'Close', 'server.X_MESSAGES.gone': 'Gone' };
    const catalogs = { en: found, es: found, fr: found, de: found };
    expect(catalogProblems(catalogs, ["localize('Close')"], true)).toEqual([]);
    expect(catalogProblems(catalogs, ["localize('Close')"])).toEqual([
      '"b.close" is used by no source file',
      '"server.X_MESSAGES.gone" is used by no source file',
    ]);
    expect(catalogProblems(catalogs, ['nothing'], true)).toEqual(['"b.close" is used by no source file']);
  });

  test('reports a translation whose placeholders differ from English, or that does not parse', () => {
    const es = { ...english, 'a.count': '{total, plural, one {# ticket} other {# tickets}}' };
    const fr = { ...english, 'a.title': '{oops' };
    const problems = catalogProblems({ ...complete, es, fr }, [source]);
    expect(problems[0]).toBe('es: "a.count" uses {total}, English {count}');
    expect(problems[1]).toStartWith('fr: "a.title" is not a valid ICU message');
    expect(problems).toHaveLength(2);
  });
});

describe('compileCatalog', () => {
  test("compiles ICU messages into Lingui's runtime form", () => {
    const compiled = JSON.parse(
      compileCatalog(
        JSON.stringify({ n: '{count, plural, one {# ticket} other {# tickets}}', s: "Don't" }),
        'x',
      ),
    );
    expect(compiled.s).toEqual(["Don't"]);
    expect(compiled.n[0].slice(0, 2)).toEqual(['count', 'plural']);
  });

  test('names the catalogue and the message that does not parse', () => {
    expect(() => compileCatalog(JSON.stringify({ 'a.b': '{broken' }), 'es.json')).toThrow(/es\.json: "a\.b"/);
  });
});

describe('withSharedUi', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shared-ui-'));
  const sharedUiFile = join(dir, 'es.json');
  writeFileSync(sharedUiFile, JSON.stringify({ 'components.close': 'Cerrar' }));

  test("puts shared-ui's messages of a language into the app's file of that language", () => {
    expect(
      JSON.parse(withSharedUi(JSON.stringify({ 'login.title': 'Iniciar sesión' }), sharedUiFile)),
    ).toEqual({
      'login.title': 'Iniciar sesión',
      'components.close': 'Cerrar',
    });
  });

  test('fails on an id both hold', () => {
    expect(() => withSharedUi(JSON.stringify({ 'components.close': 'X' }), sharedUiFile)).toThrow(
      /"components\.close" is also an id/,
    );
  });
});

describe('an app’s English, spread over its features', () => {
  function app(files: Record<string, object>): string {
    const dir = mkdtempSync(join(tmpdir(), 'catalogs-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), JSON.stringify(content));
    }
    return dir;
  }

  test('is the union of locales/en.json and every feature’s messages.en.json', () => {
    const dir = app({
      'src/locales/en.json': { 'shared.ok': 'OK' },
      'src/dashboard/messages.en.json': { 'dashboard.title': 'Dashboard' },
      'src/tickets/list/messages.en.json': { 'list.empty': 'No tickets' },
    });
    try {
      expect(appEnglish(dir)).toEqual({
        english: { 'shared.ok': 'OK', 'dashboard.title': 'Dashboard', 'list.empty': 'No tickets' },
        problems: [],
      });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  test('reports an id two features both define', () => {
    const dir = app({
      'src/a/messages.en.json': { 'x.title': 'A' },
      'src/b/messages.en.json': { 'x.title': 'B' },
    });
    try {
      expect(appEnglish(dir).problems).toEqual([
        `"x.title" is in both ${join('src', 'a', 'messages.en.json')} and ${join('src', 'b', 'messages.en.json')}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  test('a feature’s English and an app’s languages are compiled by the build; other JSON is not', () => {
    expect(CATALOG_FILE.test('/r/shell/src/dashboard/messages.en.json')).toBe(true);
    expect(CATALOG_FILE.test('/r/shell/src/locales/de.json')).toBe(true);
    expect(CATALOG_FILE.test('/r/shell/src/dashboard/fixture.json')).toBe(false);
    expect(CATALOG_FILE.test('/r/shell/src/messages.en.json')).toBe(false);
  });
});
