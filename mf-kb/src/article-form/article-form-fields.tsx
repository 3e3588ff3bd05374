import { ARTICLE_STATUSES } from '@helpdesk/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextareaField, FormTextField } from '@helpdesk/shared-ui/form-text-field';
import type { Control } from 'react-hook-form';
import { ARTICLE_STATUS_MESSAGES, useKbT } from '../kb/messages.ts';
import {
  firstTagError,
  type TArticleFormInput,
  type TArticleFormOutput,
  type TCategoryChoice,
} from './article-form.ts';
import { MarkdownEditor } from './markdown-editor.tsx';
import { useArticleFormT } from './messages.ts';
import { TagsInput } from './tags-input.tsx';

type TProps = {
  /** Passed in rather than read with useFormContext, so each field is typed by the article form's schema. */
  control: Control<TArticleFormInput, unknown, TArticleFormOutput>;
  /** The categories to choose from; undefined while they load. */
  categories: readonly TCategoryChoice[] | undefined;
  isDisabled: boolean;
};

/** Title, category, status, excerpt, content and tags: the fields of both article dialogs. */
export function ArticleFormFields({ control, categories, isDisabled }: TProps) {
  const t = useArticleFormT();
  const kbT = useKbT();
  const statusOptions = ARTICLE_STATUSES.map((status) => ({
    value: status,
    label: kbT(ARTICLE_STATUS_MESSAGES[status]),
  }));
  return (
    <>
      <FormTextField
        control={control}
        name="title"
        label={t('articleForm.title')}
        placeholder={t('articleForm.titlePlaceholder')}
        disabled={isDisabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          control={control}
          name="categoryId"
          label={t('articleForm.category')}
          options={(categories ?? []).map((category) => ({ value: category.id, label: category.name }))}
          placeholder={
            categories === undefined ? t('articleForm.categoriesLoading') : t('articleForm.chooseCategory')
          }
          isDisabled={isDisabled || categories === undefined}
        />
        <FormSelectField
          control={control}
          name="status"
          label={t('articleForm.status')}
          options={statusOptions}
          isDisabled={isDisabled}
        />
      </div>
      <FormTextareaField
        control={control}
        name="excerpt"
        label={t('articleForm.excerpt')}
        rows={2}
        className="min-h-16"
        placeholder={t('articleForm.excerptPlaceholder')}
        disabled={isDisabled}
      />
      <FormField
        control={control}
        name="content"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('articleForm.content')}</FormLabel>
            <FormControl>
              <MarkdownEditor
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                textareaRef={field.ref}
                disabled={isDisabled}
                placeholder={t('articleForm.contentPlaceholder')}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <FormItem>
            <FormLabel>{t('articleForm.tags')}</FormLabel>
            <FormControl>
              <TagsInput
                ref={field.ref}
                name={field.name}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={isDisabled}
                placeholder={t('articleForm.tagsPlaceholder')}
              />
            </FormControl>
            <FormMessage />
            {fieldState.error && !fieldState.error.message && (
              <p className="text-sm text-destructive">{firstTagError(fieldState.error)}</p>
            )}
          </FormItem>
        )}
      />
    </>
  );
}
