import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { AccessDeniedAlert } from '../access-denied/guard-alerts.tsx';

const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&#x27;', "'");

describe('AccessDeniedAlert', () => {
  test('says "Access denied." once, followed by the role the page requires', () => {
    const text = textOf(renderToStaticMarkup(<AccessDeniedAlert roles="admin" />));
    expect(text.match(/Access denied/g)).toHaveLength(1);
    expect(text).toBe(
      "Access denied. You don't have permission to view this page. This page requires admin access.",
    );
  });
});
