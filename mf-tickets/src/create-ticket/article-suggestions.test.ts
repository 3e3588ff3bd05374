import { describe, expect, test } from 'bun:test';
import type { TArticleStatus, TKbArticleSummary } from '@helpdesk/contracts';
import { createDebouncer, queryKeyToUrl } from '@helpdesk/shared-ui';
import {
  pickSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  suggestionHref,
  suggestionsKey,
  suggestionTerm,
} from './article-suggestions.ts';

const article = (n: number, status: TArticleStatus = 'published'): TKbArticleSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `Article ${n}`,
  slug: `article-${n}-1763700000000`,
  excerpt: null,
  categoryId: '0b8a4d5e-1f2a-4c3b-9d8e-7f6a5b4c3d2e',
  status,
  tags: [],
  isPopular: false,
  viewCount: n,
  publishedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  category: { id: '0b8a4d5e-1f2a-4c3b-9d8e-7f6a5b4c3d2e', name: 'Network & VPN' },
  author: { id: '0b8a4d5e-1f2a-4c3b-9d8e-7f6a5b4c3d2f', firstName: 'Ada', lastName: 'Agent' },
});

describe('when the dialog looks articles up', () => {
  test('not for a subject of 2 characters or fewer, spaces aside', () => {
    expect(suggestionTerm('', '')).toBeNull();
    expect(suggestionTerm('vp', 'vp')).toBeNull();
    expect(suggestionTerm('  vp ', '  vp ')).toBeNull();
  });

  test('for the settled subject once it has more than 2 characters', () => {
    expect(suggestionTerm('VPN drops', 'VPN drops')).toBe('VPN drops');
    expect(suggestionTerm('VPN drops every', 'VPN drops')).toBe('VPN drops');
  });

  test('nothing while the first lookup is still waiting for typing to pause', () => {
    expect(suggestionTerm('VPN', 'VP')).toBeNull();
  });

  test('a subject cut back to 2 characters hides them at once', () => {
    expect(suggestionTerm('VP', 'VPN drops')).toBeNull();
  });

  test('typing fast sends one lookup, for the last subject', async () => {
    const lookedUp: string[] = [];
    const debouncer = createDebouncer<string>(SUGGESTION_DEBOUNCE_MS, (subject) => {
      const term = suggestionTerm(subject, subject);
      if (term) lookedUp.push(term);
    });
    for (const subject of ['V', 'VP', 'VPN', 'VPN d', 'VPN drops']) debouncer.push(subject);
    await Bun.sleep(SUGGESTION_DEBOUNCE_MS + 100);
    expect(lookedUp).toEqual(['VPN drops']);
  });
});

describe('what the dialog asks and shows', () => {
  test('the search call asks for three articles', () => {
    expect(queryKeyToUrl(suggestionsKey('VPN drops'))).toBe('/api/kb/articles/search?q=VPN+drops&limit=3');
  });

  test('published articles only, at most three, in the order found', () => {
    const found = [
      article(1),
      article(2, 'draft'),
      article(3),
      article(4, 'archived'),
      article(5),
      article(6),
    ];
    expect(pickSuggestions(found).map((a) => a.title)).toEqual(['Article 1', 'Article 3', 'Article 5']);
    expect(pickSuggestions([])).toEqual([]);
    expect(pickSuggestions(undefined)).toEqual([]);
  });

  test('each opens its article page', () => {
    expect(suggestionHref(article(1).id)).toBe('/kb/article/00000000-0000-4000-8000-000000000001');
  });
});
