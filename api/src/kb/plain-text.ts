import type { Nodes } from 'mdast';

/** Blocks whose children are blocks: their texts are separate lines. */
const LINE_PARENTS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'footnoteDefinition']);

function textOf(node: Nodes): string {
  switch (node.type) {
    case 'html':
      return '';
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'tableRow':
      return node.children.map(textOf).join(' ');
  }
  if ('value' in node) return node.value;
  if (!('children' in node)) return '';
  const separator = LINE_PARENTS.has(node.type) ? '\n' : '';
  return (node.children as Nodes[])
    .map(textOf)
    .filter((text) => separator === '' || text !== '')
    .join(separator);
}

/**
 * The text of an article's Markdown (CommonMark and GFM tables), what search indexes: the words
 * people read, without the markup around them, each block on its own line. Raw HTML is dropped
 * (it is never rendered either); a link keeps its text, an image its alt text, code its code.
 */
export async function markdownPlainText(markdown: string): Promise<string> {
  return textOf((await markdownParser())(markdown));
}

let parser: Promise<(markdown: string) => Nodes> | null = null;

/**
 * The parser, loaded with the first article saved: only writers need it, and micromark with its
 * GFM extensions is about 9 MB of the API's resident memory.
 */
function markdownParser(): Promise<(markdown: string) => Nodes> {
  parser ??= Promise.all([
    import('mdast-util-from-markdown'),
    import('mdast-util-gfm'),
    import('micromark-extension-gfm'),
  ]).then(
    ([{ fromMarkdown }, { gfmFromMarkdown }, { gfm }]) =>
      (markdown) =>
        fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
  );
  return parser;
}
