import type { TAuthMessageId } from '../auth/messages.ts';

/** English screen texts (what a server message is shown as) mapped to the shell's catalogue ids. */
export type TKnownTexts = Readonly<Record<string, TAuthMessageId>>;

/**
 * The catalogue id of `text` if the screens know it, else null: the API answers in English, and the texts a
 * screen makes of its messages are stable (docs/product.md#error-messages), so they key the translation.
 * A text nobody listed (a limit the server worded itself) is shown as written.
 */
export function knownTextId(known: TKnownTexts, text: string): TAuthMessageId | null {
  return Object.hasOwn(known, text) ? (known[text] ?? null) : null;
}
