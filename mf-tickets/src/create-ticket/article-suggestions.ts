import { KB_LIMITS, type TKbArticleSummary } from '@helpdesk/contracts';
import { kbSearchKey, settledKbSearchTerm } from '@helpdesk/shared-ui';

/** How long typing in Subject must pause before articles are looked up. */
export const SUGGESTION_DEBOUNCE_MS = 300;

/**
 * What to look up for the subject typed so far: nothing at 2 characters or fewer (the knowledge base's
 * search rule), hidden at once when the subject gets that short, else the settled subject.
 */
export function suggestionTerm(subject: string, debouncedSubject: string): string | null {
  return settledKbSearchTerm(subject, debouncedSubject);
}

/** `GET /api/kb/articles/search?q={subject}&limit=3` */
export function suggestionsKey(term: string) {
  return kbSearchKey(term, KB_LIMITS.suggestionsLimit);
}

/** The articles to offer: published ones only (whoever searches), at most three, best match first. */
export function pickSuggestions(articles: readonly TKbArticleSummary[] | undefined): TKbArticleSummary[] {
  return (articles ?? [])
    .filter((article) => article.status === 'published')
    .slice(0, KB_LIMITS.suggestionsLimit);
}

/** Where a suggestion opens (in a new tab, so the half-written ticket stays). */
export function suggestionHref(articleId: string): string {
  return `/kb/article/${encodeURIComponent(articleId)}`;
}
