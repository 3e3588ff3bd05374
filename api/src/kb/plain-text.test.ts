import { expect, test } from 'bun:test';
import { markdownPlainText } from './plain-text.ts';

test('the text of Markdown: words kept, markup, URLs and raw HTML gone, blocks on lines of their own', async () => {
  const markdown = [
    '# Reset **your** password',
    '',
    'Open [the portal](https://portal.example/reset) and press `Reset`.',
    'Same paragraph  ',
    'after a hard break',
    '',
    '- first',
    '1. second',
    '',
    '| Setting | Value |',
    '| --- | --- |',
    '| Port | 443 |',
    '',
    '> quoted',
    '',
    '<script>alert("x")</script>',
    '',
    '![the login page](/api/kb/images/0b6f1f9e-3c8a-4a47-9a51-3f0c2a7d9e10)',
    '',
    '```',
    'ping host',
    '```',
  ].join('\n');
  expect(await markdownPlainText(markdown)).toBe(
    [
      'Reset your password',
      'Open the portal and press Reset.',
      'Same paragraph',
      'after a hard break',
      'first',
      'second',
      'Setting Value',
      'Port 443',
      'quoted',
      'the login page',
      'ping host',
    ].join('\n'),
  );
});

test('plain text stays as it is', async () => {
  expect(await markdownPlainText('Line one\nLine two')).toBe('Line one\nLine two');
  expect(await markdownPlainText('')).toBe('');
});
