// Zod-free: the shell's start-up path reads these without loading zod (see constants/index.ts).

// The API words some texts from templates with `{name}` placeholders (NOTIFICATION_MESSAGES,
// MAILBOX_CONNECTION_MESSAGES): the same templates are ICU messages in shared-ui's server messages, so a
// screen finds the text by its English and reads its values back (docs/architecture.md#languages).

const PLACEHOLDER = /\{(\w+)\}/;

/**
 * `template` cut at its placeholders, each replaced by its value: text pieces (empty ones left out) and
 * values, so a value may be something other than text (the ticket number a statement inserts).
 */
export function serverTextParts<T>(
  template: string,
  values: Readonly<Record<string, string | T>>,
): (string | T)[] {
  // split with a capture group: the names are at the odd indexes.
  return template.split(PLACEHOLDER).flatMap((piece, index) => {
    if (index % 2 === 0) return piece === '' ? [] : [piece];
    if (!Object.hasOwn(values, piece)) throw new Error(`server text: no value for {${piece}}`);
    return [values[piece] as string | T];
  });
}

/** `template` with its placeholders replaced by `values`: the English the API stores or answers. */
export function fillServerText(template: string, values: Readonly<Record<string, string>> = {}) {
  return serverTextParts<string>(template, values).join('');
}
