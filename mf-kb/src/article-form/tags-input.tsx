import { KB_LIMITS } from '@helpdesk/contracts';
import { Badge, cn } from '@helpdesk/shared-ui';
import { X } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useState } from 'react';
import { useArticleFormT } from './messages.ts';
import { addTags, commitCompletedTags, TAG_PROBLEMS } from './tags.ts';

type TProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> & {
  value: readonly string[];
  onChange: (tags: string[]) => void;
};

/**
 * Tags as chips: type a tag and press Enter or a comma (or paste a comma-separated list); a chip's
 * × or Backspace in the empty box removes one. Text still in the box becomes a tag when the box
 * loses focus, so clicking Save keeps it. Other props (id, aria-*) reach the text box.
 */
export function TagsInput({ value, onChange, onBlur, disabled, className, ...inputProps }: TProps) {
  const t = useArticleFormT();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function commit(text: string) {
    const result = addTags(value, text);
    setProblem(result.problem);
    if (result.tags.length !== value.length) onChange(result.tags);
    setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the tag instead of submitting the dialog's form.
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="grid gap-1.5">
      <div
        className={cn(
          'flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-transparent px-2 py-1.5 shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 has-[[aria-invalid=true]]:border-destructive',
          disabled && 'cursor-not-allowed opacity-50',
          className,
        )}
      >
        {value.map((tag) => (
          <Badge key={tag} variant="secondary" className="gap-1 pr-1" data-testid="tag-chip">
            {tag}
            <button
              type="button"
              className="rounded-sm p-0.5 hover:bg-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t('articleForm.removeTag', { tag })}
              disabled={disabled}
              onClick={() => onChange(value.filter((t) => t !== tag))}
            >
              <X className="size-3" aria-hidden />
            </button>
          </Badge>
        ))}
        <input
          {...inputProps}
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            const next = commitCompletedTags(value, event.target.value);
            if (next.tags.length !== value.length) onChange(next.tags);
            setProblem(next.problem);
            setDraft(next.draft);
          }}
          onKeyDown={handleKeyDown}
          onBlur={(event) => {
            if (draft.trim() !== '') commit(draft);
            onBlur?.(event);
          }}
          className="min-w-32 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
      </div>
      {problem && (
        <p className="text-sm text-destructive" data-testid="tags-problem">
          {problem === TAG_PROBLEMS.tooLong
            ? t('articleForm.tagTooLong', { max: KB_LIMITS.tagMax })
            : problem === TAG_PROBLEMS.tooMany
              ? t('articleForm.tooManyTags', { max: KB_LIMITS.tagsMax })
              : problem}
        </p>
      )}
    </div>
  );
}
