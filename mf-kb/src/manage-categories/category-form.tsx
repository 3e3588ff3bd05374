import '../zod-config.ts';
import {
  DEFAULT_KB_CATEGORY_ICON,
  KB_CATEGORY_ICONS,
  KB_CATEGORY_LIMITS,
  type TKbCategoryIcon,
  type TKbManagedCategory,
  ZCreateKbCategoryRequest,
} from '@helpdesk/contracts';
import {
  ApiRequestError,
  Button,
  cn,
  Input,
  Label,
  Spinner,
  serverMessage,
  Textarea,
} from '@helpdesk/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import { CATEGORY_ICONS } from '../kb/category-icons.ts';
import { CATEGORY_ICON_MESSAGES, useCategoriesT } from './messages.ts';

export type TCategoryFormValues = { name: string; description: string; icon: TKbCategoryIcon };

type TFieldErrors = Partial<Record<keyof TCategoryFormValues | 'form', string>>;

type TProps = {
  /** The category to edit; absent, the form creates one. */
  category?: TKbManagedCategory;
  isPending: boolean;
  onSave: (values: TCategoryFormValues, onError: (error: unknown) => void) => void;
  onCancel: () => void;
};

const isIcon = (icon: string): icon is TKbCategoryIcon =>
  (KB_CATEGORY_ICONS as readonly string[]).includes(icon);

function errorsOf(error: unknown, tryLater: string): TFieldErrors {
  const fields = error instanceof ApiRequestError ? error.fields : {};
  const errors: TFieldErrors = {};
  for (const key of ['name', 'description', 'icon'] as const) if (fields[key]) errors[key] = fields[key];
  if (Object.keys(errors).length === 0) errors.form = serverMessage(error) ?? tryLater;
  return errors;
}

/** Name, description and an icon from the allowed set (a grid of radios, arrow keys move between them). */
export function CategoryForm({ category, isPending, onSave, onCancel }: TProps) {
  const t = useCategoriesT();
  const id = useId();
  const [values, setValues] = useState<TCategoryFormValues>({
    name: category?.name ?? '',
    description: category?.description ?? '',
    icon: category && isIcon(category.icon) ? category.icon : DEFAULT_KB_CATEGORY_ICON,
  });
  const [errors, setErrors] = useState<TFieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateKbCategoryRequest.safeParse(values);
    if (!parsed.success) {
      const next: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'name' || key === 'description' || key === 'icon') && !next[key])
          next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSave(values, (error) => setErrors(errorsOf(error, t('categories.tryLater'))));
  }

  const change = (patch: Partial<TCategoryFormValues>) => setValues((current) => ({ ...current, ...patch }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="category-form">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>{t('categories.name')}</Label>
        <Input
          id={`${id}-name`}
          value={values.name}
          onChange={(event) => change({ name: event.target.value })}
          maxLength={KB_CATEGORY_LIMITS.nameMax}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          disabled={isPending}
          autoFocus
          placeholder={t('categories.namePlaceholder')}
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="text-sm text-destructive">
            {errors.name}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>{t('categories.description')}</Label>
        <Textarea
          id={`${id}-description`}
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
          maxLength={KB_CATEGORY_LIMITS.descriptionMax}
          rows={2}
          className="min-h-16"
          aria-invalid={errors.description ? true : undefined}
          disabled={isPending}
          placeholder={t('categories.descriptionPlaceholder')}
        />
        {errors.description && <p className="text-sm text-destructive">{errors.description}</p>}
      </div>
      <fieldset className="grid gap-2" disabled={isPending}>
        <legend className="mb-2 text-sm font-medium">{t('categories.icon')}</legend>
        <div className="grid grid-cols-6 gap-2 sm:grid-cols-11" data-testid="category-icon-grid">
          {KB_CATEGORY_ICONS.map((icon) => {
            const Icon = CATEGORY_ICONS[icon];
            const label = t(CATEGORY_ICON_MESSAGES[icon]);
            return (
              <label
                key={icon}
                title={label}
                className={cn(
                  'flex aspect-square cursor-pointer items-center justify-center rounded-md border text-muted-foreground hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  values.icon === icon && 'border-primary bg-primary/10 text-primary',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-icon`}
                  value={icon}
                  checked={values.icon === icon}
                  onChange={() => change({ icon })}
                  className="sr-only"
                  aria-label={label}
                />
                <Icon className="size-5" aria-hidden />
              </label>
            );
          })}
        </div>
        {errors.icon && <p className="text-sm text-destructive">{errors.icon}</p>}
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
          {t('categories.back')}
        </Button>
        <Button type="submit" disabled={isPending} data-testid="category-save">
          {isPending && <Spinner aria-hidden />}
          {category ? t('categories.save') : t('categories.create')}
        </Button>
      </div>
    </form>
  );
}
