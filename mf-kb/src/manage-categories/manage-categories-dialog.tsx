import '../remote-styles-full.ts';
import type { TKbManagedCategory } from '@helpdesk/contracts';
import { Badge, Button, Spinner, serverMessage, toast } from '@helpdesk/shared-ui';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@helpdesk/shared-ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { categoryIcon } from '../kb/category-icons.ts';
import { LoadError } from '../knowledge-base/load-error.tsx';
import { CategoryForm, type TCategoryFormValues } from './category-form.tsx';
import { movedPosition, type TMoveDirection } from './category-manage.ts';
import { useCategoriesT } from './messages.ts';
import {
  useCreateCategory,
  useDeleteCategory,
  useManagedCategories,
  useUpdateCategory,
} from './use-category-mutations.ts';

/** What the dialog shows: the list, or the form for a new or an existing category. */
export type TManageView =
  | { mode: 'list' }
  | { mode: 'create' }
  | { mode: 'edit'; category: TKbManagedCategory };

type TProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Where the dialog opens: the list, or straight at "New category" (an empty knowledge base). */
  initialMode: 'list' | 'create';
};

function DeleteCategoryDialog({ category, onClose }: { category: TKbManagedCategory; onClose: () => void }) {
  const t = useCategoriesT();
  const remove = useDeleteCategory();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <AlertDialog open onOpenChange={(next) => (!next && !remove.isPending ? onClose() : undefined)}>
      <AlertDialogContent data-testid="delete-category-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('categories.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('categories.deleteText', { name: category.name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <p role="alert" className="text-sm text-destructive" data-testid="delete-category-refusal">
            {refusal}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>
            {refusal ? t('categories.close') : t('categories.cancel')}
          </AlertDialogCancel>
          {!refusal && (
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(category.id, {
                  onSuccess: () => {
                    toast({ title: t('categories.deleted') });
                    onClose();
                  },
                  onError: (error) => setRefusal(serverMessage(error) ?? t('categories.deleteFailed')),
                })
              }
            >
              {remove.isPending && <Spinner aria-hidden />}
              {t('categories.deleteConfirm')}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function CategoryRow({
  category,
  categories,
  isBusy,
  onEdit,
  onMove,
  onToggleActive,
  onDelete,
}: {
  category: TKbManagedCategory;
  categories: readonly TKbManagedCategory[];
  isBusy: boolean;
  onEdit: () => void;
  onMove: (direction: TMoveDirection) => void;
  onToggleActive: () => void;
  onDelete: () => void;
}) {
  const t = useCategoriesT();
  const Icon = categoryIcon(category.icon);
  const others = category.totalArticleCount - category.articleCount;
  const canMoveUp = movedPosition(categories, category.id, 'up') !== null;
  const canMoveDown = movedPosition(categories, category.id, 'down') !== null;
  return (
    <li
      className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center"
      data-testid="manage-category-row"
      data-active={category.isActive}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words" data-testid="manage-category-name">
              {category.name}
            </span>
            {!category.isActive && <Badge variant="secondary">{t('categories.inactive')}</Badge>}
          </span>
          <span className="text-xs text-muted-foreground">
            {others > 0
              ? t('categories.articlesWithOthers', { published: category.articleCount, others })
              : t('categories.articles', { published: category.articleCount })}
          </span>
        </span>
      </div>
      <div className="flex flex-wrap gap-1 pl-10 sm:flex-nowrap sm:pl-0">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('categories.moveUp', { name: category.name })}
          disabled={isBusy || !canMoveUp}
          onClick={() => onMove('up')}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('categories.moveDown', { name: category.name })}
          disabled={isBusy || !canMoveDown}
          onClick={() => onMove('down')}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('categories.edit', { name: category.name })}
          disabled={isBusy}
          onClick={onEdit}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={
            category.isActive
              ? t('categories.deactivate', { name: category.name })
              : t('categories.activate', { name: category.name })
          }
          title={category.isActive ? t('categories.deactivateHint') : t('categories.activateHint')}
          disabled={isBusy}
          onClick={onToggleActive}
        >
          {category.isActive ? (
            <EyeOff className="size-4" aria-hidden />
          ) : (
            <Eye className="size-4" aria-hidden />
          )}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('categories.delete', { name: category.name })}
          className="text-destructive hover:text-destructive"
          disabled={isBusy}
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** Manage categories (staff): create, edit, move, (de)activate and delete the knowledge base's categories. */
export function ManageCategoriesDialog({ isOpen, onOpenChange, initialMode }: TProps) {
  const t = useCategoriesT();
  const categories = useManagedCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [view, setView] = useState<TManageView>({ mode: initialMode });
  const [deleting, setDeleting] = useState<TKbManagedCategory | null>(null);
  const isPending = create.isPending || update.isPending;

  function handleOpenChange(next: boolean) {
    if (!next && isPending) return;
    if (!next) setView({ mode: 'list' });
    onOpenChange(next);
  }

  function save(values: TCategoryFormValues, onError: (error: unknown) => void) {
    const body = { name: values.name, description: values.description, icon: values.icon };
    const done = () => {
      toast({ title: view.mode === 'edit' ? t('categories.updated') : t('categories.created') });
      setView({ mode: 'list' });
    };
    if (view.mode === 'edit') update.mutate({ id: view.category.id, body }, { onSuccess: done, onError });
    else create.mutate(body, { onSuccess: done, onError });
  }

  function patch(category: TKbManagedCategory, body: { sortOrder?: number; isActive?: boolean }) {
    update.mutate(
      { id: category.id, body },
      {
        onError: (error) =>
          toast({
            title: t('categories.changeFailed'),
            description: serverMessage(error) ?? t('categories.tryLater'),
            variant: 'destructive',
          }),
      },
    );
  }

  const list = categories.data ?? [];
  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        data-testid="manage-categories-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {view.mode === 'list'
              ? t('categories.manageTitle')
              : view.mode === 'edit'
                ? t('categories.editTitle')
                : t('categories.newTitle')}
          </DialogTitle>
          <DialogDescription>
            {view.mode === 'list'
              ? t('categories.listDescription')
              : list.length === 0 && view.mode === 'create'
                ? t('categories.firstDescription')
                : t('categories.formDescription')}
          </DialogDescription>
        </DialogHeader>
        {view.mode === 'list' ? (
          <div className="grid gap-3">
            <div>
              <Button onClick={() => setView({ mode: 'create' })} data-testid="new-category-button">
                <Plus className="size-4" aria-hidden />
                {t('categories.newTitle')}
              </Button>
            </div>
            {categories.isError ? (
              <LoadError
                title={t('categories.loadFailed')}
                text={t('categories.loadFailedText')}
                isRetrying={categories.isFetching}
                onRetry={() => void categories.refetch()}
                testId="manage-categories-error"
              />
            ) : categories.data === undefined ? (
              <Spinner aria-label={t('categories.loading')} />
            ) : list.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('categories.none')}</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label={t('categories.listLabel')}>
                {list.map((category) => (
                  <CategoryRow
                    key={category.id}
                    category={category}
                    categories={list}
                    isBusy={isPending}
                    onEdit={() => setView({ mode: 'edit', category })}
                    onMove={(direction) => {
                      const position = movedPosition(list, category.id, direction);
                      if (position !== null) patch(category, { sortOrder: position });
                    }}
                    onToggleActive={() => patch(category, { isActive: !category.isActive })}
                    onDelete={() => setDeleting(category)}
                  />
                ))}
              </ul>
            )}
          </div>
        ) : (
          <CategoryForm
            key={view.mode === 'edit' ? view.category.id : 'new'}
            category={view.mode === 'edit' ? view.category : undefined}
            isPending={isPending}
            onSave={save}
            onCancel={() => setView({ mode: 'list' })}
          />
        )}
        {deleting && <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />}
      </DialogContent>
    </Dialog>
  );
}
