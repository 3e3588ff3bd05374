import { toast } from '@helpdesk/shared-ui';
import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { TFormFailure } from './mutation-failure.ts';

/**
 * Shows a refused submission the one way every admin form does (after handleSessionEnded has
 * taken an ended session): field messages go under their fields and the first of them takes
 * focus, anything else is a toast.
 * Inputs are disabled while a request runs, and a disabled input cannot take focus, so the focus
 * waits for the re-render that enables the form again.
 */
export function useShowFormFailure<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  isPending: boolean,
): (failure: TFormFailure<FieldPath<TValues>>) => void {
  const [field, setField] = useState<FieldPath<TValues> | null>(null);
  useEffect(() => {
    if (isPending || field === null) return;
    form.setFocus(field);
    setField(null);
  }, [isPending, field, form]);
  return (failure) => {
    if (failure.kind === 'fields') {
      for (const [name, message] of failure.fields) form.setError(name, { type: 'server', message });
      const [first] = failure.fields;
      if (first) setField(first[0]);
    } else toast(failure.toast);
  };
}
