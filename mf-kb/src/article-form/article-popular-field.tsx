import { Checkbox } from '@helpdesk/shared-ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@helpdesk/shared-ui/form';
import type { Control } from 'react-hook-form';
import type { TArticleFormInput, TArticleFormOutput } from './article-form.ts';
import { useArticleFormT } from './messages.ts';

type TProps = {
  control: Control<TArticleFormInput, unknown, TArticleFormOutput>;
  isDisabled: boolean;
};

/** "Show as popular": an editor's pick for the Popular Articles list, besides the most read ones. */
export function ArticlePopularField({ control, isDisabled }: TProps) {
  const t = useArticleFormT();
  return (
    <FormField
      control={control}
      name="isPopular"
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-3">
          <FormControl>
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={isDisabled}
              data-testid="article-popular-checkbox"
            />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel>{t('articleForm.popular')}</FormLabel>
            <FormDescription>{t('articleForm.popularDescription')}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}
