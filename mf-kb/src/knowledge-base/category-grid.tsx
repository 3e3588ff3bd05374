import type { TKbCategory } from '@helpdesk/contracts';
import { cn, Skeleton } from '@helpdesk/shared-ui';
import { categoryIcon } from '../kb/category-icons.ts';
import { useKbT } from '../kb/messages.ts';
import { useKnowledgeBaseT } from './messages.ts';

function CategoryCard({
  category,
  isSelected,
  onToggle,
}: {
  category: TKbCategory;
  isSelected: boolean;
  onToggle: (categoryId: string) => void;
}) {
  const t = useKbT();
  const Icon = categoryIcon(category.icon);
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={() => onToggle(category.id)}
      data-testid="kb-category-card"
      className={cn(
        'flex h-full w-full items-start gap-3 rounded-xl border bg-card p-4 text-left text-card-foreground shadow-sm transition-colors hover:border-primary/40 hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isSelected && 'border-primary bg-primary/5 ring-1 ring-primary hover:bg-primary/5',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary',
          isSelected && 'bg-primary text-primary-foreground',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-medium break-words" data-testid="kb-category-name">
          {category.name}
        </span>
        {category.description && (
          <span className="line-clamp-2 text-sm text-muted-foreground">{category.description}</span>
        )}
        <span className="text-xs font-medium text-muted-foreground" data-testid="kb-category-count">
          {t('kb.articleCount', { count: category.articleCount })}
        </span>
      </span>
    </button>
  );
}

type TProps = {
  /** Undefined while loading: skeleton cards instead. */
  categories: readonly TKbCategory[] | undefined;
  selectedId: string | null;
  onToggle: (categoryId: string) => void;
};

const SKELETON_KEYS = ['a', 'b', 'c'];

/** The category cards; clicking one selects it, clicking it again clears the selection. */
export function CategoryGrid({ categories, selectedId, onToggle }: TProps) {
  const t = useKnowledgeBaseT();
  if (categories === undefined) {
    return (
      <div
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-busy="true"
        aria-label={t('knowledgeBase.loadingCategories')}
      >
        {SKELETON_KEYS.map((key) => (
          <div key={key} className="flex gap-3 rounded-xl border bg-card p-4">
            <Skeleton className="size-10 rounded-lg" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-3 w-16" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (categories.length === 0) {
    return (
      <p className="rounded-xl border bg-card px-6 py-10 text-center text-sm text-muted-foreground">
        {t('knowledgeBase.noCategories')}
      </p>
    );
  }
  return (
    <ul
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={t('knowledgeBase.categoriesHeading')}
    >
      {categories.map((category) => (
        <li key={category.id}>
          <CategoryCard category={category} isSelected={category.id === selectedId} onToggle={onToggle} />
        </li>
      ))}
    </ul>
  );
}
