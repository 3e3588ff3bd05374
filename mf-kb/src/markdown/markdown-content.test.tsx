import { expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import MarkdownContent from './markdown-content.tsx';

const IMAGE = '/api/kb/images/0b6f1f9e-3c8a-4a47-9a51-3f0c2a7d9e10';
const html = (markdown: string) => renderToStaticMarkup(<MarkdownContent markdown={markdown} />);

/** Markdown that tries to become script: every way a link, an image or raw HTML could carry it. */
const HOSTILE = [
  "[a](javascript:window.__xss='a')",
  "[b](JaVaScRiPt:window.__xss='b')",
  '[c](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '[d](vbscript:msgbox(1))',
  "<javascript:window.__xss='e'>",
  '[f][ref]\n\n[ref]: javascript:window.__xss=1',
  "![g](javascript:window.__xss='g')",
  '![h](data:image/svg+xml,%3Csvg%20onload%3Dalert(1)%3E)',
  "[i](&#106;avascript:window.__xss='i')",
  "[j](java&#x09;script:window.__xss='j')",
  "[k](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;window.__xss='k')",
  "<script>window.__xss='l'</script>",
  '<img src=x onerror="window.__xss=\'m\'">',
  '<svg onload="window.__xss=\'n\'"></svg>',
  '<iframe src="javascript:window.__xss=\'o\'"></iframe>',
  '<a href="javascript:window.__xss=\'p\'">p</a>',
  '<div>\n\n[q](javascript:alert(1))\n\n</div>',
  '![r](http://tracker.example/pixel.png)',
].join('\n\n');

test('hostile Markdown leaves no script, handler, frame or unsafe URL', () => {
  const out = html(HOSTILE);
  expect(out).not.toMatch(/<(script|iframe|svg|object|embed|style)\b/i);
  expect(out).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
  expect(out).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
  expect(out).not.toMatch(/(href|src)="[^"]*(javascript|tracker)/i);
  // Raw HTML is text: its tags show escaped, never as elements.
  expect(out).toContain('&lt;script&gt;');
  expect(out).toContain('&lt;img src=x onerror=');
});

test('formatting renders: headings, lists, code, quotes, tables, safe links and our images', () => {
  const out = html(
    [
      '## Steps',
      '- one',
      '1. first',
      '`code`',
      '> quote',
      '| a | b |\n| --- | --- |\n| c | d |',
      '[site](https://example.com) [mail](mailto:a@b.c) [page](/kb)',
      `![shot](${IMAGE}) ![ext](https://cdn.example/a.png)`,
    ].join('\n\n'),
  );
  expect(out).toContain('>Steps</h3>');
  expect(out).toMatch(/<ul[^>]*>\s*<li[^>]*>one<\/li>\s*<\/ul>/);
  expect(out).toMatch(/<ol[^>]*>\s*<li[^>]*>first<\/li>\s*<\/ol>/);
  expect(out).toMatch(/<code[^>]*>code<\/code>/);
  expect(out).toMatch(/<blockquote/);
  expect(out).toMatch(/<table[^>]*>/);
  expect(out).toContain(
    'href="https://example.com" class="font-medium text-primary underline underline-offset-4" target="_blank" rel="noopener noreferrer"',
  );
  expect(out).toMatch(/href="mailto:a@b.c"(?![^>]*target)/);
  expect(out).toMatch(/href="\/kb"(?![^>]*target)/);
  expect(out).toContain(`src="${IMAGE}"`);
  expect(out).toContain('src="https://cdn.example/a.png"');
});

test('a single line break is kept, as plain-text articles were written', () => {
  expect(html('Line one\nLine two')).toBe('<p class="my-3 first:mt-0 last:mb-0">Line one<br/>\nLine two</p>');
});

test('a dropped link keeps its text, a dropped image its alt text', () => {
  expect(html('[click me](javascript:alert(1))')).toContain('<span>click me</span>');
  expect(html('![the alt](javascript:alert(1))')).toContain('<span>the alt</span>');
});
