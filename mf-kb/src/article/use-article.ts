import { kbArticlePath, type TKbArticle } from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { articleKey } from '../kb/kb-query-keys.ts';

/**
 * GET /api/kb/articles/{id}, which counts a view: read once per visit of the page (the cached copy
 * shows meanwhile), never again while it stays open: no refetch on focus or reconnect, none after
 * the edit dialog (the save answers with the article). The request is deliberately not tied to the
 * query's abort signal: a page that unmounts and mounts again at once (React's development double
 * mount, a quick back-and-forward) then shares the one request instead of aborting it after the
 * server already counted it and sending a second one.
 */
export function useArticle(articleId: string) {
  return useQuery<TKbArticle>({
    queryKey: articleKey(articleId),
    queryFn: () => apiRequest<TKbArticle>('GET', kbArticlePath(articleId)),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
