/** A textarea's text and selection, before or after a toolbar command. */
export type TTextEdit = { value: string; start: number; end: number };

/** The toolbar's commands, in the order the buttons show. */
export const MARKDOWN_COMMANDS = [
  'bold',
  'italic',
  'heading',
  'bulletList',
  'numberedList',
  'link',
  'code',
  'quote',
  'table',
] as const;
export type TMarkdownCommand = (typeof MARKDOWN_COMMANDS)[number];

const TABLE_TEMPLATE = '| Column | Column |\n| --- | --- |\n| Text | Text |';

/** Puts `before` and `after` around the selection (or around `placeholder`, selected, when nothing is). */
function wrap(edit: TTextEdit, before: string, after: string, placeholder: string): TTextEdit {
  const selected = edit.value.slice(edit.start, edit.end) || placeholder;
  const value = edit.value.slice(0, edit.start) + before + selected + after + edit.value.slice(edit.end);
  const start = edit.start + before.length;
  return { value, start, end: start + selected.length };
}

/** The selection grown to whole lines. */
function lineRange(edit: TTextEdit): { from: number; to: number } {
  const from = edit.value.lastIndexOf('\n', edit.start - 1) + 1;
  const lineEnd = edit.value.indexOf('\n', Math.max(edit.end - (edit.end > edit.start ? 1 : 0), edit.start));
  return { from, to: lineEnd === -1 ? edit.value.length : lineEnd };
}

/** Starts every selected line with its prefix (`prefixOf(index)`); the lines stay selected. */
function prefixLines(edit: TTextEdit, prefixOf: (index: number) => string): TTextEdit {
  const { from, to } = lineRange(edit);
  const lines = edit.value
    .slice(from, to)
    .split('\n')
    .map((line, index) => prefixOf(index) + line);
  const block = lines.join('\n');
  return {
    value: edit.value.slice(0, from) + block + edit.value.slice(to),
    start: from,
    end: from + block.length,
  };
}

/** Inserts a block on lines of its own at the cursor, replacing the selection. */
function insertBlock(edit: TTextEdit, block: string): TTextEdit {
  const head = edit.value.slice(0, edit.start);
  const tail = edit.value.slice(edit.end);
  const before = head === '' || head.endsWith('\n\n') ? '' : head.endsWith('\n') ? '\n' : '\n\n';
  const after = tail === '' || tail.startsWith('\n\n') ? '' : tail.startsWith('\n') ? '\n' : '\n\n';
  const start = head.length + before.length;
  return { value: head + before + block + after + tail, start, end: start + block.length };
}

/** Applies a toolbar command to the textarea's text and selection: the new text and what to select. */
export function applyMarkdownCommand(command: TMarkdownCommand, edit: TTextEdit): TTextEdit {
  const selected = edit.value.slice(edit.start, edit.end);
  switch (command) {
    case 'bold':
      return wrap(edit, '**', '**', 'bold text');
    case 'italic':
      return wrap(edit, '_', '_', 'italic text');
    case 'code':
      return selected.includes('\n')
        ? insertBlock(edit, `\`\`\`\n${selected}\n\`\`\``)
        : wrap(edit, '`', '`', 'code');
    case 'link': {
      const text = selected || 'link text';
      const value = `${edit.value.slice(0, edit.start)}[${text}](https://)${edit.value.slice(edit.end)}`;
      // The address is what is left to type: it is selected.
      const start = edit.start + text.length + 3;
      return { value, start, end: start + 'https://'.length };
    }
    case 'heading':
      return prefixLines(edit, () => '## ');
    case 'bulletList':
      return prefixLines(edit, () => '- ');
    case 'numberedList':
      return prefixLines(edit, (index) => `${index + 1}. `);
    case 'quote':
      return prefixLines(edit, () => '> ');
    case 'table':
      return insertBlock(edit, TABLE_TEMPLATE);
  }
}

/** Inserts text at the cursor (replacing the selection); the cursor lands after it. */
export function insertText(edit: TTextEdit, text: string): TTextEdit {
  const value = edit.value.slice(0, edit.start) + text + edit.value.slice(edit.end);
  const end = edit.start + text.length;
  return { value, start: end, end };
}

/** `![name](url)` for an uploaded image, its name made safe for Markdown's alt text. */
export function imageMarkdown(fileName: string, url: string): string {
  const alt = fileName.replace(/[[\]\\\r\n]/g, ' ').trim() || 'image';
  return `![${alt}](${url})`;
}
