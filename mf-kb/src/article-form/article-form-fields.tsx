import { ARTICLE_STATUSES } from '@helpdesk/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import { FormSelectField } from '@helpdesk/shared-ui/form-select-field';
import { FormTextareaField, FormTextField } from '@helpdesk/shared-ui/form-text-field';
import type { Control } from 'react-hook-form';
import { ARTICLE_STATUS_LABELS } from '../kb/article-labels.ts';
import {
  firstTagError,
  type TArticleFormInput,
  type TArticleFormOutput,
  type TCategoryChoice,
} from './article-form.ts';
import { MarkdownEditor } from './markdown-editor.tsx';
import { TagsInput } from './tags-input.tsx';

const STATUS_OPTIONS = ARTICLE_STATUSES.map((status) => ({
  value: status,
  label: ARTICLE_STATUS_LABELS[status],
}));

type TProps = {
  /** Passed in rather than read with useFormContext, so each field is typed by the article form's schema. */
  control: Control<TArticleFormInput, unknown, TArticleFormOutput>;
  /** The categories to choose from; undefined while they load. */
  categories: readonly TCategoryChoice[] | undefined;
  isDisabled: boolean;
};

/** Title, category, status, excerpt, content and tags: the fields of both article dialogs. */
export function ArticleFormFields({ control, categories, isDisabled }: TProps) {
  return (
    <>
      <FormTextField
        control={control}
        name="title"
        label="Title *"
        placeholder="How to connect to the VPN"
        disabled={isDisabled}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          control={control}
          name="categoryId"
          label="Category *"
          options={(categories ?? []).map((category) => ({ value: category.id, label: category.name }))}
          placeholder={categories === undefined ? 'Loading...' : 'Choose a category'}
          isDisabled={isDisabled || categories === undefined}
        />
        <FormSelectField
          control={control}
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          isDisabled={isDisabled}
        />
      </div>
      <FormTextareaField
        control={control}
        name="excerpt"
        label="Excerpt"
        rows={2}
        className="min-h-16"
        placeholder="One or two sentences shown in lists and search results"
        disabled={isDisabled}
      />
      <FormField
        control={control}
        name="content"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Content *</FormLabel>
            <FormControl>
              <MarkdownEditor
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                textareaRef={field.ref}
                disabled={isDisabled}
                placeholder="The article in Markdown. Line breaks are kept; paste or drop images."
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
            <FormLabel>Tags</FormLabel>
            <FormControl>
              <TagsInput
                ref={field.ref}
                name={field.name}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={isDisabled}
                placeholder="Type a tag and press Enter or a comma"
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
