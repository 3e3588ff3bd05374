import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Focuses a field once the form is editable again. Inputs are disabled while a request runs, and a
 * disabled input cannot take focus, so the field a refusal names is focused after the re-render.
 */
export function useFocusWhenIdle<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  isPending: boolean,
): (name: FieldPath<TValues>) => void {
  const [field, setField] = useState<FieldPath<TValues> | null>(null);
  useEffect(() => {
    if (isPending || field === null) return;
    form.setFocus(field);
    setField(null);
  }, [isPending, field, form]);
  return setField;
}
