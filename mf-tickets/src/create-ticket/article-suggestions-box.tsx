import type { TKbArticleSummary } from '@helpdesk/contracts';
import { cn } from '@helpdesk/shared-ui';
import { BookOpen, ExternalLink, Lightbulb } from 'lucide-react';
import { useRef } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { suggestionHref } from './article-suggestions.ts';
import type { TCreateTicketFormInput, TCreateTicketFormOutput } from './create-ticket-form.ts';
import { useCreateTicketT } from './messages.ts';
import { useArticleSuggestions } from './use-article-suggestions.ts';

function SuggestionList({
  articles,
  onOpenArticle,
}: {
  articles: readonly TKbArticleSummary[];
  onOpenArticle: (articleId: string) => void;
}) {
  const t = useCreateTicketT();
  return (
    <section
      aria-label={t('createTicket.suggestions')}
      className="rounded-md border border-primary/20 bg-primary/5 px-3 py-2.5"
      data-testid="article-suggestions"
    >
      <h3 className="flex items-center gap-1.5 font-medium text-sm">
        <Lightbulb className="size-4 text-primary" aria-hidden />
        {t('createTicket.suggestions')}
      </h3>
      <ul className="mt-1.5 grid gap-1">
        {articles.map((article) => (
          <li key={article.id}>
            <a
              href={suggestionHref(article.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="group flex items-start gap-2 rounded-sm py-0.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              data-testid="article-suggestion"
              onClick={() => onOpenArticle(article.id)}
              onAuxClick={() => onOpenArticle(article.id)}
            >
              <BookOpen className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="font-medium text-primary break-words group-hover:underline">
                  {article.title}
                </span>
                {article.excerpt && (
                  <span className="line-clamp-1 text-xs text-muted-foreground">{article.excerpt}</span>
                )}
              </span>
              <ExternalLink className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">{t('createTicket.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

type TProps = {
  control: Control<TCreateTicketFormInput, unknown, TCreateTicketFormOutput>;
  /** A suggestion was opened (in a new tab): the dialog counts a deflection if the draft is then abandoned. */
  onOpenArticle: (articleId: string) => void;
};

/**
 * Knowledge base articles that may already answer the ticket, under the Subject while it is typed.
 * It watches the subject itself, so typing re-renders only this box, not the whole dialog. The box
 * slides open and shut (its row grows from 0fr) instead of pushing the fields below it in one
 * jump; while it shuts it keeps showing the last articles, and once shut it leaves the form's grid
 * (display none) so it adds no row gap.
 */
export function ArticleSuggestionsBox({ control, onOpenArticle }: TProps) {
  const subject = useWatch({ control, name: 'title' }) ?? '';
  const articles = useArticleSuggestions(subject);
  const lastShown = useRef<readonly TKbArticleSummary[]>([]);
  if (articles.length > 0) lastShown.current = articles;
  const isOpen = articles.length > 0;
  const shown = isOpen ? articles : lastShown.current;
  return (
    <div
      data-state={isOpen ? 'open' : 'closed'}
      data-testid="article-suggestions-box"
      aria-hidden={!isOpen}
      inert={!isOpen}
      className={cn(
        'grid-rows-[0fr] opacity-0 transition-all transition-discrete duration-200 ease-out motion-reduce:transition-none',
        isOpen ? 'grid grid-rows-[1fr] opacity-100 starting:grid-rows-[0fr] starting:opacity-0' : 'hidden',
      )}
    >
      <div className="min-h-0 overflow-hidden">
        {shown.length > 0 && <SuggestionList articles={shown} onOpenArticle={onOpenArticle} />}
      </div>
    </div>
  );
}
