import { afterEach, expect, test } from 'bun:test';
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

let spanishRequests = 0;
const catalog = createCatalog(english, {
  es: async () => {
    spanishRequests += 1;
    return {
      default: {
        'tickets.count': '{count, plural, one {# ticket abierto} other {# tickets abiertos}}',
        'tickets.greeting': 'Hola {name}',
      },
    };
  },
  fr: () => Promise.reject(new Error('offline')),
  de: async () => ({ default: english }),
});

function Count({ of, count }: { of: TCatalog<keyof typeof english>; count: number }) {
  const t = useTranslate(of);
  return (
    <p>
      {t('tickets.count', { count })} / {t('tickets.greeting', { name: 'Ada' })}
    </p>
  );
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

test('another language is fetched once, when it first becomes active, and then renders', async () => {
  setLocale('es');
  expect(await rendered(1)).toContain('1 ticket abierto');
  expect(await rendered(2)).toContain('2 tickets abiertos');
  expect(spanishRequests).toBe(1);
});

test('a catalogue that cannot be fetched leaves the screen in English', async () => {
  setLocale('fr');
  expect(await rendered(2)).toContain('2 open tickets');
});
