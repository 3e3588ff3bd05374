import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** Calls `clear` whenever the user edits any field of the form (spec: the failure message clears). */
export function useClearOnEdit<T extends FieldValues>(form: UseFormReturn<T>, clear: () => void) {
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') clear();
    });
    return () => subscription.unsubscribe();
  }, [form, clear]);
}
