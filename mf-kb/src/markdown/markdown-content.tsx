import { type ComponentProps, useMemo } from 'react';
import Markdown, { type Components, type UrlTransform } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { useMarkdownT } from './messages.ts';
import { isExternalLink, markdownUrl } from './safe-url.ts';

const urlTransform: UrlTransform = (url, key) =>
  markdownUrl(url, key === 'src' ? 'image' : 'link') ?? undefined;

function Link({ href, children }: ComponentProps<'a'>) {
  // A dropped URL leaves the text of the link, not a link.
  if (!href) return <span>{children}</span>;
  const external = isExternalLink(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a href={href} className="font-medium text-primary underline underline-offset-4" {...external}>
      {children}
    </a>
  );
}

function Image({ src, alt }: ComponentProps<'img'>) {
  if (typeof src !== 'string' || src === '') return alt ? <span>{alt}</span> : null;
  return (
    <img
      src={src}
      alt={alt ?? ''}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="my-2 h-auto max-w-full rounded-md border"
      data-testid="article-image"
    />
  );
}

// Typography for articles, readable on a phone: wide tables scroll sideways inside their own box.
const COMPONENTS: Components = {
  a: Link,
  img: Image,
  h1: ({ children }) => <h3 className="mt-6 mb-2 font-semibold text-xl first:mt-0">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-6 mb-2 font-semibold text-lg first:mt-0">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-5 mb-2 font-semibold text-base first:mt-0">{children}</h4>,
  h4: ({ children }) => <h5 className="mt-4 mb-1 font-semibold text-sm first:mt-0">{children}</h5>,
  h5: ({ children }) => <h6 className="mt-4 mb-1 font-semibold text-sm first:mt-0">{children}</h6>,
  h6: ({ children }) => <h6 className="mt-4 mb-1 font-medium text-sm first:mt-0">{children}</h6>,
  p: ({ children }) => <p className="my-3 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children, className }) => (
    <ul className={className ? 'my-3 list-none pl-1' : 'my-3 list-disc pl-6'}>{children}</ul>
  ),
  ol: ({ children, start }) => (
    <ol start={start} className="my-3 list-decimal pl-6">
      {children}
    </ol>
  ),
  li: ({ children }) => <li className="my-1">{children}</li>,
  blockquote: ({ children }) => (
    <blockquote className="my-3 border-l-4 pl-4 text-muted-foreground italic">{children}</blockquote>
  ),
  code: ({ children, className }) =>
    className ? (
      <code className={className}>{children}</code>
    ) : (
      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em]">{children}</code>
    ),
  pre: ({ children }) => (
    <pre className="my-3 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed [&_code]:bg-transparent [&_code]:p-0">
      {children}
    </pre>
  ),
  hr: () => <hr className="my-5 border-border" />,
  table: ({ children }) => (
    <div className="my-3 max-w-full overflow-x-auto rounded-md border" data-testid="article-table">
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children, style }) => (
    <th style={style} className="border-b bg-muted px-3 py-2 text-left font-semibold whitespace-nowrap">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border-b px-3 py-2 align-top">
      {children}
    </td>
  ),
};

/**
 * An article's Markdown (CommonMark, GFM tables and autolinks, a single line break kept) as React
 * elements. Raw HTML is never rendered: without rehype-raw react-markdown turns it into text, so an
 * article that writes about `<br>` still shows it. Every link and image URL passes markdownUrl.
 */
export default function MarkdownContent({ markdown }: { markdown: string }) {
  const t = useMarkdownT();
  // GFM footnotes bring a heading and back links of their own, read out by screen readers.
  const footnotes = useMemo(
    () => ({
      footnoteLabel: t('markdown.footnotes'),
      footnoteBackLabel: (referenceIndex: number, rereferenceIndex: number) =>
        t('markdown.backToReference', {
          reference: `${referenceIndex + 1}${rereferenceIndex > 1 ? `-${rereferenceIndex}` : ''}`,
        }),
    }),
    [t],
  );
  return (
    <Markdown
      remarkPlugins={[remarkGfm, remarkBreaks]}
      remarkRehypeOptions={footnotes}
      urlTransform={urlTransform}
      components={COMPONENTS}
    >
      {markdown}
    </Markdown>
  );
}
