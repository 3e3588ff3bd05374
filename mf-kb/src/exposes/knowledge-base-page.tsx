import '../remote-styles.ts';
import type { TKbArticle, TRemotePageProps } from '@helpdesk/contracts';
import { KB_LIMITS } from '@helpdesk/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Input,
  kbSearchTerm,
  Spinner,
  settledKbSearchTerm,
  useDebouncedValue,
} from '@helpdesk/shared-ui';
import { FolderCog, Plus, Search, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { canEditArticles } from '../kb/article-labels.ts';
import { ArticleList } from '../knowledge-base/article-list.tsx';
import { CategoryGrid } from '../knowledge-base/category-grid.tsx';
import { LoadError } from '../knowledge-base/load-error.tsx';
import { useKnowledgeBaseT } from '../knowledge-base/messages.ts';
import {
  useArticleSearch,
  useCategoryArticles,
  useKbCategories,
  usePopularArticles,
} from '../knowledge-base/use-kb-lists.ts';

// The article form (react-hook-form, the editor) is fetched when an editor reaches for it, not with the
// page: a remote's first use stays one small chunk (docs/performance.md, frontend budgets).
const loadArticleFormDialog = () => import('../article-form/article-form-dialog.tsx');
const CreateArticleDialog = lazy(() =>
  loadArticleFormDialog().then((module) => ({ default: module.CreateArticleDialog })),
);
const preloadArticleFormDialog = () => void loadArticleFormDialog();
const loadManageCategoriesDialog = () => import('../manage-categories/manage-categories-dialog.tsx');
const ManageCategoriesDialog = lazy(() =>
  loadManageCategoriesDialog().then((module) => ({ default: module.ManageCategoriesDialog })),
);
const preloadManageCategoriesDialog = () => void loadManageCategoriesDialog();
// Only a desk without categories shows the empty start: it is not part of every first use either.
const EmptyKnowledgeBase = lazy(() =>
  import('../knowledge-base/empty-knowledge-base.tsx').then((module) => ({
    default: module.EmptyKnowledgeBase,
  })),
);

/** How long typing must pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

function SearchResults({ text, term, isStaff }: { text: string; term: string | null; isStaff: boolean }) {
  const t = useKnowledgeBaseT();
  const search = useArticleSearch(term);
  const articles = term === null ? undefined : search.data?.articles;
  return (
    <Card className="gap-0 pb-0" data-testid="kb-search-results">
      <CardHeader className="grid-rows-[auto] border-b [.border-b]:pb-4">
        <CardTitle className="flex items-center gap-2 break-words" data-testid="kb-search-title">
          {t('knowledgeBase.searchTitle', { text })}
          {search.isFetching && search.isPlaceholderData && (
            <Spinner aria-label={t('knowledgeBase.searching')} className="text-muted-foreground" />
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-0">
        {search.isError ? (
          <div className="p-6">
            <LoadError
              title={t('knowledgeBase.searchFailed')}
              text={t('knowledgeBase.searchFailedText')}
              isRetrying={search.isFetching}
              onRetry={() => void search.refetch()}
              testId="kb-search-error"
            />
          </div>
        ) : (
          <ArticleList
            articles={articles}
            meta="author"
            skeletonRows={3}
            empty={t('knowledgeBase.searchEmpty')}
            isStatusShown={isStaff}
          />
        )}
      </CardContent>
    </Card>
  );
}

function CategoryArticles({
  categoryId,
  name,
  description,
  isStaff,
}: {
  categoryId: string;
  name: string;
  description: string | null;
  isStaff: boolean;
}) {
  const t = useKnowledgeBaseT();
  const list = useCategoryArticles(categoryId);
  const articles = list.data?.pages.flatMap((page) => page.articles);
  return (
    <Card className="gap-0 pb-0" data-testid="kb-category-articles">
      <CardHeader className="border-b [.border-b]:pb-4">
        <CardTitle>{name}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="px-0">
        {list.isError && !list.isFetchNextPageError ? (
          <div className="p-6">
            <LoadError
              title={t('knowledgeBase.articlesFailed')}
              text={t('knowledgeBase.articlesFailedText')}
              isRetrying={list.isFetching}
              onRetry={() => void list.refetch()}
              testId="kb-category-articles-error"
            />
          </div>
        ) : (
          <ArticleList
            articles={articles}
            meta="updated"
            skeletonRows={3}
            empty={t('knowledgeBase.categoryEmpty')}
            isStatusShown={isStaff}
          />
        )}
        {(list.hasNextPage || list.isFetchNextPageError) && (
          <div className="flex flex-col items-center gap-2 border-t p-4">
            {list.isFetchNextPageError && (
              <p className="text-sm text-destructive">{t('knowledgeBase.nextFailed')}</p>
            )}
            <Button
              variant="outline"
              size="sm"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage && <Spinner aria-hidden />}
              {list.isFetchingNextPage
                ? t('knowledgeBase.loadingMore')
                : list.isFetchNextPageError
                  ? t('knowledgeBase.retry')
                  : t('knowledgeBase.loadMore')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function PopularArticles({ isStaff }: { isStaff: boolean }) {
  const t = useKnowledgeBaseT();
  const popular = usePopularArticles();
  return (
    <Card className="gap-0 pb-0" data-testid="kb-popular-articles">
      <CardHeader className="border-b [.border-b]:pb-4">
        <CardTitle>{t('knowledgeBase.popularTitle')}</CardTitle>
        <CardDescription>{t('knowledgeBase.popularDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        {popular.isError ? (
          <div className="p-6">
            <LoadError
              title={t('knowledgeBase.popularFailed')}
              text={t('knowledgeBase.popularFailedText')}
              isRetrying={popular.isFetching}
              onRetry={() => void popular.refetch()}
              testId="kb-popular-error"
            />
          </div>
        ) : (
          <ArticleList
            articles={popular.data?.articles}
            meta="category"
            skeletonRows={5}
            empty={t('knowledgeBase.popularEmpty')}
            isStatusShown={isStaff}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** /kb: search, the category cards with the selected category's articles, and the popular articles. */
export default function KnowledgeBasePage({ currentUser }: TRemotePageProps) {
  const t = useKnowledgeBaseT();
  const isStaff = canEditArticles(currentUser.role);
  const [searchText, setSearchText] = useState('');
  const debouncedText = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [selectedCategoryId, setSelectedCategoryId] = useState<string | null>(null);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // Stays mounted after the first open so the closing animation and the form's state survive.
  const [isCreateMounted, setIsCreateMounted] = useState(false);
  const [manage, setManage] = useState<{ isOpen: boolean; mode: 'list' | 'create'; opening: number } | null>(
    null,
  );
  const categories = useKbCategories();
  const isEmpty = categories.data?.length === 0;

  // Each opening starts afresh (a new key), at the list or straight at a new category.
  function openManage(mode: 'list' | 'create') {
    setManage((current) => ({ isOpen: true, mode, opening: (current?.opening ?? 0) + 1 }));
  }

  const isSearching = kbSearchTerm(searchText) !== null;
  const selectedCategory = categories.data?.find((c) => c.id === selectedCategoryId) ?? null;

  function toggleCategory(categoryId: string) {
    setSelectedCategoryId((current) => (current === categoryId ? null : categoryId));
    setSearchText('');
  }

  function showCreated(article: TKbArticle) {
    // The new article appears where its author looks next: its category, with the search cleared.
    setSelectedCategoryId(article.categoryId);
    setSearchText('');
  }

  return (
    <div
      className="flex flex-col gap-6"
      data-testid="knowledge-base-page"
      // Names a build when PUBLIC_MF_BUILD_LABEL is set, so a redeploy is observable; absent otherwise.
      data-build-label={import.meta.env.PUBLIC_MF_BUILD_LABEL || undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-xl">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            maxLength={KB_LIMITS.searchQueryMax}
            placeholder={t('knowledgeBase.searchPlaceholder')}
            aria-label={t('knowledgeBase.searchLabel')}
            className="bg-background pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
            data-testid="kb-search-input"
          />
          {searchText !== '' && (
            <button
              type="button"
              onClick={() => setSearchText('')}
              aria-label={t('knowledgeBase.clearSearch')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
        {isStaff && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => openManage('list')}
              onPointerEnter={preloadManageCategoriesDialog}
              onFocus={preloadManageCategoriesDialog}
              data-testid="manage-categories-button"
            >
              <FolderCog className="size-4" aria-hidden />
              {t('knowledgeBase.manageCategories')}
            </Button>
            <Button
              onClick={() => {
                // Every article belongs to a category: with none yet, the first step is making one.
                if (isEmpty) {
                  openManage('create');
                  return;
                }
                setIsCreateMounted(true);
                setIsCreateOpen(true);
              }}
              onPointerEnter={preloadArticleFormDialog}
              onFocus={preloadArticleFormDialog}
              data-testid="create-article-button"
            >
              <Plus className="size-4" aria-hidden />
              {t('knowledgeBase.createArticle')}
            </Button>
          </div>
        )}
      </div>

      {isSearching ? (
        <SearchResults
          text={searchText.trim()}
          term={settledKbSearchTerm(searchText, debouncedText)}
          isStaff={isStaff}
        />
      ) : isEmpty ? (
        <Suspense
          fallback={
            <Spinner aria-label={t('knowledgeBase.loading')} className="mx-auto text-muted-foreground" />
          }
        >
          <EmptyKnowledgeBase isStaff={isStaff} onCreateCategory={() => openManage('create')} />
        </Suspense>
      ) : (
        <>
          <section className="flex flex-col gap-3" aria-labelledby="kb-categories-heading">
            <h2 id="kb-categories-heading" className="font-semibold text-lg tracking-tight">
              {t('knowledgeBase.categoriesHeading')}
            </h2>
            {categories.isError ? (
              <LoadError
                title={t('knowledgeBase.categoriesFailed')}
                text={t('knowledgeBase.categoriesFailedText')}
                isRetrying={categories.isFetching}
                onRetry={() => void categories.refetch()}
                testId="kb-categories-error"
              />
            ) : (
              <CategoryGrid
                categories={categories.data}
                selectedId={selectedCategoryId}
                onToggle={toggleCategory}
              />
            )}
          </section>
          {selectedCategory ? (
            <CategoryArticles
              key={selectedCategory.id}
              categoryId={selectedCategory.id}
              name={selectedCategory.name}
              description={selectedCategory.description}
              isStaff={isStaff}
            />
          ) : (
            <PopularArticles isStaff={isStaff} />
          )}
        </>
      )}

      {isStaff && manage && (
        <Suspense fallback={null}>
          <ManageCategoriesDialog
            key={manage.opening}
            isOpen={manage.isOpen}
            initialMode={manage.mode}
            onOpenChange={(isOpen) => setManage((current) => current && { ...current, isOpen })}
          />
        </Suspense>
      )}
      {isStaff && isCreateMounted && (
        <Suspense fallback={null}>
          <CreateArticleDialog isOpen={isCreateOpen} onOpenChange={setIsCreateOpen} onCreated={showCreated} />
        </Suspense>
      )}
    </div>
  );
}
