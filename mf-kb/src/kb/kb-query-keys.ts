import { API_PATHS, LIMITS, type TKbArticle } from '@helpdesk/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** GET /api/kb/categories */
export const KB_CATEGORIES_KEY = [API_PATHS.kbCategories] as const;

/** GET /api/kb/articles?isPopular=true&limit=5 */
export const POPULAR_ARTICLES_KEY = [
  API_PATHS.kbArticles,
  { isPopular: 'true', limit: LIMITS.popularArticlesLimit },
] as const;

/** GET /api/kb/articles?categoryId={id}, the first page (later pages add the cursor). */
export const categoryArticlesKey = (categoryId: string) => [API_PATHS.kbArticles, { categoryId }] as const;

/** GET /api/kb/articles/{id}: the default query function fetches it from the key (and the API counts a view). */
export const articleKey = (articleId: string) => [API_PATHS.kbArticles, articleId] as const;

/** An article list, whoever shows it: the articles path followed by one object of query parameters. */
export function isArticleListKey(queryKey: QueryKey): boolean {
  const params = queryKey[1];
  return (
    queryKey.length === 2 &&
    queryKey[0] === API_PATHS.kbArticles &&
    typeof params === 'object' &&
    params !== null
  );
}

/** Any knowledge base search, the page's and the Create Ticket dialog's suggestions alike. */
export function isArticleSearchKey(queryKey: QueryKey): boolean {
  return queryKey[0] === API_PATHS.kbArticlesSearch;
}

/**
 * After an article was created or saved: the category counts, every list and every search may
 * have changed. A saved article's own page takes the server's answer instead of reading it again,
 * because reading it counts a view.
 */
export async function refreshAfterArticleChange(
  queryClient: QueryClient,
  saved: TKbArticle | null,
): Promise<void> {
  if (saved) {
    queryClient.setQueryData<TKbArticle>(articleKey(saved.id), (cached) =>
      cached ? { ...cached, ...saved } : cached,
    );
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: KB_CATEGORIES_KEY, exact: true }),
    queryClient.invalidateQueries({
      predicate: (query) => isArticleListKey(query.queryKey) || isArticleSearchKey(query.queryKey),
    }),
  ]);
}
