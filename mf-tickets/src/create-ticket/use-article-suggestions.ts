import type { TKbArticleSummary, TKbSearchResponse } from '@helpdesk/contracts';
import { useDebouncedValue } from '@helpdesk/shared-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  pickSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  suggestionsKey,
  suggestionTerm,
} from './article-suggestions.ts';

/**
 * Up to three published articles matching the subject, looked up once typing pauses. A lookup
 * superseded by newer typing is aborted (the default query function passes the query's signal to
 * fetch); the last articles stay while the next lookup runs, so the list does not blink; a failed
 * lookup shows nothing.
 */
export function useArticleSuggestions(subject: string): TKbArticleSummary[] {
  const debouncedSubject = useDebouncedValue(subject, SUGGESTION_DEBOUNCE_MS);
  const term = suggestionTerm(subject, debouncedSubject);
  const search = useQuery<TKbSearchResponse>({
    queryKey: suggestionsKey(term ?? ''),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });
  if (term === null || search.isError) return [];
  return pickSuggestions(search.data?.articles);
}
