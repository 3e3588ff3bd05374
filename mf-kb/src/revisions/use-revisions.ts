import {
  API_PATHS,
  kbRevisionDiffPath,
  kbRevisionRestorePath,
  kbRevisionsPath,
  type TKbArticle,
  type TKbRevisionDiff,
  type TKbRevisionListResponse,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfterArticleChange } from '../kb/kb-query-keys.ts';

/** Every query of one article's revisions (list and diffs) starts with this key. */
const revisionsKey = (articleId: string) => [API_PATHS.kbArticles, articleId, 'revisions'] as const;

/** GET .../revisions: the newest 100, read (again) whenever the history opens. */
export function useRevisions(articleId: string, isOpen: boolean) {
  return useQuery({
    enabled: isOpen,
    queryKey: [...revisionsKey(articleId), 'list'],
    queryFn: () => apiRequest<TKbRevisionListResponse>('GET', `${kbRevisionsPath(articleId)}?limit=100`),
    refetchOnMount: 'always',
  });
}

/** GET .../revisions/diff?from&to, when both are chosen. Revisions never change, so a diff is kept. */
export function useRevisionDiff(articleId: string, range: { from: number; to: number } | null) {
  return useQuery({
    queryKey: [...revisionsKey(articleId), 'diff', range?.from, range?.to],
    queryFn: () =>
      apiRequest<TKbRevisionDiff>('GET', kbRevisionDiffPath(articleId, range?.from ?? 1, range?.to ?? 1)),
    enabled: range !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST .../revisions/{number}/restore; the article page shows the answer, the history is read again. */
export function useRestoreRevision(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) => apiRequest<TKbArticle>('POST', kbRevisionRestorePath(articleId, number)),
    onSuccess: (restored) => {
      void refreshAfterArticleChange(queryClient, restored);
      void queryClient.invalidateQueries({ queryKey: revisionsKey(articleId) });
    },
  });
}
