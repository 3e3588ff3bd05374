import { describe, expect, test } from 'bun:test';
import {
  ARTICLE_STATUS_LABELS,
  articleCountLabel,
  articleStatusBadgeVariant,
  canEditArticles,
  updatedDateLabel,
  viewCountLabel,
} from './article-labels.ts';

describe('article labels', () => {
  test('only admins and agents edit articles', () => {
    expect(canEditArticles('admin')).toBe(true);
    expect(canEditArticles('agent')).toBe(true);
    expect(canEditArticles('end_user')).toBe(false);
  });

  test('status badges: published default, draft secondary, archived outline', () => {
    expect(articleStatusBadgeVariant('published')).toBe('default');
    expect(articleStatusBadgeVariant('draft')).toBe('secondary');
    expect(articleStatusBadgeVariant('archived')).toBe('outline');
    expect(ARTICLE_STATUS_LABELS).toEqual({ draft: 'Draft', published: 'Published', archived: 'Archived' });
  });

  test('article counts are singular for one, plural otherwise', () => {
    expect(articleCountLabel(0)).toBe('0 articles');
    expect(articleCountLabel(1)).toBe('1 article');
    expect(articleCountLabel(2)).toBe('2 articles');
    expect(articleCountLabel(1500)).toBe('1,500 articles');
  });

  test('view counts likewise, grouped by thousands', () => {
    expect(viewCountLabel(0)).toBe('0 views');
    expect(viewCountLabel(1)).toBe('1 view');
    expect(viewCountLabel(1284)).toBe('1,284 views');
    expect(viewCountLabel(1234567)).toBe('1,234,567 views');
  });

  test('updated date as month day, year, or Unknown', () => {
    expect(updatedDateLabel(new Date(2026, 10, 21, 14, 5).toISOString())).toBe('Nov 21, 2026');
    expect(updatedDateLabel(null)).toBe('Unknown');
    expect(updatedDateLabel('')).toBe('Unknown');
    expect(updatedDateLabel('not a date')).toBe('Unknown');
  });
});
