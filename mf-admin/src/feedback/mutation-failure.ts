import { ApiRequestError, serverMessage, type TToastInput } from '@helpdesk/shared-ui';

/**
 * What a refused form submission shows: the server's field messages under the fields they name,
 * otherwise a destructive toast. An ended session never gets here: handleSessionEnded takes it first.
 */
export type TFormFailure<TField extends string> =
  | { kind: 'fields'; fields: [TField, string][] }
  | { kind: 'toast'; toast: TToastInput };

/** A destructive toast with the server's own message, or `fallback` when it sent none. */
export function failureToast(title: string, error: unknown, fallback = 'Please try again.'): TToastInput {
  return { title, description: serverMessage(error) ?? fallback, variant: 'destructive' };
}

/**
 * Sorts a refused submission: field messages the form can show (from the server's `fields`, or a
 * message this form pins to one field), else a toast titled `title`.
 */
export function formFailure<TField extends string>(
  error: unknown,
  options: {
    fieldNames: readonly TField[];
    title: string;
    /** Server messages that belong under a field, e.g. 'Username already exists' under username. */
    messageFields?: readonly { message: string; field: TField; text?: string }[];
    /** The toast's text when the server sent no message: "Please try again." in the reader's language. */
    fallback?: string;
  },
): TFormFailure<TField> {
  const message = serverMessage(error);
  const pinned = options.messageFields?.find((m) => message?.includes(m.message));
  if (pinned) return { kind: 'fields', fields: [[pinned.field, pinned.text ?? pinned.message]] };
  const fieldErrors = error instanceof ApiRequestError ? error.fields : {};
  const names: readonly string[] = options.fieldNames;
  const fields = Object.entries(fieldErrors).filter((entry): entry is [TField, string] =>
    names.includes(entry[0]),
  );
  if (fields.length > 0) return { kind: 'fields', fields };
  return { kind: 'toast', toast: failureToast(options.title, error, options.fallback) };
}
