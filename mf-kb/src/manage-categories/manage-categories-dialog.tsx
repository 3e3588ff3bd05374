import '../remote-styles-full.ts';
import { KB_CATEGORY_MESSAGES, type TKbManagedCategory } from '@helpdesk/contracts';
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
import { categoryArticlesLabel, movedPosition, type TMoveDirection } from './category-manage.ts';
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
  const remove = useDeleteCategory();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <AlertDialog open onOpenChange={(next) => (!next && !remove.isPending ? onClose() : undefined)}>
      <AlertDialogContent data-testid="delete-category-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete category?</AlertDialogTitle>
          <AlertDialogDescription>
            {category.name} is removed for good. Only a category without articles can be deleted; deactivate
            it to hide it instead.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <p role="alert" className="text-sm text-destructive" data-testid="delete-category-refusal">
            {refusal}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{refusal ? 'Close' : 'Cancel'}</AlertDialogCancel>
          {!refusal && (
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(category.id, {
                  onSuccess: () => {
                    toast({ title: KB_CATEGORY_MESSAGES.deleted });
                    onClose();
                  },
                  onError: (error) =>
                    setRefusal(serverMessage(error) ?? 'The category could not be deleted.'),
                })
              }
            >
              {remove.isPending && <Spinner aria-hidden />}
              Delete category
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
  const Icon = categoryIcon(category.icon);
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
            {!category.isActive && <Badge variant="secondary">Inactive</Badge>}
          </span>
          <span className="text-xs text-muted-foreground">{categoryArticlesLabel(category)}</span>
        </span>
      </div>
      <div className="flex flex-wrap gap-1 pl-10 sm:flex-nowrap sm:pl-0">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${category.name} up`}
          disabled={isBusy || !canMoveUp}
          onClick={() => onMove('up')}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${category.name} down`}
          disabled={isBusy || !canMoveDown}
          onClick={() => onMove('down')}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${category.name}`}
          disabled={isBusy}
          onClick={onEdit}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${category.isActive ? 'Deactivate' : 'Activate'} ${category.name}`}
          title={category.isActive ? 'Deactivate (hide from end users)' : 'Activate'}
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
          aria-label={`Delete ${category.name}`}
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
      toast({ title: view.mode === 'edit' ? KB_CATEGORY_MESSAGES.updated : KB_CATEGORY_MESSAGES.created });
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
            title: 'The category could not be changed',
            description: serverMessage(error) ?? 'Please try again later.',
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
              ? 'Manage categories'
              : view.mode === 'edit'
                ? 'Edit category'
                : 'New category'}
          </DialogTitle>
          <DialogDescription>
            {view.mode === 'list'
              ? 'Categories group the articles. End users see active categories only, in this order.'
              : list.length === 0 && view.mode === 'create'
                ? 'Every article belongs to a category: create the first one, then write your first article.'
                : 'The name and icon show on the category card.'}
          </DialogDescription>
        </DialogHeader>
        {view.mode === 'list' ? (
          <div className="grid gap-3">
            <div>
              <Button onClick={() => setView({ mode: 'create' })} data-testid="new-category-button">
                <Plus className="size-4" aria-hidden />
                New category
              </Button>
            </div>
            {categories.isError ? (
              <LoadError
                title="Failed to load categories"
                text="The categories could not be loaded. Check your connection and try again."
                isRetrying={categories.isFetching}
                onRetry={() => void categories.refetch()}
                testId="manage-categories-error"
              />
            ) : categories.data === undefined ? (
              <Spinner aria-label="Loading categories" />
            ) : list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No categories yet.</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label="Categories in order">
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
