import { API_PATHS, type TKbManagedCategory } from '@helpdesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isArticleListKey, isArticleSearchKey, KB_CATEGORIES_KEY } from '../kb/kb-query-keys.ts';

/** GET /api/kb/categories/manage (staff): every category, inactive ones too. */
export const KB_MANAGED_CATEGORIES_KEY = [API_PATHS.kbCategoriesManage] as const;

export type TMoveDirection = 'up' | 'down';

/**
 * The position a category takes when moved one step up or down in the list as shown (the server numbers
 * categories 0, 1, 2 ... so a position is an index); null at either end.
 */
export function movedPosition(
  categories: readonly Pick<TKbManagedCategory, 'id'>[],
  categoryId: string,
  direction: TMoveDirection,
): number | null {
  const index = categories.findIndex((category) => category.id === categoryId);
  if (index === -1) return null;
  const target = direction === 'up' ? index - 1 : index + 1;
  return target < 0 || target >= categories.length ? null : target;
}

/** "BookOpen" -> "Book open": an icon's name as a person reads it (the radio's label). */
export function iconLabel(icon: string): string {
  const words = icon.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A category's articles as the manage list counts them: published ones, and all when others exist. */
export function categoryArticlesLabel(
  category: Pick<TKbManagedCategory, 'articleCount' | 'totalArticleCount'>,
) {
  const published = `${category.articleCount} published`;
  const others = category.totalArticleCount - category.articleCount;
  return others > 0 ? `${published}, ${others} draft or archived` : published;
}

/**
 * After a category changed: both category lists, and every article list and search, as an
 * (in)activated category adds or removes articles from what end users and staff see.
 */
export async function refreshAfterCategoryChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: KB_CATEGORIES_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: KB_MANAGED_CATEGORIES_KEY, exact: true }),
    queryClient.invalidateQueries({
      predicate: (query) => isArticleListKey(query.queryKey) || isArticleSearchKey(query.queryKey),
    }),
  ]);
}
