import { describe, expect, test } from 'bun:test';
import { findHighlights, isWordMatch, SNIPPET_LENGTH, snippetOf } from './highlight.ts';

const marked = (text: string, ranges: readonly { start: number; end: number }[]) =>
  ranges.map((range) => text.slice(range.start, range.end));

describe('which words are marked', () => {
  test('whole words, prefixes from 3 letters, stems; typos only in fuzzy mode', () => {
    expect(isWordMatch('vpn', 'vpn')).toBe(true);
    expect(isWordMatch('password', 'pas')).toBe(true);
    expect(isWordMatch('password', 'pa')).toBe(false);
    expect(isWordMatch('printer', 'printing')).toBe(true);
    expect(isWordMatch('password', 'passwords')).toBe(true);
    expect(isWordMatch('password', 'pasword')).toBe(false);
    expect(isWordMatch('password', 'pasword', 'fuzzy')).toBe(true);
    expect(isWordMatch('printer', 'printr', 'fuzzy')).toBe(true);
    expect(isWordMatch('best', 'test', 'fuzzy')).toBe(true);
    expect(isWordMatch('best', 'tes', 'fuzzy')).toBe(false);
    expect(isWordMatch('keyboard', 'pasword', 'fuzzy')).toBe(false);
  });

  test('ranges are UTF-16 offsets into the text as given, whatever its case and accents', () => {
    const text = 'Le Café ÜBER alles — café';
    expect(marked(text, findHighlights(text, ['café', 'über']))).toEqual(['Café', 'ÜBER', 'café']);
    const emoji = '🙂 vpn 🙂 VPN';
    expect(marked(emoji, findHighlights(emoji, ['vpn']))).toEqual(['vpn', 'VPN']);
    expect(findHighlights('anything', [])).toEqual([]);
  });

  test('markup in the text is text: nothing is parsed, offsets count every character', () => {
    const text = '<b>vpn</b> &amp; <script>vpn()</script>';
    expect(marked(text, findHighlights(text, ['vpn']))).toEqual(['vpn', 'vpn']);
  });
});

describe('snippets', () => {
  test('a short text: whole, on one line, marked', () => {
    expect(snippetOf('Printer\n\n  jams   daily', ['jam'])).toEqual({
      text: 'Printer jams daily',
      highlights: [{ start: 8, end: 12 }],
    });
  });

  test('a match deep in a long text: a passage around it, cut at spaces, with ellipses', () => {
    const text = `${'the printer on the third floor jams again '.repeat(14)}the target word ${'after the update '.repeat(20)}`;
    const snippet = snippetOf(text, ['target']);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 32);
    expect(marked(snippet.text, snippet.highlights)).toEqual(['target']);
    expect(snippet.text).not.toMatch(/^… ?(?:orem|psum|olor)/);
  });

  test('no match: the beginning; a text without spaces is still cut', () => {
    const snippet = snippetOf(`${'x'.repeat(1000)}`, ['vpn']);
    expect(snippet.highlights).toEqual([]);
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 31);
    expect(snippetOf('', ['vpn'])).toEqual({ text: '', highlights: [] });
  });

  test('every range lies inside the snippet text', () => {
    const text = `${'vpn '.repeat(100)}`;
    const snippet = snippetOf(text, ['vpn']);
    for (const range of snippet.highlights) {
      expect(snippet.text.slice(range.start, range.end)).toBe('vpn');
    }
  });
});
