// shared-ui translates the API's English texts by looking them up in its catalogue (shared-ui/src/i18n/
// known-texts.ts). Here rather than in shared-ui: the lookup reads catalogues in the compiled form the
// build gives it, and the compiler is a dependency of the tooling only.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localizeText, setLocale } from '@helpdesk/shared-ui';
import { createCatalog, SUPPORTED_LOCALES, type TLocale, translate } from '@helpdesk/shared-ui/i18n';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import * as contractConstants from '../../contracts/src/constants/index.ts';
import * as contracts from '../../contracts/src/index.ts';
import { knownTextIndex, localizedValues } from '../../shared-ui/src/i18n/known-texts.ts';
import { createTextTranslator } from '../../shared-ui/src/i18n/text-translator.ts';
import { REPO_ROOT } from './repo-root.ts';

const read = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'shared-ui/src', path), 'utf8'));

const serverEnglish = read('server-messages/messages.en.json');
const schemaEnglish = read('schema-messages/messages.en.json');
const english = {
  ...serverEnglish,
  ...schemaEnglish,
  ...read('components/messages.en.json'),
  ...read('lib/messages.en.json'),
};
const compiled = Object.fromEntries(
  Object.entries(english).map(([id, text]) => [id, compileMessageOrThrow(text)]),
);
const index = knownTextIndex(compiled);
const languages = { es: read('locales/es.json'), fr: read('locales/fr.json'), de: read('locales/de.json') };
const englishCatalog = createCatalog(english, { es: '', fr: '', de: '' });
const englishI18n = englishCatalog.peek('en');

/** Every `*_MESSAGES` table of the contracts, by its exported name. */
function messageTables(): [string, Record<string, unknown>][] {
  const modules: Record<string, unknown> = { ...contractConstants, ...contracts };
  return Object.entries(modules)
    .filter(([name]) => name.endsWith('_MESSAGES'))
    .map(([name, table]) => [name, table as Record<string, unknown>]);
}

// What a message function is called with, by the name of its parameter: waits of seconds, minutes and
// hours, counts of one and many, quotas, and the free texts. A function with another parameter fails the
// test until it is listed here.
const SAMPLES: Record<string, readonly (number | string)[]> = {
  waitSeconds: [1, 45, 300, 7200],
  seconds: [1, 45, 300, 7200],
  count: [1, 3, 12],
  number: [1, 7],
  concurrent: [3],
  quotaBytes: [10 * 1024 * 1024, 50 * 1024 * 1024],
  reason: ['Connection refused'],
  recipient: ['ada@example.com'],
  placeholder: ['ticket.owner', 'requester.email'],
};

function samplesOf(message: (value: never) => string): string[] {
  const parameter = /^\(?(\w+)/.exec(String(message))?.[1] ?? '';
  const samples = SAMPLES[parameter];
  if (!samples) throw new Error(`No sample values for a message parameter named "${parameter}"`);
  return samples.map((value) => (message as (value: number | string) => string)(value));
}

describe('every server message of the contracts', () => {
  const tables = messageTables();

  test('the contracts have message tables to walk', () => {
    expect(tables.map(([name]) => name)).toEqual(
      expect.arrayContaining(['SERVER_MESSAGES', 'WRITE_LIMIT_MESSAGES', 'ANONYMOUS_MAIL_MESSAGES']),
    );
  });

  for (const [name, table] of tables) {
    test(`${name}: each text has an id, found by its English, and a translation in es, fr and de`, () => {
      const problems: string[] = [];
      for (const [key, message] of Object.entries(table)) {
        const id = `server.${name}.${key}`;
        if (!Object.hasOwn(serverEnglish, id))
          problems.push(`${id}: not in server-messages/messages.en.json`);
        for (const [language, catalog] of Object.entries(languages)) {
          if (!Object.hasOwn(catalog, id)) problems.push(`${id}: no ${language} translation`);
        }
        const texts =
          typeof message === 'function' ? samplesOf(message as (value: never) => string) : [String(message)];
        for (const text of texts) {
          const found = index.find(text);
          // Two tables may word a text alike ('Invalid cursor'): either id translates it.
          const again = found && englishI18n ? translate(englishI18n, found.id, found.values) : null;
          if (again !== text) problems.push(`${id}: "${text}" is found as ${found?.id} -> "${again}"`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test('every server id of the catalogue names a text of a table, so none is left over', () => {
    const ids = new Set(
      tables.flatMap(([name, table]) => Object.keys(table).map((key) => `server.${name}.${key}`)),
    );
    expect(Object.keys(serverEnglish).filter((id) => !ids.has(id))).toEqual([]);
  });
});

// A message a contracts schema writes inline: `.min(1, 'Title is required')`, `message: '...'`,
// `error: '...'`, `z.email('...')`; a text starting with a capital or a `${LIMIT}`.
const INLINE_MESSAGE =
  /(?:\.(?:min|max|length|regex|refine|superRefine|trim|int)\((?:[^()'`]|\([^()]*\))*?,\s*|\bz\.[a-zA-Z.]+\(\s*|\b(?:message|error):\s*)(['`])((?:(?!\1).)+)\1/g;

// Texts built around a field's name (`${label} is required`) or a value the person typed: their words
// come from elsewhere, so they stay as written (docs/architecture.md#languages).
const BUILT_AROUND = /\$\{(?:label|max|part|TICKET_LIST_MESSAGES)/;

/** Every inline schema message of the contracts, its `${LIMITS.x}` filled in as the schema does. */
function inlineSchemaMessages(): { file: string; text: string }[] {
  const modules: Record<string, unknown> = { ...contractConstants, ...contracts };
  const messages: { file: string; text: string }[] = [];
  const folder = join(REPO_ROOT, 'contracts/src');
  for (const file of readdirSync(folder, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    for (const match of readFileSync(join(folder, file), 'utf8').matchAll(INLINE_MESSAGE)) {
      const raw = match[2] ?? '';
      if (!/^[A-Z$]/.test(raw) || BUILT_AROUND.test(raw)) continue;
      const text = raw.replace(/\$\{([A-Z_]+)\.(\w+)\}/g, (_, table: string, key: string) =>
        String((modules[table] as Record<string, unknown>)[key]),
      );
      messages.push({ file, text });
    }
  }
  return messages;
}

describe("every inline message of the contracts' schemas", () => {
  const messages = inlineSchemaMessages();

  test('are found by their English and translated in es, fr and de', () => {
    expect(messages.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const { file, text } of messages) {
      const found = index.find(text);
      if (!found) {
        problems.push(`${file}: "${text}" has no id`);
        continue;
      }
      for (const [language, catalog] of Object.entries(languages)) {
        if (!Object.hasOwn(catalog, found.id)) problems.push(`${found.id}: no ${language} translation`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('every schema id of the catalogue is such a message, so none is left over', () => {
    const texts = new Set(messages.map(({ text }) => text));
    expect(Object.entries(schemaEnglish).filter(([, text]) => !texts.has(text))).toEqual([]);
  });
});

describe('knownTextIndex', () => {
  test('finds a plain text exactly', () => {
    expect(index.find(contractConstants.SERVER_MESSAGES.invalidCredentials)).toEqual({
      id: 'server.SERVER_MESSAGES.invalidCredentials',
      values: {},
    });
    expect(index.find('Close')).toEqual({ id: 'components.close', values: {} });
  });

  test("finds a function's text with the values it was built from", () => {
    expect(index.find(contracts.WRITE_LIMIT_MESSAGES.tooManyTickets(300))).toEqual({
      id: 'server.WRITE_LIMIT_MESSAGES.tooManyTickets',
      values: { wait: '5 minutes' },
    });
    expect(index.find(contracts.KB_CATEGORY_MESSAGES.hasArticles(1))).toEqual({
      id: 'server.KB_CATEGORY_MESSAGES.hasArticles',
      values: { count: 1 },
    });
    expect(index.find(contracts.KB_CATEGORY_MESSAGES.hasArticles(12))?.values).toEqual({ count: 12 });
  });

  test('knows nothing of a text no table holds, nor of a known text with more around it', () => {
    expect(index.find('The desk is on fire')).toBeNull();
    expect(index.find(`${contractConstants.SERVER_MESSAGES.notFound}!`)).toBeNull();
  });

  test('writes a wait in the words of the language', () => {
    expect(localizedValues({ wait: '5 minutes', count: 2 }, 'es')).toEqual({ wait: '5 minutos', count: 2 });
    expect(localizedValues({ wait: '1 hour' }, 'de')).toEqual({ wait: '1 Stunde' });
    expect(localizedValues({ wait: '45 seconds' }, 'fr')).toEqual({ wait: '45\u00a0secondes' });
  });
});

describe('createTextTranslator', () => {
  test('answers null until its files are here, loads them once, then tells its readers once', async () => {
    let englishLoads = 0;
    let loaded = 0;
    const spanish = { 'components.close': 'Cerrar' };
    const catalog = createCatalog({}, { es: 'es', fr: 'fr', de: 'de' });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => Response.json(spanish)) as unknown as typeof fetch;
    try {
      const known = createTextTranslator(
        async () => {
          englishLoads += 1;
          return compiled;
        },
        catalog,
        () => {
          loaded += 1;
        },
      );
      for (let asked = 0; asked < 5; asked += 1) expect(known.translator('Close', 'es')).toBeNull();
      await known.load('es');
      expect(known.translator('Close', 'es')).toBe('Cerrar');
      // Not in the Spanish file: shown as written rather than as its id.
      expect(known.translator('Loading', 'es')).toBeNull();
      expect({ englishLoads, loaded }).toEqual({ englishLoads: 1, loaded: 1 });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

const urls = {
  es: 'https://desk.example/es.json',
  fr: 'https://desk.example/fr.json',
  de: 'https://desk.example/de.json',
};

async function installed() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request) => {
    const language = Object.entries(urls).find(([, url]) => url === String(input))?.[0];
    return language
      ? Response.json(languages[language as keyof typeof languages])
      : new Response('', { status: 404 });
  }) as typeof fetch;
  try {
    const { registerTextTranslator } = await import('@helpdesk/shared-ui');
    const known = createTextTranslator(
      async () => compiled,
      createCatalog({}, urls),
      () => registerTextTranslator(known.translator),
    );
    registerTextTranslator(known.translator);
    for (const locale of SUPPORTED_LOCALES.filter((l): l is Exclude<TLocale, 'en'> => l !== 'en')) {
      await known.load(locale);
    }
  } finally {
    globalThis.fetch = realFetch;
  }
}

describe('localizeText with the translator installed', () => {
  test('translates server texts, function texts with their values, and leaves English and unknown texts alone', async () => {
    await installed();
    const wait = contracts.WRITE_LIMIT_MESSAGES.tooManyTickets(300);
    try {
      setLocale('en');
      expect(localizeText(wait)).toBe(wait);
      setLocale('es');
      expect(localizeText(wait)).toBe(
        'Has creado demasiados tickets en poco tiempo. Inténtalo de nuevo en 5 minutos.',
      );
      expect(localizeText('The desk is on fire')).toBe('The desk is on fire');
      setLocale('de');
      expect(localizeText(contracts.KB_CATEGORY_MESSAGES.hasArticles(3))).toStartWith(
        'Diese Kategorie enthält noch 3 Artikel',
      );
      expect(localizeText(contractConstants.SERVER_MESSAGES.notFound)).toBe('Nicht gefunden');
      setLocale('fr');
      expect(localizeText(contractConstants.ANONYMOUS_MAIL_MESSAGES.tooManyRegistrations(7200))).toBe(
        'Trop d’inscriptions en peu de temps. Veuillez réessayer dans 2\u00a0heures.',
      );
    } finally {
      setLocale('en');
    }
  });
});

describe('the texts the API words from templates (notifications, mail-in)', () => {
  // Regex specials, braces, a backslash and quotes: a ticket's title comes back exactly as written.
  const title = 'Printer {offline} $1 "again" \\ (.*) [x]+?';
  const values: Record<string, string> = {
    ticketNumber: 'TKT-000123',
    title,
    author: 'Ann {Agent}',
    fromLabel: contracts.TICKET_STATUS_LABELS.new,
    toLabel: contracts.TICKET_STATUS_LABELS.in_progress,
    leftLabel: '3 hours 5 minutes',
    overdueLabel: contracts.NOTIFICATION_MESSAGES.lessThanAMinute,
    host: 'imap.(example).com',
    folder: 'In{box} $& \\d',
    where: 'imap.(example).com:993',
    reason: 'NO [AUTHENTICATIONFAILED] {nope}',
    limit: '20',
    minutes: '10',
    eventLabel: 'Resolved TKT-000123',
    whenLabel: '5 minutes ago',
    name: 'Ann {Agent}',
    team: 'Tier $2 \\ (L2)',
    count: '5',
  };
  const tables = {
    NOTIFICATION_MESSAGES: contracts.NOTIFICATION_MESSAGES,
    MAIL_IN_MESSAGES: contracts.MAIL_IN_MESSAGES,
    ACTIVITY_MESSAGES: contracts.ACTIVITY_MESSAGES,
  };
  const filled = Object.entries(tables).flatMap(([table, messages]) =>
    Object.entries(messages).map(([key, template]) => ({
      id: `server.${table}.${key}`,
      template: template as string,
      text: contracts.fillServerText(template, values),
    })),
  );
  const valuesIn = (template: string) =>
    Object.fromEntries(Object.entries(values).filter(([name]) => template.includes(`{${name}}`)));

  test('each is found by its English, its values read back exactly', () => {
    for (const { id, template, text } of filled) {
      const found = index.find(text);
      // A number in a text ("20 emails") is read back as a number, so plurals apply in the language.
      const read = found && {
        id: found.id,
        values: Object.fromEntries(
          Object.entries(found.values).map(([name, value]) => [name, String(value)]),
        ),
      };
      expect({ text, found: read }).toEqual({ text, found: { id, values: valuesIn(template) } });
    }
  });

  test('each reads in es, fr and de with its ticket number, title and author as written', async () => {
    await installed();
    try {
      for (const locale of ['es', 'fr', 'de'] as const) {
        setLocale(locale);
        for (const { template, text } of filled) {
          const localized = localizeText(text);
          expect({ text, locale, changed: localized !== text }).toEqual({ text, locale, changed: true });
          for (const name of [
            'ticketNumber',
            'title',
            'author',
            'host',
            'folder',
            'where',
            'reason',
            'name',
            'team',
          ]) {
            if (template.includes(`{${name}}`)) expect(localized).toContain(values[name] ?? '');
          }
        }
      }
    } finally {
      setLocale('en');
    }
  });

  test('statuses and durations in their values read in the language too', async () => {
    await installed();
    const { NOTIFICATION_MESSAGES, fillServerText } = contracts;
    try {
      setLocale('de');
      expect(localizeText(fillServerText(NOTIFICATION_MESSAGES.statusMessage, values))).toBe(
        `„${title}“ wechselte von Neu zu In Bearbeitung.`,
      );
      expect(localizeText(fillServerText(NOTIFICATION_MESSAGES.resolutionBreachedTitle, values))).toBe(
        'SLA verletzt: Lösung von TKT-000123 überfällig',
      );
      expect(localizeText(fillServerText(NOTIFICATION_MESSAGES.responseBreachedMessage, values))).toBe(
        `„${title}“ hat das Ziel für die erste Antwort verfehlt: unter einer Minute überfällig.`,
      );
      // A dashboard line: both of its parts are texts of their own, each read in the language.
      expect(localizeText('Assigned TKT-000123 to Ann {Agent} · 2 hours ago')).toBe(
        'Hat TKT-000123 Ann {Agent} zugewiesen · vor 2 Stunden',
      );
      setLocale('fr');
      expect(localizeText(fillServerText(NOTIFICATION_MESSAGES.responseAtRiskTitle, values))).toBe(
        'SLA à risque\u00a0: première réponse à TKT-000123 attendue dans 3\u00a0heures 5 minutes',
      );
      setLocale('es');
      expect(localizeText(fillServerText(NOTIFICATION_MESSAGES.createdMessage, values))).toBe(
        `Se abrió un nuevo ticket: "${title}".`,
      );
      expect(
        localizeText(
          fillServerText(NOTIFICATION_MESSAGES.resolutionAtRiskMessage, {
            title,
            leftLabel: '2 days 4 hours',
          }),
        ),
      ).toBe(`"${title}" debe resolverse en 2 días 4 horas.`);
      // A title holding the dashboard line's separator is still a title.
      expect(
        localizeText(fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: 'VPN · 5 minutes ago' })),
      ).toBe('Se te asignó "VPN · 5 minutes ago".');
      // A title that looks like a status or a duration is a title: only `…Label` values are translated.
      expect(
        localizeText(fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: 'In Progress' })),
      ).toBe('Se te asignó "In Progress".');
      expect(
        localizeText(fillServerText(NOTIFICATION_MESSAGES.assignedMessage, { title: '5 minutes' })),
      ).toBe('Se te asignó "5 minutes".');
    } finally {
      setLocale('en');
    }
  });
});
