import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { SUPPORTED_LOCALES } from '@helpdesk/shared-ui/i18n';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

type TCatalogs = Record<string, Record<string, string> | undefined>;

/** The names an ICU message interpolates (`{name}`, `{count, plural, ...}`), sorted. */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , choices] = token;
      if (typeof name === 'string') names.add(name);
      if (choices && typeof choices === 'object') for (const choice of Object.values(choices)) visit(choice);
    }
  };
  visit(compileMessageOrThrow(message));
  return [...names].sort();
}

/**
 * What is wrong with one app's catalogues: a language missing a key of English or holding one English
 * lacks, a message that is not valid ICU or names other placeholders than English's, and a key no
 * source file mentions (as a quoted string; with `foundByEnglish`, its English text quoted counts too).
 * Empty when all is well.
 */
export function catalogProblems(
  catalogs: TCatalogs,
  sources: readonly string[],
  foundByEnglish = false,
): string[] {
  const problems: string[] = [];
  const english = catalogs.en;
  if (!english) return ['no English catalogue (en.json)'];
  const englishKeys = Object.keys(english);
  for (const locale of SUPPORTED_LOCALES) {
    const catalog = catalogs[locale];
    if (!catalog) {
      problems.push(`${locale}: no catalogue`);
      continue;
    }
    for (const key of englishKeys)
      if (!Object.hasOwn(catalog, key)) problems.push(`${locale}: missing "${key}"`);
    for (const [key, message] of Object.entries(catalog)) {
      if (!Object.hasOwn(english, key)) {
        problems.push(`${locale}: "${key}" is not in English`);
        continue;
      }
      try {
        const expected = placeholdersOf(english[key] ?? '').join(', ');
        const actual = placeholdersOf(message).join(', ');
        if (actual !== expected) problems.push(`${locale}: "${key}" uses {${actual}}, English {${expected}}`);
      } catch (error) {
        problems.push(`${locale}: "${key}" is not a valid ICU message (${String(error)})`);
      }
    }
  }
  const quoted = (text: string) =>
    sources.some((source) => source.includes(`'${text}'`) || source.includes(`"${text}"`));
  for (const key of englishKeys) {
    if (foundByEnglish && CONTRACT_TEXT_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    if (!quoted(key) && !(foundByEnglish && quoted(english[key] ?? ''))) {
      problems.push(`"${key}" is used by no source file`);
    }
  }
  return problems;
}

function sourceFiles(directory: string): string[] {
  return filesUnder(directory, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name), ['locales']);
}

function filesUnder(
  directory: string,
  wanted: (name: string) => boolean,
  skip: readonly string[] = [],
): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name) && entry.name !== 'node_modules')
        files.push(...filesUnder(path, wanted, skip));
    } else if (wanted(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/** The apps with message catalogues: every workspace with src/locales/es.json, relative to `root`. */
export function appsWithCatalogs(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'src/locales/es.json')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * An app's English: its `src/locales/en.json` if it has one, plus each feature's own
 * `messages.en.json`. An id in two of them is a problem (one id, one text).
 */
export function appEnglish(appDir: string): { english: Record<string, string>; problems: string[] } {
  const files = [join(appDir, 'src/locales/en.json')].filter((file) => existsSync(file));
  files.push(...filesUnder(join(appDir, 'src'), (name) => name === 'messages.en.json').sort());
  const english: Record<string, string> = {};
  const origin: Record<string, string> = {};
  const problems: string[] = [];
  for (const file of files) {
    const name = relative(appDir, file);
    for (const [id, message] of Object.entries(
      JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>,
    )) {
      if (origin[id]) problems.push(`"${id}" is in both ${origin[id]} and ${name}`);
      origin[id] = name;
      english[id] = message;
    }
  }
  return { english, problems };
}

/**
 * Workspaces whose texts are found by their English rather than by id, with the workspaces whose source
 * holds that English: shared-ui's main entry cannot load the message runtime, so it writes English and
 * the i18n entry looks the text up (shared-ui/src/i18n/known-texts.ts); its labels' English is in contracts.
 */
const FOUND_BY_ENGLISH: Readonly<Record<string, readonly string[]>> = { 'shared-ui': ['contracts'] };

/**
 * The ids of the contracts' texts: `server.<TABLE>.<key>` for their message tables, `schema.<file>.<words>`
 * for the messages their schemas write inline. tooling/src/known-texts.test.ts walks both ways (every text
 * has an id and every id a text), so they need not be quoted anywhere.
 */
const CONTRACT_TEXT_PREFIXES = ['server.', 'schema.'];

/** catalogProblems for the app in `appDir`, reading its catalogues and its source (tests excluded). */
export function appCatalogProblems(appDir: string): string[] {
  const { english, problems } = appEnglish(appDir);
  const catalogs: TCatalogs = { en: english };
  for (const locale of SUPPORTED_LOCALES) {
    if (locale === 'en') continue;
    const file = join(appDir, 'src/locales', `${locale}.json`);
    if (existsSync(file)) catalogs[locale] = JSON.parse(readFileSync(file, 'utf8'));
  }
  const englishFrom = FOUND_BY_ENGLISH[basename(appDir)];
  const sourceDirs = [appDir, ...(englishFrom ?? []).map((workspace) => join(appDir, '..', workspace))];
  const sources = sourceDirs
    .flatMap((dir) => sourceFiles(join(dir, 'src')))
    .map((file) => readFileSync(file, 'utf8'));
  return [...problems, ...catalogProblems(catalogs, sources, englishFrom !== undefined)];
}
