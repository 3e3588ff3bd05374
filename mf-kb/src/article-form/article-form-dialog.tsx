import '../remote-styles-full.ts';
import type { TKbArticle } from '@helpdesk/contracts';
import { Button, Spinner, toast } from '@helpdesk/shared-ui';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { Form } from '@helpdesk/shared-ui/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useKbCategories } from '../knowledge-base/use-kb-lists.ts';
import { useEditConflict } from '../revisions/use-edit-conflict.tsx';
import {
  ARTICLE_FORM_DEFAULTS,
  articleFormValues,
  articleSaveFailure,
  categoryChoices,
  createArticleBody,
  type TArticleFormInput,
  type TArticleFormOutput,
  type TArticleFormValues,
  type TCategoryChoice,
  updateArticleBody,
  ZArticleForm,
} from './article-form.ts';
import { ArticleFormFields } from './article-form-fields.tsx';
import { ArticlePopularField } from './article-popular-field.tsx';
import { useArticleFormT } from './messages.ts';
import { useCreateArticle, useUpdateArticle } from './use-save-article.ts';

/** The save's texts by dialog: its toasts and its submit button. */
const SAVE_MESSAGES = {
  create: {
    success: 'articleForm.created',
    successText: 'articleForm.createdText',
    failure: 'articleForm.createFailed',
    idle: 'articleForm.createTitle',
    pending: 'articleForm.creating',
  },
  update: {
    success: 'articleForm.updated',
    successText: 'articleForm.updatedText',
    failure: 'articleForm.updateFailed',
    idle: 'articleForm.save',
    pending: 'articleForm.saving',
  },
} as const;

type TSave = {
  isPending: boolean;
  save: (
    values: TArticleFormOutput,
    callbacks: { onSuccess: (article: TKbArticle) => void; onError: (error: Error) => void },
  ) => void;
  reset: () => void;
};

type TFormProps = {
  kind: 'create' | 'update';
  initialValues: TArticleFormValues;
  /** The edited article's category, offered even when it is no longer active. */
  currentCategory: TCategoryChoice | null;
  save: TSave;
  onCancel: () => void;
  onSaved: (article: TKbArticle) => void;
};

/** The form inside an article dialog; it mounts with the dialog, so every opening starts from its initial values. */
function ArticleForm({ kind, initialValues, currentCategory, save, onCancel, onSaved }: TFormProps) {
  const t = useArticleFormT();
  const messages = SAVE_MESSAGES[kind];
  const categories = useKbCategories();
  const form = useForm<TArticleFormInput, unknown, TArticleFormOutput>({
    // Both dialogs check the create request's rules: the fields are the same, and the slug is no field.
    resolver: zodResolver(ZArticleForm),
    defaultValues: initialValues,
    // Errors come back only on the next submit: editing a field just clears its message.
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  function submit(values: TArticleFormOutput) {
    save.save(values, {
      onSuccess: (article) => {
        toast({ title: t(messages.success), description: t(messages.successText) });
        onSaved(article);
      },
      onError: (error) => {
        const failure = articleSaveFailure(kind, error, {
          title: t(messages.failure),
          tryLater: t('articleForm.tryLater'),
        });
        if (failure.kind === 'fields') {
          for (const [name, message] of failure.fields) {
            form.setError(name, { type: 'server', message }, { shouldFocus: true });
          }
        } else {
          toast({ title: failure.title, description: failure.description, variant: 'destructive' });
        }
      },
    });
  }

  const isPending = save.isPending;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
        <ArticleFormFields
          control={form.control}
          categories={categoryChoices(categories.data, currentCategory)}
          isDisabled={isPending}
        />
        {kind === 'update' && <ArticlePopularField control={form.control} isDisabled={isPending} />}
        {categories.isError && (
          <p className="text-sm text-destructive">{t('articleForm.categoriesFailed')}</p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
            {t('articleForm.cancel')}
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending && <Spinner aria-hidden />}
            {isPending ? t(messages.pending) : t(messages.idle)}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

type TDialogShellProps = {
  title: string;
  description: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  save: TSave;
  testId: string;
  children: (close: () => void) => ReactNode;
};

function ArticleDialogShell({
  title,
  description,
  isOpen,
  onOpenChange,
  save,
  testId,
  children,
}: TDialogShellProps) {
  function handleOpenChange(next: boolean) {
    // Closing mid-request would hide whether the article was saved; Cancel waits for the answer.
    if (!next && save.isPending) return;
    if (!next) save.reset();
    onOpenChange(next);
  }
  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => handleOpenChange(false))}
      </DialogContent>
    </Dialog>
  );
}

type TCreateProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (article: TKbArticle) => void;
};

/** The Create Article dialog (agents and admins): the slug is built from the title on submit. */
export function CreateArticleDialog({ isOpen, onOpenChange, onCreated }: TCreateProps) {
  const t = useArticleFormT();
  const create = useCreateArticle();
  const save: TSave = {
    isPending: create.isPending,
    save: (values, callbacks) => create.mutate(createArticleBody(values), callbacks),
    reset: create.reset,
  };
  return (
    <ArticleDialogShell
      title={t('articleForm.createTitle')}
      description={t('articleForm.createDescription')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      save={save}
      testId="create-article-dialog"
    >
      {(close) => (
        <ArticleForm
          kind="create"
          initialValues={ARTICLE_FORM_DEFAULTS}
          currentCategory={null}
          save={save}
          onCancel={close}
          onSaved={(article) => {
            onOpenChange(false);
            create.reset();
            onCreated(article);
          }}
        />
      )}
    </ArticleDialogShell>
  );
}

type TEditProps = {
  article: TKbArticle;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** The Edit Article dialog (agents and admins), prefilled from the article. */
export function EditArticleDialog({ article, isOpen, onOpenChange }: TEditProps) {
  const t = useArticleFormT();
  const update = useUpdateArticle(article.id);
  const conflict = useEditConflict(article);
  const save: TSave = {
    isPending: update.isPending,
    save: (values, callbacks) =>
      update.mutate(
        { ...updateArticleBody(values), baseRevision: conflict.baseRevision },
        {
          onSuccess: callbacks.onSuccess,
          onError: (error) => {
            if (!conflict.handleConflict(error, values)) callbacks.onError(error);
          },
        },
      ),
    reset: () => {
      update.reset();
      conflict.reset();
    },
  };
  return (
    <ArticleDialogShell
      title={t('articleForm.editTitle')}
      description={t('articleForm.editDescription')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      save={save}
      testId="edit-article-dialog"
    >
      {(close) => (
        <>
          {conflict.notice}
          <ArticleForm
            key={article.revision}
            kind="update"
            initialValues={articleFormValues(article)}
            currentCategory={article.category}
            save={save}
            onCancel={close}
            onSaved={() => {
              onOpenChange(false);
              update.reset();
            }}
          />
        </>
      )}
    </ArticleDialogShell>
  );
}
