import { describe, expect, test } from 'bun:test';
import { isExternalLink, markdownUrl } from './safe-url.ts';

const IMAGE = '/api/kb/images/0b6f1f9e-3c8a-4a47-9a51-3f0c2a7d9e10';

describe('markdownUrl: links', () => {
  test.each([
    'https://example.com/a?b=c#d',
    'http://example.com',
    'mailto:help@example.com',
    '/kb/articles/1',
    'relative/page',
    '#section',
    '?q=vpn',
    './here',
    '../up',
    'HTTPS://EXAMPLE.COM',
  ])('keeps %s', (url) => {
    expect(markdownUrl(url, 'link')).toBe(url);
  });

  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'javascript\n:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'tel:123',
    'java%09script:alert(1)',
    '%6Aavascript:alert(1)',
    '//evil.example/path',
    '\\\\evil.example\\share',
    '/\\evil.example',
    '\u0000javascript:alert(1)',
    '',
  ])('drops %j', (url) => {
    expect(markdownUrl(url, 'link')).toBeNull();
  });
});

describe('markdownUrl: images', () => {
  test.each([IMAGE, 'https://example.com/a.png'])('keeps %s', (url) => {
    expect(markdownUrl(url, 'image')).toBe(url);
  });

  test.each([
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'http://example.com/a.png',
    '//example.com/a.png',
    '/api/tickets/1/attachments/2',
    `${IMAGE}/../../../logout`,
    `${IMAGE}?x=1`,
    '/api/kb/images/not-a-uuid',
    'image.png',
    'https:/example.com/a.png',
    'https:example.com/a.png',
  ])('drops %j', (url) => {
    expect(markdownUrl(url, 'image')).toBeNull();
  });
});

test('only http and https links are external', () => {
  expect(isExternalLink('https://example.com')).toBe(true);
  expect(isExternalLink('http://example.com')).toBe(true);
  expect(isExternalLink('mailto:a@b.c')).toBe(false);
  expect(isExternalLink('/kb')).toBe(false);
});
