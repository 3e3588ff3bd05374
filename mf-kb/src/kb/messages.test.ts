import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { translate } from '@helpdesk/shared-ui/i18n';
import german from '../locales/de.json';
import { kbCatalog } from '../locales/kb-catalog.ts';
import { ARTICLE_STATUS_LABELS, articleCountLabel, viewCountLabel } from './article-labels.ts';
import english from './messages.en.json';
import { ARTICLE_STATUS_MESSAGES } from './messages.ts';

const catalog = kbCatalog(english);
const en = catalog.peek('en')!;

// The German file as the browser would fetch it (the test imports it directly).
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async () => Response.json(german)) as unknown as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the knowledge base’s shared texts', () => {
  test('English counts read exactly as the former labels, thousands grouped', () => {
    for (const count of [0, 1, 2, 1500, 1234567]) {
      expect(translate(en, 'kb.articleCount', { count })).toBe(articleCountLabel(count));
      expect(translate(en, 'kb.viewCount', { count })).toBe(viewCountLabel(count));
    }
  });

  test('German counts take German plurals and grouping', async () => {
    const de = await catalog.load('de');
    expect(translate(de, 'kb.articleCount', { count: 1500 })).toBe('1.500 Artikel');
    expect(translate(de, 'kb.viewCount', { count: 1 })).toBe('1 Aufruf');
    expect(translate(de, 'kb.viewCount', { count: 2 })).toBe('2 Aufrufe');
  });

  test('each status has its label, in English the former one', async () => {
    const de = await catalog.load('de');
    for (const [status, id] of Object.entries(ARTICLE_STATUS_MESSAGES)) {
      expect(translate(en, id)).toBe(ARTICLE_STATUS_LABELS[status as keyof typeof ARTICLE_STATUS_LABELS]);
    }
    expect(translate(de, ARTICLE_STATUS_MESSAGES.draft)).toBe('Entwurf');
  });
});
