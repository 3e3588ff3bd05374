import type { TTranslate } from '@helpdesk/shared-ui/i18n';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's own check messages in the reader's language: its schema says them in English (the catalogue's
 * English, so tests and the API agree), the form shows `t`'s text for each; any other message (the
 * contracts', the server's) passes as it is.
 */
export function ownMessageText<TKey extends string>(
  ids: readonly TKey[],
  english: TTranslate<TKey>,
  t: TTranslate<TKey>,
): (message: string) => string {
  return (message) => {
    const id = ids.find((candidate) => english(candidate) === message);
    return id ? t(id) : message;
  };
}

/** `resolver` with every field message passed through `text`. */
export function withMessageText<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  text: (message: string) => string,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    // A success has no errors to change.
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: messagesThrough(result.errors, text) };
  };
}

// Walks the error tree only: plain objects and arrays; `ref` is the input element itself.
function messagesThrough<T>(errors: T, text: (message: string) => string): T {
  if (Array.isArray(errors)) return errors.map((error) => messagesThrough(error, text)) as T;
  if (errors === null || typeof errors !== 'object') return errors;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') out[key] = value;
    else if (key === 'message' && typeof value === 'string') out[key] = text(value);
    else out[key] = messagesThrough(value, text);
  }
  return out as T;
}
