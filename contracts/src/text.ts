/**
 * One-line text a person reads as a name or title: no control characters (C0, C1), no Unicode
 * format characters (category Cf: zero-width spaces and joiners, bidirectional overrides and
 * isolates such as U+202E, the byte order mark) and no line or paragraph separators. Those hide or
 * reorder what a reader sees, so a title could show one text and hold another
 * (docs/security.md#input-validation). The two joiners (U+200C, U+200D) are the exception between
 * two visible characters, where Persian and Indic names and emoji sequences (👩‍💻) need them;
 * alone, at an edge or beside a space they are refused. Written without look-around, so the
 * generators that read the OpenAPI patterns can use it. Multi-line text (descriptions, comments)
 * is not held to this.
 */
export const VISIBLE_LINE =
  /^(?:[^\p{Cc}\p{Cf}\u2028\u2029]|[^\s\p{Cc}\p{Cf}](?:[\u200C\u200D][^\s\p{Cc}\p{Cf}])+)*$/u;

/** The field message when VISIBLE_LINE refuses a value: `${label} must not contain ...`. */
export const invisibleCharactersMessage = (label: string) =>
  `${label} must not contain invisible or control characters`;
