import type { TShellMessageId } from './shell-catalog.ts';

/** English screen texts (what a server message is shown as) mapped to the shell's catalogue ids. */
export type TKnownTexts = Readonly<Record<string, TShellMessageId>>;

/**
 * The catalogue id of `text` if the screens know it, else null: the API answers in English, and the texts a
 * screen makes of its messages are stable (docs/product.md#error-messages), so they key the translation.
 * A text nobody listed (a limit the server worded itself) is shown as written.
 */
export function knownTextId(known: TKnownTexts, text: string): TShellMessageId | null {
  return Object.hasOwn(known, text) ? (known[text] ?? null) : null;
}
