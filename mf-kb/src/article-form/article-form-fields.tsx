import { ARTICLE_STATUSES } from '@helpdesk/contracts';
import { Input, Textarea } from '@helpdesk/shared-ui';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@helpdesk/shared-ui/select';
import type { Control } from 'react-hook-form';
import { ARTICLE_STATUS_LABELS } from '../kb/article-labels.ts';
import {
  firstTagError,
  type TArticleFormInput,
  type TArticleFormOutput,
  type TCategoryChoice,
} from './article-form.ts';
import { TagsInput } from './tags-input.tsx';

type TProps = {
  /**
   * Passed in rather than read with useFormContext: react-hook-form is not a Module Federation
   * singleton, so this remote's copy cannot see the context shared-ui's <Form> provides.
   */
  control: Control<TArticleFormInput, unknown, TArticleFormOutput>;
  /** The categories to choose from; undefined while they load. */
  categories: readonly TCategoryChoice[] | undefined;
  isDisabled: boolean;
};

/** Title, category, status, excerpt, content and tags: the fields of both article dialogs. */
export function ArticleFormFields({ control, categories, isDisabled }: TProps) {
  return (
    <>
      <FormField
        control={control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Title *</FormLabel>
            <FormControl>
              <Input {...field} placeholder="How to connect to the VPN" disabled={isDisabled} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={control}
          name="categoryId"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Category *</FormLabel>
              <Select
                value={field.value || undefined}
                onValueChange={field.onChange}
                disabled={isDisabled || categories === undefined}
              >
                <FormControl>
                  <SelectTrigger className="w-full" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue
                      placeholder={categories === undefined ? 'Loading...' : 'Choose a category'}
                    />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {(categories ?? []).map((category) => (
                    <SelectItem key={category.id} value={category.id}>
                      {category.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="status"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Status</FormLabel>
              <Select value={field.value} onValueChange={field.onChange} disabled={isDisabled}>
                <FormControl>
                  <SelectTrigger className="w-full" ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {ARTICLE_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {ARTICLE_STATUS_LABELS[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name="excerpt"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Excerpt</FormLabel>
            <FormControl>
              <Textarea
                {...field}
                value={field.value ?? ''}
                rows={2}
                className="min-h-16"
                placeholder="One or two sentences shown in lists and search results"
                disabled={isDisabled}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="content"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Content *</FormLabel>
            <FormControl>
              <Textarea
                {...field}
                rows={10}
                className="max-h-96 min-h-40"
                placeholder="The article. Line breaks are kept as you type them."
                disabled={isDisabled}
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
