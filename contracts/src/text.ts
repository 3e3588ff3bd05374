/**
 * One-line text a person reads as a name or title: no control characters (C0, C1), no Unicode
 * format characters (category Cf: zero-width spaces and joiners, bidirectional overrides and
 * isolates such as U+202E, the byte order mark) and no line or paragraph separators. Those hide or
 * reorder what a reader sees, so a title could show one text and hold another
 * (docs/security.md#input-validation). Multi-line text (descriptions, comments) is not held to this.
 */
export const VISIBLE_LINE = /^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u;

/** The field message when VISIBLE_LINE refuses a value: `${label} must not contain ...`. */
export const invisibleCharactersMessage = (label: string) =>
  `${label} must not contain invisible or control characters`;
