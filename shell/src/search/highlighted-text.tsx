import type { THighlightRange } from '@helpdesk/contracts';
import { highlightSegments } from './search-model.ts';

/** Text with the search's matches in <mark>: React elements only, the text is never parsed as HTML. */
export function HighlightedText({
  text,
  highlights,
  className,
}: {
  text: string;
  highlights: readonly THighlightRange[];
  className?: string;
}) {
  return (
    <span className={className}>
      {highlightSegments(text, highlights).map((segment, index) =>
        segment.isMarked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text keep their order
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text keep their order
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
