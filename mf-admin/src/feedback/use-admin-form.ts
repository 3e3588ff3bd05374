import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { withMessageText } from './form-messages.ts';
import { useShowFormFailure } from './use-show-form-failure.ts';

/**
 * A react-hook-form form that behaves the way every admin form does: checked against its schema on
 * submit, a field's message cleared as soon as that field is edited, and `showFailure` for what the
 * API refuses (see useShowFormFailure). `messageText` puts the schema's messages in the reader's
 * language (see ownMessageText).
 */
export function useAdminForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  isPending: boolean,
  messageText?: (message: string) => string,
) {
  const resolver = zodResolver(schema);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: messageText ? withMessageText(resolver, messageText) : resolver,
    defaultValues,
    // Errors come back only on the next submit: editing a field just clears its message.
    reValidateMode: 'onSubmit',
  });
  const showFailure = useShowFormFailure(form, isPending);

  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return { form, showFailure };
}
