import {
  API_PATHS,
  kbArticlePath,
  type TCreateArticleRequest,
  type TKbArticle,
  type TUpdateArticleRequest,
} from '@helpdesk/contracts';
import { apiRequest } from '@helpdesk/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterArticleChange } from '../kb/kb-query-keys.ts';

/** POST /api/kb/articles, then the counts, lists and searches are read again. */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateArticleRequest) => apiRequest<TKbArticle>('POST', API_PATHS.kbArticles, body),
    onSuccess: () => {
      void refreshAfterArticleChange(queryClient, null);
    },
  });
}

/** PUT /api/kb/articles/{id}; the article page shows the answer without reading the article again. */
export function useUpdateArticle(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateArticleRequest) =>
      apiRequest<TKbArticle>('PUT', kbArticlePath(articleId), body),
    onSuccess: (saved) => {
      void refreshAfterArticleChange(queryClient, saved);
    },
  });
}
