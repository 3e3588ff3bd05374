import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { Suspense } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createCatalog, type TCatalog, useTranslate } from './catalog.ts';
import { setLocale } from './locale.ts';

afterEach(() => setLocale('en'));

const english = {
  'tickets.count': '{count, plural, one {# open ticket} other {# open tickets}}',
  'tickets.greeting': 'Hello {name}',
};

const spanish = {
  'tickets.count': '{count, plural, one {# ticket abierto} other {# tickets abiertos}}',
  'tickets.greeting': 'Hola {name}',
};
const CATALOG_URLS = {
  es: 'https://desk.example/catalogues/es.json',
  fr: 'https://desk.example/catalogues/fr.json',
  de: 'https://desk.example/catalogues/de.json',
};
const catalog = createCatalog(english, CATALOG_URLS);

const requested: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = String(input);
    requested.push(url);
    if (url === CATALOG_URLS.es) return Response.json(spanish);
    return new Response('offline', { status: 503 });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

function Count({ of, count }: { of: TCatalog<keyof typeof english>; count: number }) {
  const t = useTranslate(of);
  return (
    <p>
      {t('tickets.count', { count })} / {t('tickets.greeting', { name: 'Ada' })}
    </p>
  );
}

function Greeting({ name }: { name: string }) {
  const t = useTranslate(catalog);
  return <p>{t('tickets.greeting', { name })}</p>;
}

async function rendered(count: number) {
  const { prelude } = await prerender(
    <Suspense fallback="loading">
      <Count of={catalog} count={count} />
    </Suspense>,
  );
  return new Response(prelude).text();
}

test('English renders at once, with ICU plurals and placeholders', () => {
  expect(renderToStaticMarkup(<Count of={catalog} count={1} />)).toBe('<p>1 open ticket / Hello Ada</p>');
  expect(renderToString(<Count of={catalog} count={3} />)).toContain('3 open tickets');
});

test('typed text with escape-like sequences comes out exactly as typed', () => {
  const typed = 'Ada \\u202E\\x41 \\ Lovelace';
  const markup = renderToStaticMarkup(<Greeting name={typed} />);
  expect(markup).toBe(`<p>Hello ${typed}</p>`);
});

test('another language is fetched once, when it first becomes active, and then renders', async () => {
  setLocale('es');
  expect(await rendered(1)).toContain('1 ticket abierto');
  expect(await rendered(2)).toContain('2 tickets abiertos');
  expect(requested.filter((url) => url.endsWith('/es.json'))).toHaveLength(1);
});

test('a catalogue that cannot be fetched leaves the screen in English, without asking again', async () => {
  setLocale('fr');
  expect(await rendered(2)).toContain('2 open tickets');
  expect(await rendered(3)).toContain('3 open tickets');
  expect(requested.filter((url) => url.endsWith('/fr.json'))).toHaveLength(1);
});

test("another catalogue of the app's features shares the language's file, fetched once", async () => {
  const other = createCatalog({ 'tickets.greeting': 'Hi {name}' }, CATALOG_URLS);
  setLocale('es');
  await rendered(1);
  await other.load('es');
  expect(other.peek('es')?._('tickets.greeting', { name: 'Ada' })).toBe('Hola Ada');
  expect(requested.filter((url) => url.endsWith('/es.json'))).toHaveLength(1);
});

test('use() always gets the same promise per language, marked settled once it is, so a replay never skips it', async () => {
  const own = createCatalog(english, CATALOG_URLS);
  const statusOf = (promise: Promise<unknown>) => (promise as { status?: string }).status;
  const englishLoad = own.load('en');
  expect(own.load('en')).toBe(englishLoad);
  expect(statusOf(englishLoad)).toBe('fulfilled');
  const spanishLoad = own.load('es');
  expect(own.load('es')).toBe(spanishLoad);
  expect(statusOf(spanishLoad)).toBeUndefined();
  await spanishLoad;
  expect(statusOf(spanishLoad)).toBe('fulfilled');
  expect(own.load('es')).toBe(spanishLoad);
});
