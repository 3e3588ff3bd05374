import {
  API_PATHS,
  type TKbArticleListResponse,
  type TKbCategory,
  type TKbSearchResponse,
} from '@helpdesk/contracts';
import { apiRequest, kbSearchKey, queryKeyToUrl } from '@helpdesk/shared-ui';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { categoryArticlesKey, KB_CATEGORIES_KEY, POPULAR_ARTICLES_KEY } from '../kb/kb-query-keys.ts';

/** GET /api/kb/categories, in sortOrder, each with its count of published articles. */
export function useKbCategories() {
  return useQuery<TKbCategory[]>({ queryKey: KB_CATEGORIES_KEY });
}

/** GET /api/kb/articles?isPopular=true&limit=5 */
export function usePopularArticles() {
  return useQuery<TKbArticleListResponse>({ queryKey: POPULAR_ARTICLES_KEY });
}

/** A category's articles, recently updated first, one page per "Load more". */
export function useCategoryArticles(categoryId: string | null) {
  return useInfiniteQuery({
    queryKey: categoryArticlesKey(categoryId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TKbArticleListResponse>(
        'GET',
        queryKeyToUrl([API_PATHS.kbArticles, { categoryId, cursor: pageParam }]),
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: categoryId !== null,
  });
}

/**
 * GET /api/kb/articles/search?q= for a settled term (null: no search). While a longer term loads,
 * the previous results stay on screen instead of flashing a skeleton on every keystroke.
 */
export function useArticleSearch(term: string | null) {
  return useQuery<TKbSearchResponse>({
    queryKey: kbSearchKey(term ?? ''),
    enabled: term !== null,
    placeholderData: keepPreviousData,
  });
}
