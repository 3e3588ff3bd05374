import { lazy, Suspense } from 'react';

// The parser stays out of the pages' first load: it arrives with the first article shown.
const MarkdownContent = lazy(() => import('./markdown-content.tsx'));

/** An article body rendered from Markdown; its plain text shows while the renderer loads. */
export function MarkdownView({ markdown, testId }: { markdown: string; testId: string }) {
  return (
    <div className="min-w-0 break-words text-sm leading-relaxed" data-testid={testId}>
      <Suspense fallback={<div className="whitespace-pre-wrap">{markdown}</div>}>
        <MarkdownContent markdown={markdown} />
      </Suspense>
    </div>
  );
}
