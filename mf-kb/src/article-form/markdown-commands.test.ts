import { describe, expect, test } from 'bun:test';
import { applyMarkdownCommand, imageMarkdown, insertText, type TTextEdit } from './markdown-commands.ts';

/** A text with the selection marked by [ and ]. */
function edit(marked: string): TTextEdit {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}
const shown = ({ value, start, end }: TTextEdit) =>
  `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;

describe('applyMarkdownCommand', () => {
  test('bold and italic wrap the selection, or a selected placeholder', () => {
    expect(shown(applyMarkdownCommand('bold', edit('Open [the portal] now')))).toBe(
      'Open **[the portal]** now',
    );
    expect(shown(applyMarkdownCommand('italic', edit('a[]b')))).toBe('a_[italic text]_b');
  });

  test('code wraps inline, or fences a selection of several lines', () => {
    expect(shown(applyMarkdownCommand('code', edit('run [ls] now')))).toBe('run `[ls]` now');
    expect(applyMarkdownCommand('code', edit('[a\nb]')).value).toBe('```\na\nb\n```');
  });

  test('a link keeps the text and selects the address to type', () => {
    expect(shown(applyMarkdownCommand('link', edit('see [docs]')))).toBe('see [docs]([https://])');
  });

  test('line commands prefix every selected line, the whole lines', () => {
    expect(applyMarkdownCommand('bulletList', edit('x\nfi[rst\nsec]ond\ny')).value).toBe(
      'x\n- first\n- second\ny',
    );
    expect(applyMarkdownCommand('numberedList', edit('[a\nb\nc]')).value).toBe('1. a\n2. b\n3. c');
    expect(applyMarkdownCommand('heading', edit('Title[]')).value).toBe('## Title');
    expect(applyMarkdownCommand('quote', edit('[]')).value).toBe('> ');
  });

  test('a table goes on lines of its own', () => {
    const result = applyMarkdownCommand('table', edit('Intro[]\nEnd'));
    expect(result.value).toBe('Intro\n\n| Column | Column |\n| --- | --- |\n| Text | Text |\n\nEnd');
  });
});

test('insertText puts the cursor after the text', () => {
  expect(shown(insertText(edit('a[]b'), 'XY'))).toBe('aXY[]b');
});

test('imageMarkdown keeps brackets and line breaks out of the alt text', () => {
  expect(imageMarkdown('shot].png', '/api/kb/images/1')).toBe('![shot .png](/api/kb/images/1)');
  expect(imageMarkdown('[\n]', '/u')).toBe('![image](/u)');
});
